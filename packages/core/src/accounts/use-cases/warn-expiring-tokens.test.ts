import { beforeEach, describe, expect, it } from 'vitest';
import { type Platform, StoreUnavailableError } from '../../kernel/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import {
  createRecordingPlatformGateway,
  type RecordingPlatformGateway,
} from '../../testing/recording-platform-gateway.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { ConnectedAccount } from '../connected-account.js';
import type { AccountGateway } from '../ports/platform-gateway.js';
import {
  expiringTokenStep,
  TOKEN_EXPIRY_WINDOW_MS,
  tokenLapsesSoon,
  tokenSweepHorizonMs,
  warnExpiringTokens,
} from './warn-expiring-tokens.js';

const DAY = 86_400_000;

describe('warnExpiringTokens', () => {
  let t: TestDeps;
  let owner: string;
  // Facebook: tokens cannot be refreshed ahead of time. Instagram: refreshed 7 days ahead, as
  // Meta's long-lived tokens are. YouTube: an hour-long token refreshed 5 minutes ahead.
  let facebook: RecordingPlatformGateway;
  let instagram: RecordingPlatformGateway;
  let youtube: RecordingPlatformGateway;
  const inMs = (ms: number) => new Date(t.clock.now().getTime() + ms);
  const connect = (platform: Platform, expiresInMs: number, overrides: Partial<ConnectedAccount> = {}) =>
    t.store.accounts.saveAccount(
      anAccount(owner, {
        platform,
        tokenExpiresAt: inMs(expiresInMs),
        sealedCredentials: t.deps.secretBox.seal(JSON.stringify({ accessToken: 'a1', refreshToken: 'r1' })),
        ...overrides,
      }),
    );
  const warnings = async () =>
    (await t.store.events.listEvents(null, 1000)).filter((e) => e.type === 'account.token_expiring');
  const withMargin = (gateway: RecordingPlatformGateway, refreshMarginMs: number | null) =>
    Object.assign(gateway, { refreshMarginMs });

  beforeEach(async () => {
    facebook = createRecordingPlatformGateway('facebook');
    instagram = withMargin(createRecordingPlatformGateway('instagram'), 7 * DAY);
    youtube = withMargin(createRecordingPlatformGateway('youtube'), 5 * 60_000);
    t = createTestDeps({ platforms: { facebook, instagram, youtube } });
    const user = aUser();
    await t.store.users.insertUser(user);
    owner = user.id;
  });

  it('warns once about a token that cannot be refreshed and lapses within 7 days', async () => {
    const account = await connect('facebook', 3 * DAY);
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 0, warned: 1, faults: [] });
    expect(await warnings()).toEqual([
      expect.objectContaining({
        type: 'account.token_expiring',
        at: t.clock.now(),
        ownerId: owner,
        subjectId: account.id,
        data: { platform: 'facebook', handle: account.handle, expiresAt: inMs(3 * DAY).toISOString() },
      }),
    ]);
    expect(facebook.refreshCalls).toEqual([]);

    t.clock.advance(DAY);
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 0, warned: 0, faults: [] });
    expect(await warnings()).toHaveLength(1);
    expect(await t.store.accounts.getAccount(account.id)).toEqual(account);
  });

  it('leaves a token lapsing in 10 days alone until it is within the window', async () => {
    await connect('facebook', 10 * DAY);
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 0, warned: 0, faults: [] });
    t.clock.advance(3 * DAY + 1);
    expect(await warnExpiringTokens(t.deps)).toMatchObject({ warned: 1 });
  });

  it('refreshes a token the platform refreshes, moving its expiry, without a warning', async () => {
    const account = await connect('instagram', 3 * DAY);
    instagram.onRefresh({ credentials: { accessToken: 'a2' }, expiresAt: inMs(60 * DAY) });
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 1, warned: 0, faults: [] });
    expect(instagram.refreshCalls.map((a) => a.id)).toEqual([account.id]);
    const stored = await t.store.accounts.getAccount(account.id);
    expect(stored?.tokenExpiresAt).toEqual(inMs(60 * DAY));
    expect(JSON.parse(t.deps.secretBox.open(stored?.sealedCredentials ?? ''))).toEqual({ accessToken: 'a2' });
    expect(await warnings()).toEqual([]);
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 0, warned: 0, faults: [] });
  });

  it('warns when the refresh is unavailable, and does not try again for that expiry', async () => {
    const account = await connect('instagram', 3 * DAY);
    instagram.refreshCredentials = async (refreshing) => {
      instagram.refreshCalls.push(refreshing);
      throw new Error('ETIMEDOUT');
    };
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 0, warned: 1, faults: [] });
    expect((await warnings()).map((e) => e.subjectId)).toEqual([account.id]);
    await warnExpiringTokens(t.deps);
    expect(instagram.refreshCalls).toHaveLength(1);
    expect(await warnings()).toHaveLength(1);
  });

  it('warns when the platform refuses the refresh, leaving the still-valid token usable', async () => {
    const account = await connect('instagram', 3 * DAY);
    instagram.onRefresh(null);
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 0, warned: 1, faults: [] });
    expect((await warnings()).map((e) => e.subjectId)).toEqual([account.id]);
    expect(await t.store.accounts.getAccount(account.id)).toMatchObject({ needsReconnect: false });
  });

  it('warns without trying when the platform is not configured or the account has no tokens', async () => {
    const unconfigured = await connect('threads', 2 * DAY);
    const bare = await connect('instagram', 2 * DAY, { sealedCredentials: null });
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 0, warned: 2, faults: [] });
    expect(instagram.refreshCalls).toEqual([]);
    expect((await warnings()).map((e) => e.subjectId).sort()).toEqual([unconfigured.id, bare.id].sort());
  });

  it('refreshes short-lived tokens only once they are due by the platform margin', async () => {
    const account = await connect('youtube', 60 * 60_000);
    youtube.onRefresh({ credentials: { accessToken: 'y2' }, expiresAt: inMs(2 * 60 * 60_000) });
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 0, warned: 0, faults: [] });
    expect(youtube.refreshCalls).toEqual([]);
    t.clock.advance(56 * 60_000);
    expect(await warnExpiringTokens(t.deps)).toEqual({ refreshed: 1, warned: 0, faults: [] });
    expect(youtube.refreshCalls.map((a) => a.id)).toEqual([account.id]);
    expect(await warnings()).toEqual([]);
  });

  it('warns again when a refresh or a reconnect brings a new expiry within the window', async () => {
    const account = await connect('facebook', 3 * DAY);
    await warnExpiringTokens(t.deps);
    await t.store.accounts.saveAccount({ ...account, tokenExpiresAt: inMs(6 * DAY) });
    expect(await warnExpiringTokens(t.deps)).toMatchObject({ warned: 1 });
    expect((await warnings()).map((e) => e.data.expiresAt)).toEqual(
      [inMs(3 * DAY), inMs(6 * DAY)].map((d) => d.toISOString()),
    );
  });

  it('collects the fault of one account and goes on with the others', async () => {
    const broken = await connect('instagram', DAY, { sealedCredentials: 'not-sealed-by-this-box' });
    const fine = await connect('facebook', DAY);
    const result = await warnExpiringTokens(t.deps);
    expect(result).toMatchObject({ refreshed: 0, warned: 1 });
    expect(result.faults.map((f) => f.accountId)).toEqual([broken.id]);
    expect((await warnings()).map((e) => e.subjectId)).toEqual([fine.id]);
  });

  it('rethrows a store out of reach', async () => {
    await connect('facebook', DAY);
    const accounts = t.store.accounts;
    const store = {
      ...t.store,
      accounts: {
        ...accounts,
        markTokenExpiring: async () => {
          throw new StoreUnavailableError('the database is away');
        },
      },
    };
    await expect(warnExpiringTokens({ ...t.deps, store })).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('looks at up to `limit` accounts per platform, soonest expiry first', async () => {
    const [first, second] = [await connect('facebook', DAY), await connect('facebook', 2 * DAY)];
    await connect('facebook', 3 * DAY);
    expect(await warnExpiringTokens(t.deps, { limit: 2 })).toMatchObject({ warned: 2 });
    expect((await warnings()).map((e) => e.subjectId)).toEqual([first.id, second.id]);
    expect(await warnExpiringTokens(t.deps, { limit: 2, windowMs: 2 * DAY })).toMatchObject({ warned: 0 });
    expect(await warnExpiringTokens(t.deps, { limit: 2 })).toMatchObject({ warned: 1 });
  });
});

