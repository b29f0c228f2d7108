import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { WebhookDelivery, WebhookStore, WebhookSubscription } from '../webhooks/index.js';
import { aUser, aWebhookDelivery, aWebhookMessage, aWebhookSubscription } from './builders.js';
import { describeWebhookAttemptContract } from './webhook-attempt-contract.js';
import { at, T0 } from './webhook-contract-support.js';
import { describeWebhookDeliveryContract } from './webhook-delivery-contract.js';
import { describeWebhookRetentionContract } from './webhook-retention-contract.js';

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
 * The behaviour every WebhookStore must have. Call it from a test file with a factory that returns
 * a fresh, empty, migrated store; the suite closes each store after its test.
 */
export function describeWebhookStoreContract(name: string, openStore: () => Promise<Store>): void {
  describe(`${name} webhook store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await openStore();
    });
    afterEach(async () => {
      await store.close();
    });
    const webhooks = () => store.webhooks;

    describe('subscriptions', () => {
      it('round-trips every field, lists the newest first, and hides them from other owners', async () => {
        const [owner, stranger] = [aUser(), aUser()];
        const older = aWebhookSubscription(owner.id, { createdAt: at(1) });
        const newer = aWebhookSubscription(owner.id, {
          createdAt: at(2),
          updatedAt: at(3),
          events: ['ping', 'media.ready'],
          description: 'Zapier — «prod»',
          accountIds: ['acct_1', 'acct_2'],
          previousSealedSecret: 'sealed-old',
          previousSecretUntil: at(86_400),
          enabled: false,
          disabledReason: 'failing for 3 days',
          disabledAt: at(4),
          failingSince: at(5),
        });
        const theirs = aWebhookSubscription(stranger.id);
        for (const s of [older, newer, theirs]) await webhooks().createSubscription(s);

        expect(await webhooks().getSubscription(owner.id, newer.id)).toEqual(newer);
        expect(await webhooks().getSubscription(owner.id, older.id)).toEqual(older);
        expect(await webhooks().listSubscriptions(owner.id)).toEqual([newer, older]);
        expect(await webhooks().getSubscription(owner.id, theirs.id)).toBeNull();
        expect(await webhooks().getSubscription(stranger.id, newer.id)).toBeNull();
        expect(await webhooks().listSubscriptions('user_nobody')).toEqual([]);
        await expect(webhooks().createSubscription(older)).rejects.toThrow();
      });

      it("patches the fields given and keeps the others; another owner's id is missing", async () => {
        const owner = aUser();
        const subscription = aWebhookSubscription(owner.id, { description: 'kept', accountIds: ['acct_1'] });
        await webhooks().createSubscription(subscription);
        const patched = await webhooks().updateSubscription(owner.id, subscription.id, {
          url: 'https://hooks.example/moved',
          accountIds: null,
          previousSealedSecret: 'sealed-old',
          previousSecretUntil: at(100),
          enabled: false,
          disabledReason: 'paused',
          disabledAt: at(10),
          updatedAt: at(10),
        });
        const expected: WebhookSubscription = {
          ...subscription,
          url: 'https://hooks.example/moved',
          accountIds: null,
          previousSealedSecret: 'sealed-old',
          previousSecretUntil: at(100),
          enabled: false,
          disabledReason: 'paused',
          disabledAt: at(10),
          updatedAt: at(10),
        };
        expect(patched).toEqual(expected);
        expect(await webhooks().getSubscription(owner.id, subscription.id)).toEqual(expected);

        // An object carrying more than a patch changes no identity field.
        const smuggled = { ...expected, id: 'whk_other', ownerId: 'user_other', createdAt: at(99) };
        const reenabled = await webhooks().updateSubscription(owner.id, subscription.id, {
          ...smuggled,
          enabled: true,
          disabledReason: null,
          disabledAt: null,
          updatedAt: at(20),
        });
        expect(reenabled).toEqual({
          ...expected,
          enabled: true,
          disabledReason: null,
          disabledAt: null,
          updatedAt: at(20),
        });

        expect(
          await webhooks().updateSubscription('user_other', subscription.id, { updatedAt: at(30) }),
        ).toBeNull();
        expect(
          await webhooks().updateSubscription(owner.id, 'whk_missing', { updatedAt: at(30) }),
        ).toBeNull();
        expect((await webhooks().getSubscription(owner.id, subscription.id))?.updatedAt).toEqual(at(20));
      });

      it('finds the enabled subscriptions of several owners at once, oldest first', async () => {
        const [ann, bob, cy] = [aUser(), aUser(), aUser()];
        const annFirst = aWebhookSubscription(ann.id, { createdAt: at(1) });
        const bobs = aWebhookSubscription(bob.id, { createdAt: at(2) });
        const annPaused = aWebhookSubscription(ann.id, { createdAt: at(3), enabled: false });
        const annLater = aWebhookSubscription(ann.id, { createdAt: at(4) });
        const cys = aWebhookSubscription(cy.id, { createdAt: at(0) });
        for (const s of [annLater, annPaused, bobs, annFirst, cys]) await webhooks().createSubscription(s);

        expect(await webhooks().subscriptionsOf([ann.id, bob.id])).toEqual([annFirst, bobs, annLater]);
        expect(await webhooks().subscriptionsOf([cy.id])).toEqual([cys]);
        expect(await webhooks().subscriptionsOf([])).toEqual([]);
      });

      it('deletes a subscription with its deliveries and attempts; messages stay for the others', async () => {
        const owner = aUser();
        const [gone, kept] = [aWebhookSubscription(owner.id), aWebhookSubscription(owner.id)];
        await webhooks().createSubscription(gone);
        await webhooks().createSubscription(kept);
        const message = aWebhookMessage(owner.id);
        const [toGone, toKept] = [aWebhookDelivery(gone, message), aWebhookDelivery(kept, message)];
        await webhooks().enqueue(message, [toGone, toKept]);
        const claimed = await webhooks().claimDeliveries({
          now: T0,
          leaseOwner: 'worker',
          leaseUntil: at(60),
          limit: 10,
          perSubscription: 10,
        });
        expect(claimed).toHaveLength(2);
        for (const d of [toGone, toKept]) {
          const attempt = {
            deliveryId: d.id,
            subscriptionId: d.subscriptionId,
            messageId: message.id,
            eventType: message.eventType,
            attemptNumber: 1,
            startedAt: T0,
            durationMs: 120,
            statusCode: 500,
            outcome: 'failed' as const,
            error: 'status 500',
            responseExcerpt: null,
          };
          const next = { status: 'pending' as const, at: at(5) };
          expect(
            await webhooks().finishAttempt({ deliveryId: d.id, leaseOwner: 'worker', attempt, next }),
          ).toBe(true);
        }

        expect(await webhooks().deleteSubscription('user_other', gone.id)).toBe(false);
        expect(await webhooks().deleteSubscription(owner.id, gone.id)).toBe(true);
        expect(await webhooks().deleteSubscription(owner.id, gone.id)).toBe(false);
        expect(await webhooks().getSubscription(owner.id, gone.id)).toBeNull();
        expect(await webhooks().getDelivery(owner.id, toGone.id)).toBeNull();
        expect((await webhooks().listAttempts(owner.id, gone.id, { limit: 10 })).attempts).toEqual([]);
        expect(await webhooks().pendingCount()).toBe(1);
        expect((await webhooks().listAttempts(owner.id, kept.id, { limit: 10 })).attempts).toHaveLength(1);
        const [again] = await webhooks().claimDeliveries({
          now: at(5),
          leaseOwner: 'worker',
          leaseUntil: at(65),
          limit: 10,
          perSubscription: 10,
        });
        expect(again?.message).toEqual(message);
      });
    });

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

    describeWebhookDeliveryContract(webhooks);
    describeWebhookAttemptContract(webhooks);
    describeWebhookRetentionContract(webhooks);
  });
}
