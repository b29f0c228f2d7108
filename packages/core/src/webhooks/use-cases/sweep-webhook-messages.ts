import type { CoreDeps } from '../../deps/index.js';
import type { WebhookRetentionOutcome } from '../ports/webhook-store.js';

/**
 * How long a settled webhook message (delivered, or given up) is kept with its deliveries and
 * attempts: long enough to look into a problem and redeliver (docs/webhooks.md), short enough that
 * the history does not grow for ever.
 */
export const WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Messages removed per transaction. */
export const WEBHOOK_RETENTION_BATCH = 500;

/**
 * Removes webhook messages settled longer ago than the retention period, with their deliveries
 * and attempts, batch after batch until none is left (WebhookStore.deleteSettledMessages). A
 * message with a delivery still pending is never removed. Safe on several processes at once.
 */
export async function sweepWebhookMessages(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  batch = WEBHOOK_RETENTION_BATCH,
): Promise<WebhookRetentionOutcome> {
  const before = new Date(deps.clock.now().getTime() - WEBHOOK_RETENTION_MS);
  const total = { messages: 0, deliveries: 0, attempts: 0 };
  // At least one per batch: a batch of none would never end the loop.
  const limit = Math.max(1, Math.floor(batch));
  for (;;) {
    const done = await deps.store.webhooks.deleteSettledMessages(before, limit);
    total.messages += done.messages;
    total.deliveries += done.deliveries;
    total.attempts += done.attempts;
    if (done.messages < limit) return total;
  }
}
