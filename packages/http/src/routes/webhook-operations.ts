// The REST operations of one resource, outgoing webhooks: it stays whole because every operation
// shares its field schemas and examples, and a further split would only scatter them.

import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  LIMIT_PHRASES,
  listWebhookAttempts,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
  WEBHOOK_EVENT_TYPES,
  WEBHOOKS_PER_OWNER,
  webhookAttemptSchema,
  webhookSchema,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { listAnswer } from '../list-answer.js';
import { type AnyOperation, defined, defineOperation } from '../operation.js';
import { removedAnswer } from '../removed-answer.js';
import { useCaseOperation } from '../use-case-operation.js';

const WEBHOOK_ID = 'whk_01JDQ3Z5T2X8K9M4N6P7R0S1V2';
const DELIVERY_ID = 'dlv_01JDQ40A7B8C9D0E1F2G3H4J5K';
const MESSAGE_ID = 'msg_01JDQ40A6Z7Y8X9W0V1T2S3R4Q';
// The base64 of `example-secret-of-32-bytes-long!`: the shape of a secret, obviously not one.
const SECRET_EXAMPLE = 'whsec_ZXhhbXBsZS1zZWNyZXQtb2YtMzItYnl0ZXMtbG9uZyE=';

const WEBHOOK_EXAMPLE = {
  id: WEBHOOK_ID,
  url: 'https://hooks.example.com/svc',
  events: ['post.published', 'post.failed'],
  description: 'Tell the team channel',
  accountIds: null,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  secretRotatedUntil: null,
  createdAt: '2031-12-01T09:00:00.000Z',
  updatedAt: '2031-12-01T09:00:00.000Z',
};

/** A subscription with its signing secret: the answer of a creation and of a rotation. */
export const webhookWithSecretSchema = z.object({
  webhook: webhookSchema,
  secret: z
    .string()
    .describe(
      'The signing secret (`whsec_…`), shown this once: no other answer contains it. Verify deliveries with it (Standard Webhooks).',
    ),
});

/** One page of a subscription's delivery attempts. */
const webhookAttemptPageSchema = z.object({
  attempts: z.array(webhookAttemptSchema),
  nextCursor: z.string().nullable(),
});

const urlField = z
  .string()
  .min(1)
  .max(2000)
  .describe('Where events are POSTed: an https URL on a public address, without a user name or password.');
const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .describe('The events it receives (a repeated one counts once).');
const descriptionField = z.string().max(500).nullish().describe('A note for people: what it is for.');
const accountIdsField = z
  .array(z.string().min(1).max(200))
  .max(100)
  .nullish()
  .describe(
    "The connected accounts whose events it receives, within the key's accounts; omit or null for every account (a key limited to some accounts: those).",
  );

const createSchema = z.strictObject({
  url: urlField,
  events: eventsField,
  description: descriptionField,
  accountIds: accountIdsField,
});

const changesSchema = z
  .strictObject({
    url: urlField.optional(),
    events: eventsField.optional(),
    description: descriptionField,
    accountIds: accountIdsField,
    enabled: z
      .boolean()
      .optional()
      .describe(
        `false pauses it; true turns it back on, also when the service disabled it after ${LIMIT_PHRASES.webhookDisableAfter} of failed deliveries (the reason and the failure run are cleared).`,
      ),
  })
  // Not `minProperties` in the document: json-schema-faker (the Prism check's generator) cannot
  // fill that beside `additionalProperties: false`. An empty body is answered validation_failed.
  .refine((changes) => Object.keys(changes).length > 0, { message: 'Send at least one field to change.' });

const attemptsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe('Attempts per page, 1 to 100 (default 20).'),
  // The stores hand out attempt serials; anything else would be a caller's fault they throw on.
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'Not a cursor this list handed out.')
    .optional()
    .describe('The nextCursor of the previous page.'),
});

/**
 * Outgoing webhooks over REST (issue 21): subscriptions with their signing secrets, a test ping,
 * the recent delivery attempts and redelivery. The same core use cases as every other surface.
 */
