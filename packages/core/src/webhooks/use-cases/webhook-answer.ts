import { z } from 'zod';
import type { RecordedAttempt } from '../ports/webhook-store.js';
import { WEBHOOK_EVENT_TYPES, type WebhookSubscription } from '../webhook.js';

/** A webhook subscription as REST shows it: never its secret. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string().nullable(),
  accountIds: z
    .array(z.string())
    .nullable()
    .describe('The connected accounts whose events it receives; null: every account.'),
  enabled: z.boolean(),
  disabledReason: z
    .string()
    .nullable()
    .describe('Why the service disabled it (an endpoint failing for three days); null otherwise.'),
  disabledAt: z.string().nullable(),
  failingSince: z
    .string()
    .nullable()
    .describe('The first failure of the current run of failed deliveries; null while deliveries succeed.'),
  secretRotatedUntil: z
    .string()
    .nullable()
    .describe('Until when the previous secret still signs alongside the new one, after a rotation.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A subscription as JSON. */
export type WebhookJson = z.infer<typeof webhookSchema>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** Presents a subscription, leaving its secrets out. */
export function webhookJson(subscription: WebhookSubscription): WebhookJson {
  return {
    id: subscription.id,
    url: subscription.url,
    events: [...subscription.events],
    description: subscription.description,
    accountIds: subscription.accountIds === null ? null : [...subscription.accountIds],
    enabled: subscription.enabled,
    disabledReason: subscription.disabledReason,
    disabledAt: iso(subscription.disabledAt),
    failingSince: iso(subscription.failingSince),
    secretRotatedUntil:
      subscription.previousSealedSecret === null ? null : iso(subscription.previousSecretUntil),
    createdAt: subscription.createdAt.toISOString(),
    updatedAt: subscription.updatedAt.toISOString(),
  };
}

/** One delivery attempt as REST lists it. */
export const webhookAttemptSchema = z.object({
  id: z.string(),
  deliveryId: z.string().describe('Redeliver with POST /webhooks/{id}/deliveries/{deliveryId}/redeliver.'),
  messageId: z.string().describe('The `webhook-id` the receiver saw: the same on every retry.'),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  attempt: z.number().int().describe('Its number within its round of retries, from 1.'),
  startedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  outcome: z.enum(['delivered', 'failed']),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable().describe('The start of the answer, at most 1,024 characters.'),
});

/** An attempt as JSON. */
export type WebhookAttemptJson = z.infer<typeof webhookAttemptSchema>;

/** Presents a recorded attempt. */
export function webhookAttemptJson(attempt: RecordedAttempt): WebhookAttemptJson {
  return {
    id: attempt.id,
    deliveryId: attempt.deliveryId,
    messageId: attempt.messageId,
    event: attempt.eventType,
    attempt: attempt.attemptNumber,
    startedAt: attempt.startedAt.toISOString(),
    durationMs: Math.round(attempt.durationMs),
    statusCode: attempt.statusCode,
    outcome: attempt.outcome,
    error: attempt.error,
    responseExcerpt: attempt.responseExcerpt,
  };
}
