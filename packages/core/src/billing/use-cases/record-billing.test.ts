import { beforeEach, describe, expect, it } from 'vitest';
import { aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { recordBillingEvent, recordBillingSubscription } from './record-billing.js';

describe('recordBillingSubscription', () => {
  let t: TestDeps;
  const user = aUser({ email: 'ann@example.com' });
  beforeEach(async () => {
    t = createTestDeps();
    await t.store.users.insertUser(user);
  });

  it('creates the record from defaults on first use, then changes only the given fields', async () => {
    const first = (
      await recordBillingSubscription(t.deps, 'Ann@Example.com', { status: 'trialing' })
    )._unsafeUnwrap();
    expect(first).toEqual({
      userId: user.id,
      status: 'trialing',
      plan: null,
      currentPeriodEnd: null,
      purchasedHandles: 0,
      providerCustomerId: null,
      updatedAt: t.clock.now(),
    });
    t.clock.advance(60_000);
    const end = new Date('2026-02-15T00:00:00Z');
    const second = (
      await recordBillingSubscription(t.deps, 'ann@example.com', {
        plan: 'pro',
        currentPeriodEnd: end,
        purchasedHandles: 2,
        providerCustomerId: 'cus_NffrFeUfNV2Hib4242',
      })
    )._unsafeUnwrap();
    expect(second).toMatchObject({
      status: 'trialing',
      plan: 'pro',
      currentPeriodEnd: end,
      purchasedHandles: 2,
    });
    expect(second.updatedAt).toEqual(t.clock.now());
    expect(await t.store.billing.getSubscription(user.id)).toEqual(second);
    const cleared = (
      await recordBillingSubscription(t.deps, 'ann@example.com', {
        providerCustomerId: null,
        status: 'canceled',
      })
    )._unsafeUnwrap();
    expect(cleared).toMatchObject({ status: 'canceled', plan: 'pro', providerCustomerId: null });
  });

  it('refuses invalid values and unknown users without writing', async () => {
    const bad = await recordBillingSubscription(t.deps, 'ann@example.com', { purchasedHandles: -1 });
    expect(bad._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field: 'purchasedHandles' },
    });
    expect(await t.store.billing.getSubscription(user.id)).toBeNull();
    const unknown = await recordBillingSubscription(t.deps, 'nobody@example.com', { status: 'active' });
    expect(unknown._unsafeUnwrapErr().code).toBe('user_not_found');
  });
});

describe('recordBillingEvent', () => {
  let t: TestDeps;
  const user = aUser({ email: 'bob@example.com' });
  beforeEach(async () => {
    t = createTestDeps();
    await t.store.users.insertUser(user);
  });

  it('appends an event stamped now unless a time is given', async () => {
    const paid = (
      await recordBillingEvent(t.deps, 'bob@example.com', {
        kind: 'invoice.paid',
        amount: { minor: 1900, currency: 'EUR' },
        description: 'Pro, January',
      })
    )._unsafeUnwrap();
    expect(paid).toEqual({
      id: expect.stringMatching(/^bill_/),
      userId: user.id,
      at: t.clock.now(),
      kind: 'invoice.paid',
      amount: { minor: 1900, currency: 'EUR' },
      description: 'Pro, January',
    });
    const earlier = new Date('2026-01-01T00:00:00Z');
    const updated = (
      await recordBillingEvent(t.deps, 'bob@example.com', {
        kind: 'subscription.updated',
        amount: null,
        description: null,
        at: earlier,
      })
    )._unsafeUnwrap();
    expect(updated.at).toEqual(earlier);
    expect((await t.store.billing.lastEvents(user.id, 5)).map((e) => e.kind)).toEqual([
      'invoice.paid',
      'subscription.updated',
    ]);
  });

  it('refuses a malformed kind or currency', async () => {
    const kind = await recordBillingEvent(t.deps, 'bob@example.com', {
      kind: 'Invoice Paid',
      amount: null,
      description: null,
    });
    expect(kind._unsafeUnwrapErr()).toMatchObject({ code: 'validation_failed', details: { field: 'kind' } });
    const currency = await recordBillingEvent(t.deps, 'bob@example.com', {
      kind: 'invoice.paid',
      amount: { minor: 100, currency: 'eur' },
      description: null,
    });
    expect(currency._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field: 'amount.currency' },
    });
    expect(await t.store.billing.lastEvents(user.id, 5)).toEqual([]);
  });
});
