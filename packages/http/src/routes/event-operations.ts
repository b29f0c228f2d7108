// GET /api/v1/events (issue 36, "Audit"): the workspace's journal, newest first, each event with
// who caused it. Which events a key sees (its workspace's, its accounts') is core's `recentActivity`.

import {
  type ActivityEntry,
  DOMAIN_EVENT_TYPES,
  EVENT_ACTOR_KINDS,
  RECENT_ACTIVITY_MAX,
  RECENT_ACTIVITY_SHOWN,
  recentActivity,
} from '@svc/core';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import type { AnyOperation } from '../operation.js';
import { useCaseOperation } from '../use-case-operation.js';

const actorSchema = z
  .object({
    kind: z.enum(EVENT_ACTOR_KINDS),
    id: z
      .string()
      .describe('The user, key, OAuth client or review link id; `operator` or `system` for those.'),
    label: z.string().describe('A name to show, as it was when the event was recorded.'),
  })
  .nullable()
  .describe(
    'Who caused it: a member (console), an API key, an agent (OAuth), a client through a review link, the operator (CLI) or the service itself (publisher, sweeps). Null for events recorded before the journal kept actors.',
  );

/** One event of the workspace's journal as the API shows it. */
export const eventSchema = z.object({
  type: z.enum(DOMAIN_EVENT_TYPES),
  at: z.string().describe('When it happened.'),
  subjectId: z.string().describe('The post, account, media asset, automation or review link it is about.'),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  actor: actorSchema,
  post: z
    .object({ captionPreview: z.string(), deleted: z.boolean() })
    .nullable()
    .describe('The post a post event is about, while it is stored.'),
});

const listSchema = z.object({ events: z.array(eventSchema) });

const querySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(RECENT_ACTIVITY_MAX)
    .default(RECENT_ACTIVITY_SHOWN)
    .describe(`How many, newest first (1 to ${RECENT_ACTIVITY_MAX}).`),
});

const eventJson = ({ event, post }: ActivityEntry): z.input<typeof eventSchema> => ({
  type: event.type,
  at: event.at.toISOString(),
  subjectId: event.subjectId,
  data: { ...event.data },
  actor: event.actor === null ? null : { ...event.actor },
  post: post === null ? null : { ...post },
});

/** The journal of the key's workspace over REST (docs/events.md): read by any member (`post:read`). */
export function eventOperations(deps: HttpDeps): AnyOperation[] {
  return [
    useCaseOperation({
      id: 'listEvents',
      method: 'GET',
      path: '/api/v1/events',
      tag: 'Events',
      summary: "The workspace's recent events, newest first, with who caused each",
      description:
        "Only the key's workspace's events; a key limited to some accounts sees those accounts' events and the media library's.",
      scope: 'post:read',
      action: 'post:read',
      query: querySchema,
      answer: {
        description: 'The events, newest first.',
        schema: listSchema,
        example: {
          events: [
            {
              type: 'post.deleted',
              at: '2031-12-01T09:00:00.000Z',
              subjectId: 'post_01JDQ40A7B8C9D0E1F2G3H4J5K',
              data: { platform: 'threads', profileId: 'acct_01JDQ40A6Z7Y8X9W0V1T2S3R4Q' },
              actor: { kind: 'member', id: 'user_01JDQ3Z5T2X8K9M4N6P7R0S1V2', label: 'ann@example.com' },
              post: { captionPreview: 'Our spring sale starts…', deleted: true },
            },
          ],
        },
      },
      errors: ['insufficient_scope', 'role_not_allowed'],
    })(
      deps.core,
      (core, actor, _id, query) => recentActivity(core, actor, query.limit),
      (entries) => ({ events: entries.map(eventJson) }),
    ),
  ];
}
