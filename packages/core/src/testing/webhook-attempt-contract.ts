import { describe, expect, it } from 'vitest';
import type {
  ClaimedDelivery,
  WebhookAttempt,
  WebhookStore,
  WebhookSubscription,
} from '../webhooks/index.js';
import { anOwnerWith, at, attemptOf, claim, enqueueTo, finish, only } from './webhook-contract-support.js';

/**
 * The attempt part of the webhook store contract: a subscription's run of failures and its
 * disabling, a delivery given back unsent, redelivery, and the attempts history page by page.
 * `store()` is the test's fresh store.
 */
export function describeWebhookAttemptContract(store: () => WebhookStore): void {
  describe('attempts', () => {
    it('keeps a run of failures on the subscription and disables it, which stops its claims', async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 1);
      const [subscription] = subscriptions as [WebhookSubscription];
      for (let i = 0; i < 4; i += 1) await enqueueTo(store(), [subscription], { nextAttemptAt: at(i) });
      const [one, two, three] = (await claim(store(), 5, 'worker-a', { limit: 3 })) as ClaimedDelivery[];
      if (one === undefined || two === undefined || three === undefined) throw new Error('unreachable');
      const stored = () => store().getSubscription(owner.id, subscription.id);
      const retry = { status: 'pending', at: at(500) } as const;

      expect(await finish(store(), one, 'worker-a', retry, {}, { failingSince: at(10) })).toBe(true);
      expect(await stored()).toEqual({ ...subscription, failingSince: at(10) });
      expect(await finish(store(), two, 'worker-a', retry, {}, {})).toBe(true);
      expect((await stored())?.failingSince).toEqual(at(10));
      expect(
        await finish(
          store(),
          three,
          'worker-a',
          { status: 'failed' },
          {},
          {
            disable: { reason: 'failing since 2026-01-15', at: at(20) },
          },
        ),
      ).toBe(true);
      expect(await stored()).toEqual({
        ...subscription,
        failingSince: at(10),
        enabled: false,
        disabledReason: 'failing since 2026-01-15',
        disabledAt: at(20),
        updatedAt: at(20),
      });
      expect(await claim(store(), 1_000)).toEqual([]);

      await store().updateSubscription(owner.id, subscription.id, {
        enabled: true,
        disabledReason: null,
        disabledAt: null,
        updatedAt: at(30),
      });
      const next = (await claim(store(), 1_000, 'worker-a', { limit: 1 })) as ClaimedDelivery[];
      expect(next).toHaveLength(1);
      const [success] = next;
      if (success === undefined) throw new Error('unreachable');
      const ok = { outcome: 'delivered' as const, statusCode: 200, error: null };
      expect(
        await finish(store(), success, 'worker-a', { status: 'delivered' }, ok, { failingSince: null }),
      ).toBe(true);
      expect((await stored())?.failingSince).toBeNull();
    });

    it('gives a claimed delivery back unsent: due when told, its attempt uncounted', async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 1);
      const [subscription] = subscriptions as [WebhookSubscription];
      const { deliveries } = await enqueueTo(store(), [subscription]);
      const claimed = only(await claim(store(), 0));
      expect(await store().releaseDelivery(claimed.delivery.id, 'worker-b', at(5))).toBe(false);
      expect(await store().releaseDelivery(claimed.delivery.id, 'worker-a', at(5))).toBe(true);
      expect(await store().getDelivery(owner.id, claimed.delivery.id)).toEqual({
        ...deliveries[0],
        nextAttemptAt: at(5),
        updatedAt: at(5),
      });
      expect(await claim(store(), 4, 'worker-b')).toEqual([]);
      expect(only(await claim(store(), 5, 'worker-b')).delivery.attempts).toBe(1);
    });

    it("redelivers one of the owner's deliveries as a new round, keeping the earlier attempts", async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 2);
      const [subscription, other] = subscriptions as [WebhookSubscription, WebhookSubscription];
      await enqueueTo(store(), [subscription]);
      const claimed = only(await claim(store(), 0));
      const ok = { outcome: 'delivered' as const, statusCode: 200, error: null };
      await finish(store(), claimed, 'worker-a', { status: 'delivered' }, ok);
      const id = claimed.delivery.id;

      expect(await store().redeliver('user_other', subscription.id, id, at(50))).toBeNull();
      expect(await store().redeliver(owner.id, other.id, id, at(50))).toBeNull();
      expect(await store().redeliver(owner.id, subscription.id, 'dlv_missing', at(50))).toBeNull();
      expect((await store().getDelivery(owner.id, id))?.status).toBe('delivered');

      const redelivered = await store().redeliver(owner.id, subscription.id, id, at(50));
      const expected = {
        ...claimed.delivery,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at(50),
        leaseOwner: null,
        leaseUntil: null,
        deliveredAt: null,
        updatedAt: at(50),
      };
      expect(redelivered).toEqual(expected);
      expect(await store().getDelivery(owner.id, id)).toEqual(expected);
      const again = only(await claim(store(), 50));
      expect(again.delivery.attempts).toBe(1);
      await finish(store(), again, 'worker-a', { status: 'delivered' }, { ...ok, attemptNumber: 1 });
      const history = await store().listAttempts(owner.id, subscription.id, { limit: 10 });
      expect(history.attempts.map((a) => a.deliveryId)).toEqual([id, id]);
    });

    it('pages through the attempts newest first, for their owner only', async () => {
      const { owner, subscriptions } = await anOwnerWith(store(), 2);
      const [subscription, other] = subscriptions as [WebhookSubscription, WebhookSubscription];
      const { message } = await enqueueTo(store(), [subscription, other]);
      const excerpt = `${'é'.repeat(1000)}${'x'.repeat(24)}`;
      const made: WebhookAttempt[] = [];
      for (let n = 1; n <= 5; n += 1) {
        const claimed = (await claim(store(), n * 1000)).find(
          (c) => c.delivery.subscriptionId === subscription.id,
        );
        if (claimed === undefined) throw new Error('unreachable');
        const attempt = attemptOf(claimed, n * 1000, {
          statusCode: n === 3 ? null : 500 + n,
          error: n === 3 ? 'timeout' : null,
          responseExcerpt: n === 4 ? excerpt : null,
        });
        made.push(attempt);
        const next = { status: 'pending', at: at(n * 1000 + 1) } as const;
        expect(
          await store().finishAttempt({
            deliveryId: claimed.delivery.id,
            leaseOwner: 'worker-a',
            attempt,
            next,
          }),
        ).toBe(true);
      }
      const newestFirst = [...made].reverse();
      expect(newestFirst[0]).toMatchObject({ messageId: message.id, attemptNumber: 5 });

      const first = await store().listAttempts(owner.id, subscription.id, { limit: 2 });
      expect(first.attempts.map(({ id: _id, ...a }) => a)).toEqual(newestFirst.slice(0, 2));
      expect(first.next).not.toBeNull();
      const second = await store().listAttempts(owner.id, subscription.id, {
        limit: 2,
        before: first.next ?? '',
      });
      expect(second.attempts.map(({ id: _id, ...a }) => a)).toEqual(newestFirst.slice(2, 4));
      const last = await store().listAttempts(owner.id, subscription.id, {
        limit: 2,
        before: second.next ?? '',
      });
      expect(last.attempts.map(({ id: _id, ...a }) => a)).toEqual(newestFirst.slice(4));
      expect(last.next).toBeNull();
      const ids = [...first.attempts, ...second.attempts, ...last.attempts].map((a) => a.id);
      expect(new Set(ids).size).toBe(5);
      const exact = await store().listAttempts(owner.id, subscription.id, { limit: 5 });
      expect(exact.attempts.map((a) => a.id)).toEqual(ids);
      expect(exact.next).toBeNull();

      expect(await store().listAttempts('user_other', subscription.id, { limit: 10 })).toEqual({
        attempts: [],
        next: null,
      });
      expect(await store().listAttempts(owner.id, other.id, { limit: 10 })).toEqual({
        attempts: [],
        next: null,
      });
      await expect(
        store().listAttempts(owner.id, subscription.id, { limit: 2, before: 'nonsense' }),
      ).rejects.toThrow();
    });
  });
}