export function webhookOperations(deps: HttpDeps): AnyOperation[] {
  // What the use cases read: the core ports, and the sender's URL check (sending is the worker's).
  const webhookDeps = { ...deps.core, webhookSender: deps.webhookSender };
  return [
    defineOperation({
      id: 'createWebhook',
      method: 'POST',
      path: '/api/v1/webhooks',
      tag: 'Webhooks',
      summary: 'Subscribe an endpoint to events',
      description: `The answer holds the signing secret (\`whsec_…\`) this once: store it, it is never shown again (rotate it to get a new one). At most ${WEBHOOKS_PER_OWNER} webhooks per user.`,
      access: { scope: 'webhook:write', action: 'webhook:manage' },
      body: {
        kind: 'json',
        schema: createSchema,
        example: {
          url: 'https://hooks.example.com/svc',
          events: ['post.published', 'post.failed'],
          description: 'Tell the team channel',
        },
      },
      responses: {
        201: {
          description: 'The webhook, and its signing secret shown this once.',
          schema: webhookWithSecretSchema,
          example: { webhook: WEBHOOK_EXAMPLE, secret: SECRET_EXAMPLE },
        },
      },
      errors: [
        'validation_failed',
        'invalid_webhook_url',
        'profile_scope_denied',
        'invalid_profile_ids',
        'webhook_limit_reached',
      ],
    })(async ({ ctx, body }) => ({
      status: 201,
      body: await unwrap(createWebhook(webhookDeps, actorOf(ctx), defined(body))),
    })),
    useCaseOperation({
      id: 'listWebhooks',
      method: 'GET',
      path: '/api/v1/webhooks',
      tag: 'Webhooks',
      summary: 'List webhooks, newest first',
      description:
        'A key limited to some accounts sees only the webhooks limited to those accounts too. Secrets are never listed.',
      scope: 'webhook:read',
      action: 'webhook:manage',
      answer: listAnswer('webhooks', webhookSchema, 'Every webhook the key may see.', WEBHOOK_EXAMPLE),
      errors: [],
    })(webhookDeps, listWebhooks, (webhooks) => ({ webhooks })),
    useCaseOperation({
      id: 'getWebhook',
      method: 'GET',
      path: '/api/v1/webhooks/{id}',
      tag: 'Webhooks',
      summary: 'Read a webhook',
      scope: 'webhook:read',
      action: 'webhook:manage',
      answer: {
        description: 'The webhook, without its secret.',
        schema: webhookSchema,
        example: WEBHOOK_EXAMPLE,
      },
      errors: ['webhook_not_found'],
    })(webhookDeps, getWebhook),
    defineOperation({
      id: 'updateWebhook',
      method: 'PATCH',
      path: '/api/v1/webhooks/{id}',
      tag: 'Webhooks',
      summary: 'Change a webhook, pause it or turn it back on',
      description: `Replaces the fields sent (at least one). \`enabled: true\` re-enables an endpoint the service disabled after ${LIMIT_PHRASES.webhookDisableAfter} of failed deliveries.`,
      access: { scope: 'webhook:write', action: 'webhook:manage' },
      body: { kind: 'json', schema: changesSchema, example: { events: ['post.published'], enabled: true } },
      responses: {
        200: { description: 'The webhook as it is now.', schema: webhookSchema, example: WEBHOOK_EXAMPLE },
      },
      errors: [
        'webhook_not_found',
        'validation_failed',
        'invalid_webhook_url',
        'profile_scope_denied',
        'invalid_profile_ids',
      ],
    })(async ({ ctx, params, body }) => ({
      status: 200,
      body: await unwrap(updateWebhook(webhookDeps, actorOf(ctx), params.id ?? '', defined(body))),
    })),
    useCaseOperation({
      id: 'deleteWebhook',
      method: 'DELETE',
      path: '/api/v1/webhooks/{id}',
      tag: 'Webhooks',
      summary: 'Delete a webhook',
      description: 'Its pending deliveries are dropped and its delivery history goes with it.',
      scope: 'webhook:write',
      action: 'webhook:manage',
      answer: removedAnswer('deleted', 'The webhook is gone.', WEBHOOK_ID),
      errors: ['webhook_not_found'],
    })(webhookDeps, deleteWebhook, ({ id }) => ({ id, deleted: true as const })),
    useCaseOperation({
      id: 'rotateWebhookSecret',
      method: 'POST',
      path: '/api/v1/webhooks/{id}/rotate-secret',
      tag: 'Webhooks',
      summary: "Replace a webhook's signing secret",
      description: `The new secret is shown this once. For ${LIMIT_PHRASES.webhookSecretOverlap} the old one keeps signing alongside it (two signatures in \`webhook-signature\`), so the receiver can switch without missing a delivery; \`secretRotatedUntil\` says until when.`,
      scope: 'webhook:write',
      action: 'webhook:manage',
      answer: {
        description: 'The webhook, and its new signing secret shown this once.',
        schema: webhookWithSecretSchema,
        example: {
          webhook: {
            ...WEBHOOK_EXAMPLE,
            secretRotatedUntil: '2031-12-03T10:00:00.000Z',
            updatedAt: '2031-12-02T10:00:00.000Z',
          },
          secret: SECRET_EXAMPLE,
        },
      },
      errors: ['webhook_not_found'],
    })(webhookDeps, rotateWebhookSecret),
    useCaseOperation({
      id: 'testWebhook',
      method: 'POST',
      path: '/api/v1/webhooks/{id}/test',
      tag: 'Webhooks',
      summary: 'Send a test event (`ping`)',
      description:
        'Queues a signed `ping` to the endpoint, even a disabled one; follow it in the deliveries list.',
      scope: 'webhook:write',
      action: 'webhook:manage',
      answer: {
        description: 'The ping is queued.',
        schema: z.object({
          messageId: z.string().describe('Its `webhook-id`.'),
          deliveryId: z.string(),
        }),
        example: { messageId: MESSAGE_ID, deliveryId: DELIVERY_ID },
      },
      status: 202,
      errors: ['webhook_not_found'],
    })(webhookDeps, sendTestWebhook),
    defineOperation({
      id: 'listWebhookDeliveries',
      method: 'GET',
      path: '/api/v1/webhooks/{id}/deliveries',
      tag: 'Webhooks',
      summary: "A webhook's recent delivery attempts, newest first",
      description:
        'Each attempt with its event, the status code answered, the outcome, how long it took, the start of the answer and the error; retries and redeliveries are attempts of their own.',
      access: { scope: 'webhook:read', action: 'webhook:manage' },
      query: attemptsQuery,
      responses: {
        200: {
          description: 'A page of attempts.',
          schema: webhookAttemptPageSchema,
          example: {
            attempts: [
              {
                id: '42',
                deliveryId: DELIVERY_ID,
                messageId: MESSAGE_ID,
                event: 'post.published',
                attempt: 1,
                startedAt: '2031-12-01T09:30:01.000Z',
                durationMs: 182,
                statusCode: 200,
                outcome: 'delivered',
                error: null,
                responseExcerpt: 'ok',
              },
            ],
            nextCursor: null,
          },
        },
      },
      errors: ['webhook_not_found'],
    })(async ({ ctx, params, query }) => ({
      status: 200,
      body: await unwrap(
        listWebhookAttempts(webhookDeps, actorOf(ctx), params.id ?? '', {
          limit: query.limit ?? 20,
          cursor: query.cursor ?? null,
        }),
      ),
    })),
    defineOperation({
      id: 'redeliverWebhook',
      method: 'POST',
      path: '/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      tag: 'Webhooks',
      summary: 'Send a delivery again',
      description:
        'Whatever became of it (delivered, failed, pending), it is sent again now with the same `webhook-id`, in a new round of retries.',
      access: { scope: 'webhook:write', action: 'webhook:manage' },
      responses: {
        202: {
          description: 'The delivery is queued again.',
          schema: z.object({ deliveryId: z.string(), status: z.literal('pending') }),
          example: { deliveryId: DELIVERY_ID, status: 'pending' },
        },
      },
      errors: ['webhook_not_found', 'webhook_delivery_not_found'],
    })(async ({ ctx, params }) => ({
      status: 202,
      body: await unwrap(
        redeliverWebhook(webhookDeps, actorOf(ctx), params.id ?? '', params.deliveryId ?? ''),
      ),
    })),
  ];
}
