import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor, Scope } from '../../identity/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import {
  createRecordingPlatformGateway,
  type RecordingPlatformGateway,
  TEST_POSTING_OPTIONS,
} from '../../testing/recording-platform-gateway.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { ConnectedAccount } from '../connected-account.js';
import { getPostingOptions } from './get-posting-options.js';

describe('getPostingOptions', () => {
  let t: TestDeps;
  let gateway: RecordingPlatformGateway;
  let account: ConnectedAccount;
  let actor: Actor;
  const credentialsOf = async (id: string) => {
    const stored = await t.store.accounts.getAccount(id);
    return JSON.parse(t.deps.secretBox.open(stored?.sealedCredentials ?? '')) as Record<string, unknown>;
  };

  beforeEach(async () => {
    gateway = createRecordingPlatformGateway('tiktok');
    t = createTestDeps({ platforms: { tiktok: gateway } });
    const user = aUser();
    await t.store.users.insertUser(user);
    account = await t.store.accounts.saveAccount(
      anAccount(user.id, {
        platform: 'tiktok',
        handle: 'creator',
        sealedCredentials: t.deps.secretBox.seal(JSON.stringify({ accessToken: 'a1', refreshToken: 'r1' })),
      }),
    );
    actor = { user, credentialId: 'key_1', scopes: ['account:read'] as Scope[], accountIds: null };
  });

  it('reads the options live and reuses them for a minute', async () => {
    const first = (await getPostingOptions(t.deps, actor, account.id))._unsafeUnwrap();
    expect(first).toMatchObject({
      profileId: account.id,
      platform: 'tiktok',
      privacyLevels: TEST_POSTING_OPTIONS.privacyLevels,
      fetchedAt: t.clock.now(),
    });
    expect(gateway.postingOptionsCalls).toEqual([{ accessToken: 'a1', refreshToken: 'r1' }]);
    t.clock.advance(59_000);
    await getPostingOptions(t.deps, actor, account.id);
    expect(gateway.postingOptionsCalls).toHaveLength(1);
    t.clock.advance(1_000);
    await getPostingOptions(t.deps, actor, account.id);
    expect(gateway.postingOptionsCalls).toHaveLength(2);
  });

  it('refreshes a token refused as expired and asks again, keeping the new tokens', async () => {
    gateway.scriptPostingOptions({ kind: 'token_expired' });
    gateway.onRefresh({ credentials: { accessToken: 'a2', refreshToken: 'r2' }, expiresAt: null });
    const options = (await getPostingOptions(t.deps, actor, account.id))._unsafeUnwrap();
    expect(options.privacyLevels).toEqual(TEST_POSTING_OPTIONS.privacyLevels);
    expect(gateway.postingOptionsCalls.at(-1)).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(await credentialsOf(account.id)).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('refreshes ahead of time when the token expires within the gateway margin', async () => {
    const soon = { ...gateway, refreshMarginMs: 10 * 60_000 };
    t = { ...t, deps: { ...t.deps, platforms: { tiktok: soon } } };
    await t.store.accounts.saveAccount({
      ...account,
      tokenExpiresAt: new Date(t.clock.now().getTime() + 60_000),
    });
    gateway.onRefresh({ credentials: { accessToken: 'a3', refreshToken: 'r3' }, expiresAt: null });
    await getPostingOptions(t.deps, actor, account.id);
    expect(gateway.refreshCalls).toHaveLength(1);
    expect(gateway.postingOptionsCalls).toEqual([{ accessToken: 'a3', refreshToken: 'r3' }]);
  });

  it('marks the account for reconnection when the refresh is refused', async () => {
    gateway.scriptPostingOptions({ kind: 'token_expired' });
    gateway.onRefresh(null);
    const error = (await getPostingOptions(t.deps, actor, account.id))._unsafeUnwrapErr();
    expect(error.code).toBe('account_needs_reconnect');
    expect(error.message).toContain('@creator');
    expect((await t.store.accounts.getAccount(account.id))?.needsReconnect).toBe(true);
    // Once marked, the platform is not asked again until the account is reconnected.
    const again = (await getPostingOptions(t.deps, actor, account.id))._unsafeUnwrapErr();
    expect(again.code).toBe('account_needs_reconnect');
    expect(gateway.postingOptionsCalls).toHaveLength(1);
  });

  it('adopts tokens another process refreshed meanwhile instead of declaring the account lost', async () => {
    // TikTok rotates refresh tokens: the publisher refreshed first, so our r1 is refused.
    gateway.scriptPostingOptions({ kind: 'token_expired' });
    gateway.refreshCredentials = async (refreshed) => {
      gateway.refreshCalls.push(refreshed);
      await t.store.accounts.saveAccount({
        ...refreshed,
        sealedCredentials: t.deps.secretBox.seal(JSON.stringify({ accessToken: 'b2', refreshToken: 'rb2' })),
      });
      return null;
    };
    (await getPostingOptions(t.deps, actor, account.id))._unsafeUnwrap();
    expect(gateway.postingOptionsCalls.at(-1)).toEqual({ accessToken: 'b2', refreshToken: 'rb2' });
    expect((await t.store.accounts.getAccount(account.id))?.needsReconnect).toBe(false);
  });

  it('says when TikTok cannot be asked or refuses the creator, without caching either', async () => {
    gateway.scriptPostingOptions(
      { kind: 'unavailable', reason: 'rate limited' },
      { kind: 'cannot_post', reason: 'the daily posting limit is reached' },
    );
    const down = (await getPostingOptions(t.deps, actor, account.id))._unsafeUnwrapErr();
    expect(down).toMatchObject({ code: 'platform_unreachable' });
    expect(down.message).toContain('rate limited');
    const blocked = (await getPostingOptions(t.deps, actor, account.id))._unsafeUnwrapErr();
    expect(blocked.code).toBe('creator_cannot_post');
    expect(blocked.message).toContain('daily posting limit');
    (await getPostingOptions(t.deps, actor, account.id))._unsafeUnwrap();
    expect(gateway.postingOptionsCalls).toHaveLength(3);
  });

  it('refuses accounts the caller may not read, and platforms without options', async () => {
    const other = aUser();
    await t.store.users.insertUser(other);
    const foreign = await t.store.accounts.saveAccount(anAccount(other.id, { platform: 'tiktok' }));
    const instagram = await t.store.accounts.saveAccount(anAccount(actor.user.id, { platform: 'instagram' }));
    expect((await getPostingOptions(t.deps, actor, foreign.id))._unsafeUnwrapErr().code).toBe(
      'invalid_profile_ids',
    );
    expect((await getPostingOptions(t.deps, actor, 'acct_missing'))._unsafeUnwrapErr().code).toBe(
      'invalid_profile_ids',
    );
    const notTikTok = (await getPostingOptions(t.deps, actor, instagram.id))._unsafeUnwrapErr();
    expect(notTikTok.message).toContain('TikTok');
    const limited = { ...actor, accountIds: [instagram.id] };
    expect((await getPostingOptions(t.deps, limited, account.id))._unsafeUnwrapErr().code).toBe(
      'profile_scope_denied',
    );
    const noScope = { ...actor, scopes: ['post:read'] as Scope[] };
    expect((await getPostingOptions(t.deps, noScope, account.id))._unsafeUnwrapErr().code).toBe(
      'insufficient_scope',
    );
    expect(gateway.postingOptionsCalls).toHaveLength(0);
  });
});
