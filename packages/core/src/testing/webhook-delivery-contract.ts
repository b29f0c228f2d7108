import { describe, expect, it } from 'vitest';
import type {
  ClaimedDelivery,
  WebhookDelivery,
  WebhookStore,
  WebhookSubscription,
} from '../webhooks/index.js';
import { anOwnerWith, at, claim, enqueueTo, finish, idsOf, only } from './webhook-contract-support.js';

/**
 * The delivery part of the webhook store contract: claims (due, leased, enabled, bounded per
 * subscription, counted before sending), what an attempt under the lease writes, and owner
 * scoping. `store()` is the test's fresh store.
 */
export function describeWebhookDeliveryContract(store: () => WebhookStore): void {
  describe('deliveries', () => {
    it('claims due deliveries oldest first with their message and subscription, counting the attempt', async () => {
      const { subscriptions } = await anOwnerWith(store(), 2);
      const [first, second] = subscriptions as [WebhookSubscription, WebhookSubscription];
      const later = await enqueueTo(store(), [first], { nextAttemptAt: at(2) });
      const payload = '{"type": "ping",\n  "data": {"note": "é — 😀"}}';
      const ping = await enqueueTo(
        store(),
        [second],
        { nextAttemptAt: at(1) },
        { eventType: 'ping', sourcePosition: null, payload },
      );
      const future = await enqueueTo(store(), [first], { nextAttemptAt: at(100) });

      const claimed = await claim(store(), 10);
      expect(idsOf(claimed)).toEqual([ping.deliveries[0]?.id, later.deliveries[0]?.id]);
      expect(claimed[0]).toEqual({
        delivery: {
          ...ping.deliveries[0],
          attempts: 1,
          leaseOwner: 'worker-a',
          leaseUntil: at(70),
          updatedAt: at(10),
        },
        message: ping.message,
        subscription: second,
      });
      expect(claimed[0]?.message.payload).toBe(payload);
      expect(await store().getDelivery(first.ownerId, later.deliveries[0]?.id ?? '')).toEqual(
        claimed[1]?.delivery,
      );
      expect(await store().pendingCount()).toBe(3);

      // Leased: nobody gets them while the lease lives; the future one is not due.
      expect(await claim(store(), 20, 'worker-b')).toEqual([]);
      // The lease ran out (the worker died mid-send): the next claim is a second delivery.
      const again = await claim(store(), 71, 'worker-b', { limit: 1 });
      expect(idsOf(again)).toEqual([ping.deliveries[0]?.id]);
      expect(again[0]?.delivery).toMatchObject({ attempts: 2, leaseOwner: 'worker-b', leaseUntil: at(131) });
      expect(idsOf(await claim(store(), 100, 'worker-b'))).toEqual([
        later.deliveries[0]?.id,
        future.deliveries[0]?.id,
      ]);
      expect(await claim(store(), 100, 'worker-b', { limit: 0 })).toEqual([]);
    });

    it('claims only deliveries of enabled subscriptions', async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 1, { enabled: false });
      const [paused] = subscriptions as [WebhookSubscription];
      const { deliveries } = await enqueueTo(store(), [paused]);
      expect(await claim(store(), 10)).toEqual([]);
      await store().updateSubscription(owner.id, paused.id, { enabled: true, updatedAt: at(11) });
      expect(idsOf(await claim(store(), 12))).toEqual(deliveries.map((d) => d.id));
    });

    it('never lets one subscription hold more than perSubscription live leases, counting other workers', async () => {
      const { subscriptions } = await anOwnerWith(store(), 2);
      const [busy, quiet] = subscriptions as [WebhookSubscription, WebhookSubscription];
      const busyOnes: WebhookDelivery[] = [];
      for (let i = 0; i < 5; i += 1)
        busyOnes.push(...(await enqueueTo(store(), [busy], { nextAttemptAt: at(i) })).deliveries);
      const quietOne = (await enqueueTo(store(), [quiet], { nextAttemptAt: at(9) })).deliveries;
      const ids = (list: readonly WebhookDelivery[]) => list.map((d) => d.id);

      const a = await claim(store(), 10, 'worker-a', { perSubscription: 2 });
      expect(idsOf(a)).toEqual([...ids(busyOnes.slice(0, 2)), ...ids(quietOne)]);
      expect(await claim(store(), 10, 'worker-b', { perSubscription: 2 })).toEqual([]);
      expect(idsOf(await claim(store(), 10, 'worker-b', { perSubscription: 3 }))).toEqual(
        ids(busyOnes.slice(2, 3)),
      );

      const [done] = a;
      if (done === undefined) throw new Error('unreachable');
      expect(await finish(store(), done, 'worker-a', { status: 'delivered' }, { outcome: 'delivered' })).toBe(
        true,
      );
      expect(idsOf(await claim(store(), 11, 'worker-c', { perSubscription: 3 }))).toEqual(
        ids(busyOnes.slice(3, 4)),
      );
      // Expired leases no longer count.
      expect(idsOf(await claim(store(), 200, 'worker-c', { perSubscription: 1 }))).toEqual([
        busyOnes[1]?.id,
        quietOne[0]?.id,
      ]);
    });

    it('records an attempt only under the lease; a lost lease writes nothing', async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 1);
      const [subscription] = subscriptions as [WebhookSubscription];
      await enqueueTo(store(), [subscription]);
      const claimed = only(await claim(store(), 0, 'worker-a'));
      const before = await store().getDelivery(owner.id, claimed.delivery.id);

      expect(
        await finish(store(), claimed, 'intruder', { status: 'delivered' }, {}, { failingSince: at(1) }),
      ).toBe(false);
      const retaken = only(await claim(store(), 61, 'worker-b'));
      expect(
        await finish(store(), claimed, 'worker-a', { status: 'failed' }, {}, { failingSince: at(1) }),
      ).toBe(false);
      expect(await store().releaseDelivery(claimed.delivery.id, 'worker-a', at(70))).toBe(false);
      expect(await store().getDelivery(owner.id, claimed.delivery.id)).toEqual(retaken.delivery);
      expect(retaken.delivery).toEqual({
        ...before,
        attempts: 2,
        leaseOwner: 'worker-b',
        leaseUntil: at(121),
        updatedAt: at(61),
      });
      expect((await store().listAttempts(owner.id, subscription.id, { limit: 10 })).attempts).toEqual([]);
      expect((await store().getSubscription(owner.id, subscription.id))?.failingSince).toBeNull();
    });

    it('writes the outcome of an attempt: delivered, retried later, or failed, releasing the lease', async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 1);
      const [subscription] = subscriptions as [WebhookSubscription];
      for (let i = 0; i < 3; i += 1) await enqueueTo(store(), [subscription], { nextAttemptAt: at(i) });
      const [toDeliver, toRetry, toFail] = (await claim(store(), 5)) as [
        ClaimedDelivery,
        ClaimedDelivery,
        ClaimedDelivery,
      ];

      const ok = { outcome: 'delivered' as const, statusCode: 204, error: null, responseExcerpt: null };
      expect(await finish(store(), toDeliver, 'worker-a', { status: 'delivered' }, ok)).toBe(true);
      expect(await finish(store(), toRetry, 'worker-a', { status: 'pending', at: at(300) })).toBe(true);
      expect(await finish(store(), toFail, 'worker-a', { status: 'failed' })).toBe(true);

      const ended = new Date(at(10).getTime() + 250);
      const released = { leaseOwner: null, leaseUntil: null, updatedAt: ended };
      expect(await store().getDelivery(owner.id, toDeliver.delivery.id)).toEqual({
        ...toDeliver.delivery,
        ...released,
        status: 'delivered',
        nextAttemptAt: null,
        deliveredAt: ended,
      });
      expect(await store().getDelivery(owner.id, toRetry.delivery.id)).toEqual({
        ...toRetry.delivery,
        ...released,
        nextAttemptAt: at(300),
      });
      expect(await store().getDelivery(owner.id, toFail.delivery.id)).toEqual({
        ...toFail.delivery,
        ...released,
        status: 'failed',
        nextAttemptAt: null,
      });
      expect(await store().pendingCount()).toBe(1);
      expect(await claim(store(), 299, 'worker-b')).toEqual([]);
      const retried = only(await claim(store(), 300, 'worker-b'));
      expect(retried.delivery).toMatchObject({ id: toRetry.delivery.id, attempts: 2 });
    });

    it("hides another owner's deliveries and counts the pending ones of everybody", async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 1);
      const [subscription] = subscriptions as [WebhookSubscription];
      const { deliveries } = await enqueueTo(store(), [subscription]);
      const [delivery] = deliveries as [WebhookDelivery];
      expect(await store().getDelivery(owner.id, delivery.id)).toEqual(delivery);
      expect(await store().getDelivery('user_other', delivery.id)).toBeNull();
      expect(await store().getDelivery(owner.id, 'dlv_missing')).toBeNull();
      const stranger = await anOwnerWith(store(), 1);
      await enqueueTo(store(), stranger.subscriptions);
      expect(await store().pendingCount()).toBe(2);
    });
  });
}
