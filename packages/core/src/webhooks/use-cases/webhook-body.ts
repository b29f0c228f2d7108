import type { WebhookEventType } from '../webhook.js';

/**
 * A message's body, the Standard Webhooks way: the event type, when it happened, and the
 * resource as the REST API shows it. Its id travels in the `webhook-id` header.
 */
export function webhookBody(
  type: WebhookEventType,
  at: Date,
  data: Readonly<Record<string, unknown>>,
): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}
