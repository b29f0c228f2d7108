import { describe, expect, it } from 'vitest';
import { type ConnectedAccount, tokenExpiringEvent } from '../accounts/index.js';
import type { Store } from '../deps/index.js';
import { anAccount, aUser } from './builders.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const inDays = (days: number) => new Date(T0.getTime() + days * 86_400_000);
const WEEK = inDays(7);

/** The token-expiry-warning part of the store contract; `store()` is the test's fresh store. */
export function describeAccountExpiryContract(store: () => Store): void {
  const save = (ownerId: string, overrides: Partial<ConnectedAccount>) =>
    store().accounts.saveAccount(anAccount(ownerId, { platform: 'facebook', ...overrides }));
  const warn = (account: ConnectedAccount, expiresAt = account.tokenExpiresAt as Date) =>
    store().accounts.markTokenExpiring(account.id, expiresAt, tokenExpiringEvent(account, expiresAt, T0));
  const expiring = async (before = WEEK, limit = 100, platform: ConnectedAccount['platform'] = 'facebook') =>
    (await store().accounts.accountsWithTokensExpiring(platform, before, limit)).map((a) => a.id);
  // A subject's history, not the journal: on PostgreSQL the journal holds back events while any
  // transaction of the server is running, and other suites may be.
  const eventsOf = (account: Pick<ConnectedAccount, 'id' | 'ownerId'>) =>
    store().events.historyOf(account.ownerId, account.id, 1000);

  describe('token expiry warnings', () => {
    it("lists the platform's active accounts whose token expires before the time and who were not warned, soonest first", async () => {
      const owner = aUser().id;
      const later = await save(owner, { tokenExpiresAt: inDays(5) });
      const sooner = await save(owner, { tokenExpiresAt: inDays(2) });
      const lapsed = await save(owner, { tokenExpiresAt: inDays(-1) });
      await save(owner, { tokenExpiresAt: inDays(8) });
      await save(owner, { tokenExpiresAt: WEEK });
      await save(owner, { tokenExpiresAt: null });
      await save(owner, { tokenExpiresAt: inDays(1), status: 'inactive' });
      await save(owner, { tokenExpiresAt: inDays(1), needsReconnect: true });
      const elsewhere = await save(owner, { tokenExpiresAt: inDays(1), platform: 'instagram' });

      expect(await expiring()).toEqual([lapsed.id, sooner.id, later.id]);
      expect(await expiring(WEEK, 2)).toEqual([lapsed.id, sooner.id]);
      expect(await expiring(WEEK, 100, 'instagram')).toEqual([elsewhere.id]);
      expect(await store().accounts.accountsWithTokensExpiring('facebook', WEEK, 1)).toEqual([lapsed]);
    });

    it('orders accounts with the same expiry by id', async () => {
      const owner = aUser().id;
      const [b, a] = [
        await save(owner, { id: 'acct_b', tokenExpiresAt: inDays(3) }),
        await save(owner, { id: 'acct_a', tokenExpiresAt: inDays(3) }),
      ];
      expect(await expiring()).toEqual([a.id, b.id]);
    });

    it('records a warning with its event once per expiry, and lists the account no more', async () => {
      const account = await save(aUser().id, { tokenExpiresAt: inDays(3) });
      expect(await warn(account)).toBe(true);
      expect(await warn(account)).toBe(false);
      expect(await expiring()).toEqual([]);
      const events = await eventsOf(account);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'account.token_expiring',
        at: T0,
        ownerId: account.ownerId,
        subjectId: account.id,
        data: { platform: 'facebook', handle: account.handle, expiresAt: inDays(3).toISOString() },
      });
      // The warning is not a change of the account as its owner sees it.
      expect(await store().accounts.getAccount(account.id)).toEqual(account);
    });

    it('makes the account due again when a refresh or a reconnect moves the expiry', async () => {
      const account = await save(aUser().id, { tokenExpiresAt: inDays(3) });
      await warn(account);
      const refreshed = await store().accounts.saveRefreshedTokens(account.id, {
        sealedCredentials: 'refreshed',
        tokenExpiresAt: inDays(4),
        at: T0,
      });
      expect(await expiring()).toEqual([account.id]);
      expect(await warn(refreshed as ConnectedAccount)).toBe(true);
      expect(await expiring()).toEqual([]);
      const reconnected = await store().accounts.saveAccount({ ...account, tokenExpiresAt: inDays(6) });
      expect(await expiring()).toEqual([account.id]);
      expect(await warn(reconnected)).toBe(true);
      expect((await eventsOf(account)).map((e) => e.data.expiresAt)).toEqual(
        [inDays(3), inDays(4), inDays(6)].map((d) => d.toISOString()),
      );
    });

    it('writes nothing when the expiry changed meanwhile, or the account is gone, inactive or waiting for a reconnect', async () => {
      const owner = aUser().id;
      const moved = await save(owner, { tokenExpiresAt: inDays(3) });
      expect(await warn(moved, inDays(2))).toBe(false);
      const inactive = await save(owner, { tokenExpiresAt: inDays(3), status: 'inactive' });
      const refused = await save(owner, { tokenExpiresAt: inDays(3), needsReconnect: true });
      expect(await warn(inactive)).toBe(false);
      expect(await warn(refused)).toBe(false);
      expect(await warn({ ...moved, id: 'acct_missing' })).toBe(false);
      for (const account of [moved, inactive, refused, { ...moved, id: 'acct_missing' }]) {
        expect(await eventsOf(account)).toEqual([]);
      }
      expect(await expiring()).toEqual([moved.id]);
    });

    it('warns once when two sweeps mark the same expiry at once', async () => {
      const account = await save(aUser().id, { tokenExpiresAt: inDays(3) });
      const outcomes = await Promise.all([warn(account), warn(account)]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await eventsOf(account)).toHaveLength(1);
    });
  });

  describe('token refresh claims', () => {
    const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
    const claim = (account: ConnectedAccount, now: number, expiresAt = account.tokenExpiresAt as Date) =>
      store().accounts.claimTokenRefresh(account.id, expiresAt, minutes(now), minutes(now + 5));

    it('gives an expiry to one sweep at a time, and again once its lease ended', async () => {
      const account = await save(aUser().id, { tokenExpiresAt: inDays(3) });
      const outcomes = await Promise.all([claim(account, 0), claim(account, 0)]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await claim(account, 4)).toBe(false);
      expect(await claim(account, 5)).toBe(true);
      // A claim changes nothing else: the account is still listed and can be warned.
      expect(await expiring()).toEqual([account.id]);
      expect(await store().accounts.getAccount(account.id)).toEqual(account);
    });

    it('refuses when the expiry moved, or the account is gone, inactive or waiting for a reconnect', async () => {
      const owner = aUser().id;
      const account = await save(owner, { tokenExpiresAt: inDays(3) });
      expect(await claim(account, 0, inDays(4))).toBe(false);
      for (const other of [
        await save(owner, { tokenExpiresAt: inDays(3), status: 'inactive' }),
        await save(owner, { tokenExpiresAt: inDays(3), needsReconnect: true }),
        anAccount(owner, { tokenExpiresAt: inDays(3) }),
      ]) {
        expect(await claim(other, 0)).toBe(false);
      }
      expect(await claim(account, 0)).toBe(true);
    });
  });
}
