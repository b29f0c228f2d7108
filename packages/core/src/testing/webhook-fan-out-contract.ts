import { describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookStore } from '../webhooks/index.js';
import { aUser, aWebhookDelivery, aWebhookMessage, aWebhookSubscription } from './builders.js';
import { at } from './webhook-contract-support.js';

const CONSUMER = 'webhooks';

/** A fan-out lease request of `leaseOwner` at `now` (seconds after T0), for a minute. */
const lease = (store: WebhookStore, leaseOwner: string, now: number) =>
  store.leaseFanOut({ consumer: CONSUMER, leaseOwner, now: at(now), leaseUntil: at(now + 60) });

/** Everything the fan-out wrote for these messages, as the owner's deliveries show it. */
async function written(store: WebhookStore, deliveries: readonly WebhookDelivery[]) {
  const found = await Promise.all(deliveries.map((d) => store.getDelivery(d.ownerId, d.id)));
  return { deliveries: found.filter((d) => d !== null).length, pending: await store.pendingCount() };
}

/**
 * The fan-out part of the webhook store contract: the journal cursor's lease and what a commit
 * writes under it. `webhooks()` is the test's fresh store.
 */
export function describeWebhookFanOutContract(webhooks: () => WebhookStore): void {
  describe('fan-out', () => {
    it('leases the cursor to one owner at a time, created at null, renewed by its owner, taken after expiry', async () => {
      expect(await lease(webhooks(), 'fan-a', 0)).toEqual({ position: null });
      expect(await lease(webhooks(), 'fan-b', 10)).toBeNull();
      expect(await lease(webhooks(), 'fan-a', 50)).toEqual({ position: null });
      // fan-a renewed until 110: fan-b is still refused at 100, and gets it after.
      expect(await lease(webhooks(), 'fan-b', 100)).toBeNull();
      expect(await lease(webhooks(), 'fan-b', 110)).toEqual({ position: null });
      expect(await lease(webhooks(), 'fan-a', 120)).toBeNull();
      // Consumers are independent.
      expect(
        await webhooks().leaseFanOut({
          consumer: 'other',
          leaseOwner: 'fan-a',
          now: at(120),
          leaseUntil: at(180),
        }),
      ).toEqual({ position: null });
    });

    it('starts a new cursor where told, and leaves an existing one alone', async () => {
      await webhooks().startFanOutAt(CONSUMER, 'p-end');
      expect(await lease(webhooks(), 'fan-a', 0)).toEqual({ position: 'p-end' });
      await webhooks().startFanOutAt(CONSUMER, 'p-elsewhere');
      expect(await lease(webhooks(), 'fan-a', 1)).toEqual({ position: 'p-end' });
    });

    it('commits messages, deliveries and the cursor together; a moved cursor or a lost lease writes nothing', async () => {
      const owner = aUser();
      const subscription = aWebhookSubscription(owner.id);
      await webhooks().createSubscription(subscription);
      const message = aWebhookMessage(owner.id, { sourcePosition: 'p1' });
      const delivery = aWebhookDelivery(subscription, message);
      const commit = {
        consumer: CONSUMER,
        leaseOwner: 'fan-a',
        from: null,
        to: 'p1',
        messages: [message],
        deliveries: [delivery],
      };
      expect(await webhooks().commitFanOut(commit)).toBe(false); // no lease yet
      await lease(webhooks(), 'fan-a', 0);
      expect(await webhooks().commitFanOut({ ...commit, from: 'p0' })).toBe(false);
      expect(await webhooks().commitFanOut({ ...commit, leaseOwner: 'fan-b' })).toBe(false);
      expect(await written(webhooks(), [delivery])).toEqual({ deliveries: 0, pending: 0 });

      expect(await webhooks().commitFanOut(commit)).toBe(true);
      expect(await webhooks().getDelivery(owner.id, delivery.id)).toEqual(delivery);
      expect(await lease(webhooks(), 'fan-a', 1)).toEqual({ position: 'p1' });
      // The same batch again: the cursor moved on, so the compare-and-set refuses it.
      expect(await webhooks().commitFanOut(commit)).toBe(false);

      // Another worker took the lease after it expired: the first one's commit is refused.
      expect(await lease(webhooks(), 'fan-b', 200)).toEqual({ position: 'p1' });
      const late = aWebhookMessage(owner.id, { sourcePosition: 'p2' });
      const lateDelivery = aWebhookDelivery(subscription, late);
      const stale = { ...commit, from: 'p1', to: 'p2', messages: [late], deliveries: [lateDelivery] };
      expect(await webhooks().commitFanOut(stale)).toBe(false);
      expect(await written(webhooks(), [lateDelivery])).toEqual({ deliveries: 0, pending: 1 });
      expect(await webhooks().commitFanOut({ ...stale, leaseOwner: 'fan-b' })).toBe(true);
      expect(await written(webhooks(), [lateDelivery])).toEqual({ deliveries: 1, pending: 2 });
    });

    it('refuses a repeated (subscription, message) pair atomically, in the batch or against stored ones', async () => {
      const owner = aUser();
      const subscription = aWebhookSubscription(owner.id);
      await webhooks().createSubscription(subscription);
      await lease(webhooks(), 'fan-a', 0);
      const [first, second] = [aWebhookMessage(owner.id), aWebhookMessage(owner.id)];
      const twice = [aWebhookDelivery(subscription, first), aWebhookDelivery(subscription, first)];
      const fine = aWebhookDelivery(subscription, second);
      await expect(
        webhooks().commitFanOut({
          consumer: CONSUMER,
          leaseOwner: 'fan-a',
          from: null,
          to: 'p1',
          messages: [first, second],
          deliveries: [fine, ...twice],
        }),
      ).rejects.toThrow();
      expect(await written(webhooks(), [fine, ...twice])).toEqual({ deliveries: 0, pending: 0 });
      expect(await lease(webhooks(), 'fan-a', 1)).toEqual({ position: null });

      const [stored] = twice;
      if (stored === undefined) throw new Error('unreachable');
      await webhooks().enqueue(first, [stored]);
      const again = aWebhookDelivery(subscription, first);
      await expect(webhooks().enqueue(second, [fine, again])).rejects.toThrow();
      await expect(
        webhooks().commitFanOut({
          consumer: CONSUMER,
          leaseOwner: 'fan-a',
          from: null,
          to: 'p1',
          messages: [second],
          deliveries: [fine, again],
        }),
      ).rejects.toThrow();
      expect(await written(webhooks(), [fine, again])).toEqual({ deliveries: 0, pending: 1 });
      expect(await lease(webhooks(), 'fan-a', 2)).toEqual({ position: null });
      // A message id stored already is refused too, with nothing written.
      await expect(webhooks().enqueue(first, [fine])).rejects.toThrow();
      expect(await written(webhooks(), [fine])).toEqual({ deliveries: 0, pending: 1 });
    });

    it('leaves out the deliveries of a subscription deleted before the commit', async () => {
      const owner = aUser();
      const [kept, gone] = [aWebhookSubscription(owner.id), aWebhookSubscription(owner.id)];
      await webhooks().createSubscription(kept);
      await webhooks().createSubscription(gone);
      await lease(webhooks(), 'fan-a', 0);
      const message = aWebhookMessage(owner.id);
      const deliveries = [aWebhookDelivery(kept, message), aWebhookDelivery(gone, message)];
      expect(await webhooks().deleteSubscription(owner.id, gone.id)).toBe(true);
      const commit = { consumer: CONSUMER, leaseOwner: 'fan-a', from: null, to: 'p1' };
      expect(await webhooks().commitFanOut({ ...commit, messages: [message], deliveries })).toBe(true);
      expect(await written(webhooks(), deliveries)).toEqual({ deliveries: 1, pending: 1 });
    });
  });
}
