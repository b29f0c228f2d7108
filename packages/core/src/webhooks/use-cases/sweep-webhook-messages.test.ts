import { describe, expect, it } from 'vitest';
import { aUser, aWebhookDelivery, aWebhookMessage, aWebhookSubscription } from '../../testing/builders.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { sweepWebhookMessages, WEBHOOK_RETENTION_MS } from './sweep-webhook-messages.js';

describe('sweepWebhookMessages', () => {
  it('removes messages settled longer ago than the retention period, batch after batch, never a pending one', async () => {
    const t = createTestDeps();
    const owner = aUser();
    const subscription = aWebhookSubscription(owner.id, { createdAt: t.clock.now() });
    await t.store.webhooks.createSubscription(subscription);
    const enqueue = async (status: 'pending' | 'delivered' | 'failed') => {
      const message = aWebhookMessage(owner.id, { createdAt: t.clock.now() });
      const delivery = aWebhookDelivery(subscription, message, {
        status,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
      await t.store.webhooks.enqueue(message, [delivery]);
      return delivery.id;
    };
    const settled = [];
    for (let i = 0; i < 3; i += 1) settled.push(await enqueue('delivered'), await enqueue('failed'));
    const pending = await enqueue('pending');

    t.clock.advance(WEBHOOK_RETENTION_MS);
    expect(await sweepWebhookMessages(t.deps, 4)).toEqual({ messages: 0, deliveries: 0, attempts: 0 });
    t.clock.advance(1);
    expect(await sweepWebhookMessages(t.deps, 4)).toEqual({ messages: 6, deliveries: 6, attempts: 0 });
    for (const id of settled) expect(await t.store.webhooks.getDelivery(owner.id, id)).toBeNull();
    expect(await t.store.webhooks.getDelivery(owner.id, pending)).not.toBeNull();
  });
});
