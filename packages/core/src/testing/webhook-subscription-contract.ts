import { describe, expect, it } from 'vitest';
import type { WebhookStore, WebhookSubscription } from '../webhooks/index.js';
import { aUser, aWebhookDelivery, aWebhookMessage, aWebhookSubscription } from './builders.js';
import { at, T0 } from './webhook-contract-support.js';

/**
 * The subscription part of the webhook store contract: round-trips, changes, owner scoping and
 * what deleting one does to its deliveries. `webhooks()` is the test's fresh store.
 */
export function describeWebhookSubscriptionContract(webhooks: () => WebhookStore): void {
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
      expect(await webhooks().updateSubscription(owner.id, 'whk_missing', { updatedAt: at(30) })).toBeNull();
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
}
