import { describe, expect, it } from 'vitest';
import type { ClaimedDelivery, WebhookStore, WebhookSubscription } from '../webhooks/index.js';
import { aWebhookMessage } from './builders.js';
import { anOwnerWith, at, claim, enqueueTo, finish } from './webhook-contract-support.js';

/**
 * The retention part of the webhook store contract: settled messages go with their deliveries and
 * attempts, oldest first and a batch at a time; pending or recently changed ones stay.
 * `store()` is the test's fresh store.
 */
export function describeWebhookRetentionContract(store: () => WebhookStore): void {
  describe('retention', () => {
    it('removes settled messages with their deliveries and attempts, and keeps the others', async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 2);
      const [one, two] = subscriptions as [WebhookSubscription, WebhookSubscription];
      const settled = await enqueueTo(store(), [one, two]);
      const [first, second] = (await claim(store(), 1)) as [ClaimedDelivery, ClaimedDelivery];
      expect(
        await finish(store(), first, 'worker-a', { status: 'delivered' }, { outcome: 'delivered' }),
      ).toBe(true);
      expect(await finish(store(), second, 'worker-a', { status: 'failed' })).toBe(true);
      const pending = await enqueueTo(store(), [one], { nextAttemptAt: at(100_000) });
      const redelivered = await enqueueTo(store(), [one], { status: 'delivered', updatedAt: at(5000) });
      const recent = await enqueueTo(
        store(),
        [two],
        { status: 'delivered', createdAt: at(5000), updatedAt: at(5000) },
        { createdAt: at(5000) },
      );
      // A message whose subscriptions were all deleted has no delivery left: settled.
      const orphan = aWebhookMessage(owner.id, { createdAt: at(2) });
      await store().enqueue(orphan, []);

      expect(await store().deleteSettledMessages(at(3000), 100)).toEqual({
        messages: 2,
        deliveries: 2,
        attempts: 2,
      });
      for (const d of settled.deliveries) expect(await store().getDelivery(owner.id, d.id)).toBeNull();
      for (const s of [one, two]) {
        const left = await store().listAttempts(owner.id, s.id, { limit: 10 });
        expect(left.attempts).toEqual([]);
      }
      for (const d of [...pending.deliveries, ...redelivered.deliveries, ...recent.deliveries]) {
        expect(await store().getDelivery(owner.id, d.id)).not.toBeNull();
      }
      expect(await store().pendingCount()).toBe(1);
      expect(await store().deleteSettledMessages(at(3000), 100)).toEqual({
        messages: 0,
        deliveries: 0,
        attempts: 0,
      });
      // Later, the redelivered and recent ones have settled long enough; the pending one never has.
      expect(await store().deleteSettledMessages(at(9000), 100)).toEqual({
        messages: 2,
        deliveries: 2,
        attempts: 0,
      });
      expect(await store().getDelivery(owner.id, pending.deliveries[0]?.id as string)).not.toBeNull();
    });

    it('takes the oldest messages first, a batch at a time', async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 1);
      const made = [];
      for (const second of [30, 10, 20]) {
        made.push(
          await enqueueTo(
            store(),
            subscriptions,
            { status: 'failed', updatedAt: at(second) },
            { createdAt: at(second) },
          ),
        );
      }
      const [late, early, middle] = made.map((m) => m.deliveries[0]?.id as string) as [
        string,
        string,
        string,
      ];
      expect(await store().deleteSettledMessages(at(100), 2)).toEqual({
        messages: 2,
        deliveries: 2,
        attempts: 0,
      });
      expect(await store().getDelivery(owner.id, early)).toBeNull();
      expect(await store().getDelivery(owner.id, middle)).toBeNull();
      expect(await store().getDelivery(owner.id, late)).not.toBeNull();
      expect(await store().deleteSettledMessages(at(100), 2)).toEqual({
        messages: 1,
        deliveries: 1,
        attempts: 0,
      });
    });
  });
}