describe('the sweep decisions', () => {
  const gateway = (refreshMarginMs: number | null): AccountGateway => ({
    ...createRecordingPlatformGateway('instagram'),
    refreshMarginMs,
  });
  const account = anAccount('user_1', { sealedCredentials: 'sealed' });

  it('refreshes only with a gateway that refreshes ahead and tokens to refresh with', () => {
    const refreshing = gateway(DAY);
    expect(expiringTokenStep(account, refreshing)).toEqual({
      kind: 'refresh',
      gateway: refreshing,
      sealedCredentials: 'sealed',
    });
    expect(expiringTokenStep(account, gateway(null))).toEqual({ kind: 'warn' });
    expect(expiringTokenStep(account, undefined)).toEqual({ kind: 'warn' });
    expect(expiringTokenStep({ ...account, sealedCredentials: null }, refreshing)).toEqual({ kind: 'warn' });
  });

  it('looks the whole window ahead for tokens it cannot refresh, only the margin for those it can', () => {
    expect(tokenSweepHorizonMs(undefined, TOKEN_EXPIRY_WINDOW_MS)).toBe(TOKEN_EXPIRY_WINDOW_MS);
    expect(tokenSweepHorizonMs(gateway(null), TOKEN_EXPIRY_WINDOW_MS)).toBe(TOKEN_EXPIRY_WINDOW_MS);
    expect(tokenSweepHorizonMs(gateway(5 * 60_000), TOKEN_EXPIRY_WINDOW_MS)).toBe(5 * 60_000);
    expect(tokenSweepHorizonMs(gateway(30 * DAY), TOKEN_EXPIRY_WINDOW_MS)).toBe(TOKEN_EXPIRY_WINDOW_MS);
  });

  it('tells an owner of a token lapsing within the same horizon, unless the account already waits for a reconnect', () => {
    const now = new Date('2026-01-15T12:00:00.000Z');
    const lapsingIn = (ms: number, overrides: Partial<ConnectedAccount> = {}) => ({
      ...account,
      tokenExpiresAt: new Date(now.getTime() + ms),
      ...overrides,
    });
    expect(tokenLapsesSoon(lapsingIn(6 * DAY), undefined, now)).toBe(true);
    expect(tokenLapsesSoon(lapsingIn(-DAY), gateway(null), now)).toBe(true);
    expect(tokenLapsesSoon(lapsingIn(8 * DAY), gateway(null), now)).toBe(false);
    expect(tokenLapsesSoon({ ...account, tokenExpiresAt: null }, undefined, now)).toBe(false);
    expect(tokenLapsesSoon(lapsingIn(DAY, { needsReconnect: true }), undefined, now)).toBe(false);
    expect(tokenLapsesSoon(lapsingIn(DAY, { status: 'inactive' }), undefined, now)).toBe(false);
    // A short-lived token the service renews on use: only once it is due and was not renewed.
    expect(tokenLapsesSoon(lapsingIn(DAY), gateway(5 * 60_000), now)).toBe(false);
    expect(tokenLapsesSoon(lapsingIn(60_000), gateway(5 * 60_000), now)).toBe(true);
  });
});
