// @svc/core/webhooks — Outgoing webhooks: subscriptions, the fan-out of journal events, signed deliveries and their retries.
// This file is the area's contract: other areas and packages import only what it exports.
export { freshSubscriptionFields } from './fresh-subscription-fields.js';
export type { FanOutTx } from './ports/fan-out-tx.js';
export type { DeliveryKeys, FinishAttemptTx } from './ports/finish-attempt-tx.js';
export type { SubscriptionPatchTx } from './ports/subscription-patch-tx.js';
export type { WebhookRequest, WebhookResponse, WebhookSender } from './ports/webhook-sender.js';
export type { WebhookSigner } from './ports/webhook-signer.js';
export {
  type AttemptPage,
  type AttemptPageRequest,
  type AttemptResult,
  attemptResult,
  type ClaimedDelivery,
  type DeliveryClaimRequest,
  type FanOutCommit,
  type FanOutCursor,
  type FanOutLeaseRequest,
  type FinishAttemptRequest,
  patchSubscription,
  type RecordedAttempt,
  WEBHOOK_PATCHABLE_FIELDS,
  type WebhookRetentionOutcome,
  type WebhookStore,
  type WebhookSubscriptionPatch,
} from './ports/webhook-store.js';
export { commitFanOutScript } from './use-cases/commit-fan-out-script.js';
export { type DeliverDeps, type DeliveryResult, deliverWebhook } from './use-cases/deliver-webhook.js';
export {
  createFanOut,
  type FanOut,
  type FanOutDeps,
  type FanOutResult,
  type FanOutSaving,
  type FanOutStep,
  fanOutWebhooks,
  WEBHOOK_FAN_OUT_CONSUMER,
} from './use-cases/fan-out-webhooks.js';
export { finishAttemptScript } from './use-cases/finish-attempt-script.js';
export {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOKS_PER_OWNER,
  type WebhookChanges,
  type WebhookInput,
  type WebhookWithSecret,
} from './use-cases/manage-webhooks.js';
export { patchSubscriptionScript } from './use-cases/patch-subscription-script.js';
export {
  sweepWebhookMessages,
  WEBHOOK_RETENTION_BATCH,
  WEBHOOK_RETENTION_MS,
} from './use-cases/sweep-webhook-messages.js';
export {
  type WebhookAttemptJson,
  type WebhookJson,
  webhookAttemptJson,
  webhookAttemptSchema,
  webhookJson,
  webhookSchema,
} from './use-cases/webhook-answer.js';
export { listWebhookAttempts, redeliverWebhook, sendTestWebhook } from './use-cases/webhook-deliveries.js';
export {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RESPONSE_EXCERPT_MAX,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEventType,
  type WebhookMessage,
  type WebhookSubscription,
} from './webhook.js';
export { accountOfEvent, webhookEventOf } from './webhook-event.js';
export {
  type AttemptDecision,
  type AttemptNext,
  type AttemptOutcome,
  decideAfterAttempt,
  jitterOf,
  type SubscriptionHealth,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_MS,
} from './webhook-retry.js';
