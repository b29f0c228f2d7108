import {
  ANALYTICS_DAYS,
  acceptSlotSuggestions,
  getSlotSuggestions,
  SUGGESTION_DAYS,
  slotSuggestionSchema,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defineOperation } from '../operation.js';

const days = z
  .number()
  .int()
  .min(ANALYTICS_DAYS.min)
  .max(ANALYTICS_DAYS.max)
  .describe(`The window of figures read, in days (default ${SUGGESTION_DAYS}).`);
const timeZone = z
  .string()
  .min(1)
  .max(64)
  .describe("IANA zone to read the figures and write the slots in (default: the account's slots' zone).");

const suggestionQuery = z.object({
  days: z.coerce.number().pipe(days).optional(),
  timeZone: timeZone.optional(),
});
const acceptBody = z.strictObject({ days: days.optional(), timeZone: timeZone.optional() });

const EXAMPLE = {
  profileId: 'acct_01JDQ3Z5T2X8K9M4N6P7R0S1V2',
  platform: 'instagram',
  source: 'analytics',
  timeZone: 'Europe/Paris',
  days: 90,
  samples: 42,
  slots: [
    { day: 'tue', time: '09:00' },
    { day: 'thu', time: '18:00' },
  ],
  cells: [
    { day: 'thu', hour: 18, samples: 6, score: 212.5 },
    { day: 'tue', hour: 9, samples: 4, score: 180 },
  ],
  message:
    'Measured on this account: the 2 weekday hours with the highest engagement per post among 42 posts of the last 90 days (each with at least 3 posts, at most 1 a day), in Europe/Paris.',
} as const;

/** Best-time slot suggestions for an account, and accepting them as its slots (docs/queue.md). */
export function slotSuggestionOperations(deps: HttpDeps): AnyOperation[] {
  return [
    defineOperation({
      id: 'getSlotSuggestions',
      method: 'GET',
      path: '/api/v1/connections/{id}/slots/suggestions',
      tag: 'Queue',
      summary: "Suggested posting slots from the account's best weekday × hour figures",
      description:
        "With too few measured posts, `source` is `platform_defaults`: the platform's commonly cited times, general guidance, not measured. Accept with `PUT /api/v1/connections/{id}/slots` or `POST …/slots/suggestions/accept`.",
      access: { scope: 'account:read', action: 'account:read' },
      query: suggestionQuery,
      responses: { 200: { description: 'The suggestion.', schema: slotSuggestionSchema, example: EXAMPLE } },
      errors: ['validation_failed', 'invalid_profile_ids', 'profile_scope_denied'],
    })(async ({ ctx, params, query }) => {
      const suggestion = await unwrap(
        getSlotSuggestions(deps.core, actorOf(ctx), params.id ?? '', {
          days: query.days ?? null,
          timeZone: query.timeZone ?? null,
        }),
      );
      return { status: 200, body: suggestion };
    }),
    defineOperation({
      id: 'acceptSlotSuggestions',
      method: 'POST',
      path: '/api/v1/connections/{id}/slots/suggestions/accept',
      tag: 'Queue',
      summary: "Make the account's current suggestion its posting slots",
      description:
        'Computes the suggestion as `GET …/slots/suggestions` would and replaces the account’s slots with it in one step (posts already queued keep their times). Answers the suggestion accepted.',
      access: { scope: 'account:write', action: 'account:manage' },
      body: { kind: 'json', schema: acceptBody, optional: true, example: { timeZone: 'Europe/Paris' } },
      responses: {
        200: {
          description: "The suggestion, now the account's slots.",
          schema: slotSuggestionSchema,
          example: EXAMPLE,
        },
      },
      errors: ['validation_failed', 'invalid_profile_ids', 'profile_scope_denied'],
    })(async ({ ctx, params, body }) => {
      const suggestion = await unwrap(
        acceptSlotSuggestions(deps.core, actorOf(ctx), params.id ?? '', {
          days: body?.days ?? null,
          timeZone: body?.timeZone ?? null,
        }),
      );
      return { status: 200, body: suggestion };
    }),
  ];
}
