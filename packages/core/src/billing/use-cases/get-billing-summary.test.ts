import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor, User } from '../../identity/index.js';
import { aBillingEvent, aSubscription } from '../../testing/billing-contract.js';
import { aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { getBillingSummary } from './get-billing-summary.js';

const actorOf = (user: User, overrides: Partial<Actor> = {}): Actor => ({
  user,
  credentialId: 'key_1',
  scopes: ['account:read'],
  accountIds: null,
  ...overrides,
});

describe('getBillingSummary', () => {
  let t: TestDeps;
  beforeEach(() => {
    t = createTestDeps();
  });

  it('shows the subscription, a truncated customer id and the last five events, newest first', async () => {
    const user = aUser();
    await t.store.billing.saveSubscription(aSubscription({ userId: user.id }));
    for (let i = 1; i <= 7; i += 1) {
      await t.store.billing.addEvent(
        aBillingEvent({ id: `bill_${i}`, userId: user.id, at: new Date(Date.UTC(2026, 0, i)) }),
      );
    }
    const summary = (await getBillingSummary(t.deps, actorOf(user)))._unsafeUnwrap();
    expect(summary).toMatchObject({
      status: 'active',
      plan: 'pro',
      purchasedHandles: 3,
      customerId: 'cus_…4242',
      servicePlan: { state: 'paid', trialEndsAt: null, betaTester: false },
    });
    expect(summary.currentPeriodEnd).toEqual(aSubscription().currentPeriodEnd);
    expect(summary.recentEvents.map((e) => e.at.getUTCDate())).toEqual([7, 6, 5, 4, 3]);
    expect(summary.recentEvents[0]).toEqual({
      kind: 'invoice.paid',
      at: new Date(Date.UTC(2026, 0, 7)),
      amount: { minor: 1900, currency: 'EUR' },
      description: 'Pro plan, January',
    });
    expect(JSON.stringify(summary)).not.toContain('NffrFeUfNV2Hib');
  });

  it('answers `none` with the service plan for a user without a record', async () => {
    const endsAt = new Date('2026-01-20T00:00:00Z');
    const user = aUser({ plan: { kind: 'trial', endsAt }, betaTester: true });
    const summary = (await getBillingSummary(t.deps, actorOf(user)))._unsafeUnwrap();
    expect(summary).toEqual({
      status: 'none',
      plan: null,
      currentPeriodEnd: null,
      purchasedHandles: 0,
      customerId: null,
      servicePlan: { state: 'trial', trialEndsAt: endsAt, betaTester: true },
      recentEvents: [],
    });
    t.clock.set('2026-01-21T00:00:00Z');
    expect((await getBillingSummary(t.deps, actorOf(user)))._unsafeUnwrap().servicePlan.state).toBe(
      'expired',
    );
  });

  it('needs account:read, and shows billing to a key limited to some accounts', async () => {
    const user = aUser();
    const refused = await getBillingSummary(t.deps, actorOf(user, { scopes: ['post:read'] }));
    expect(refused._unsafeUnwrapErr()).toMatchObject({
      code: 'insufficient_scope',
      details: { requiredScope: 'account:read' },
    });
    const limited = await getBillingSummary(t.deps, actorOf(user, { accountIds: ['acct_1'] }));
    expect(limited.isOk()).toBe(true);
  });
});
