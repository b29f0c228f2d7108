import { describe, expect, it } from 'vitest';
import type { BillingEvent, Subscription } from '../billing/index.js';
import type { Store } from '../deps/index.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A subscription record with every field set; override any field. */
export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    userId: 'user_01JBILLINGOWNER0000000000',
    status: 'active',
    plan: 'pro',
    currentPeriodEnd: at(60 * 24 * 30),
    purchasedHandles: 3,
    providerCustomerId: 'cus_NffrFeUfNV2Hib4242',
    updatedAt: T0,
    ...overrides,
  };
}

/** A billing event with an amount; override any field. */
export function aBillingEvent(overrides: Partial<BillingEvent> = {}): BillingEvent {
  return {
    id: 'bill_01JBILLINGEVENT0000000000',
    userId: 'user_01JBILLINGOWNER0000000000',
    at: T0,
    kind: 'invoice.paid',
    amount: { minor: 1900, currency: 'EUR' },
    description: 'Pro plan, January',
    ...overrides,
  };
}

/** The billing part of the store contract; `store()` is the test's fresh store. */
export function describeBillingContract(store: () => Store): void {
  describe('billing', () => {
    it('round-trips a subscription, with and without optional fields, and replaces it on save', async () => {
      const full = aSubscription();
      expect(await store().billing.getSubscription(full.userId)).toBeNull();
      await store().billing.saveSubscription(full);
      expect(await store().billing.getSubscription(full.userId)).toEqual(full);

      const bare = aSubscription({
        status: 'none',
        plan: null,
        currentPeriodEnd: null,
        purchasedHandles: 0,
        providerCustomerId: null,
        updatedAt: at(5),
      });
      await store().billing.saveSubscription(bare);
      expect(await store().billing.getSubscription(full.userId)).toEqual(bare);
    });

    it("keeps each user's subscription apart", async () => {
      const ann = aSubscription({ userId: 'user_ann', plan: 'starter' });
      const bob = aSubscription({ userId: 'user_bob', status: 'past_due' });
      await store().billing.saveSubscription(ann);
      await store().billing.saveSubscription(bob);
      expect(await store().billing.getSubscription('user_ann')).toEqual(ann);
      expect(await store().billing.getSubscription('user_bob')).toEqual(bob);
    });

    it("lists a user's latest events newest first, up to the limit", async () => {
      const events = [
        aBillingEvent({ id: 'bill_1', at: at(1) }),
        aBillingEvent({
          id: 'bill_2',
          at: at(3),
          amount: null,
          description: null,
          kind: 'subscription.updated',
        }),
        aBillingEvent({ id: 'bill_3', at: at(2), amount: { minor: -500, currency: null } }),
        aBillingEvent({ id: 'bill_4', at: at(3) }),
        aBillingEvent({ id: 'bill_5', at: at(9), userId: 'user_other' }),
      ];
      for (const event of events) await store().billing.addEvent(event);
      const userId = aBillingEvent().userId;
      expect(await store().billing.lastEvents(userId, 10)).toEqual([
        events[3],
        events[1],
        events[2],
        events[0],
      ]);
      expect((await store().billing.lastEvents(userId, 2)).map((e) => e.id)).toEqual(['bill_4', 'bill_2']);
      expect(await store().billing.lastEvents(userId, 0)).toEqual([]);
      expect(await store().billing.lastEvents('user_nobody', 5)).toEqual([]);
    });

    it('refuses a second event with the same id', async () => {
      await store().billing.addEvent(aBillingEvent());
      await expect(store().billing.addEvent(aBillingEvent({ kind: 'invoice.failed' }))).rejects.toThrow();
      expect((await store().billing.lastEvents(aBillingEvent().userId, 5)).map((e) => e.kind)).toEqual([
        'invoice.paid',
      ]);
    });
  });
}
