import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor, Scope } from '../../identity/index.js';
import type { PostStatus } from '../../kernel/index.js';
import type { Post } from '../../posts/index.js';
import { unpublishableReason } from '../../publishing/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { createRecordingPlatformGateway } from '../../testing/recording-platform-gateway.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { ConnectedAccount } from '../connected-account.js';
import { disconnectAccount } from './disconnect-account.js';
import { listConnections } from './list-connections.js';
import { refreshAccountTokens } from './refresh-account-tokens.js';
import { saveConnection } from './save-connection.js';

describe('disconnectAccount', () => {
  let t: TestDeps;
  let account: ConnectedAccount;
  const owner = aUser();
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['account:write', 'account:read'] as Scope[],
    accountIds: null,
    ...overrides,
  });
  const seedPosts = async (...posts: Post[]) => {
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: t.clock.now(),
      posts,
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
  };
  const connect = () =>
    saveConnection(t.deps, {
      ownerId: owner.id,
      platform: 'threads',
      platformAccountId: 'th-1',
      handle: 'brand',
      profileUrl: 'https://threads.example/brand',
      profileImageUrl: null,
      followerCount: 10,
      credentials: { accessToken: 'a1' },
      tokenExpiresAt: new Date('2026-03-01T00:00:00.000Z'),
    });

  beforeEach(async () => {
    t = createTestDeps();
    account = (await connect())._unsafeUnwrap();
  });

  it('makes the account inactive, erases its tokens and records account.disconnected', async () => {
    t.clock.advance(60_000);
    const done = (await disconnectAccount(t.deps, actor(), account.id))._unsafeUnwrap();
    const stored = await t.store.accounts.getAccount(account.id);
    expect(done).toEqual({ account: stored, alreadyDisconnected: false, pendingPostIds: [] });
    expect(stored).toMatchObject({
      status: 'inactive',
      sealedCredentials: null,
      tokenExpiresAt: null,
      updatedAt: t.clock.now(),
    });
    expect((await listConnections(t.deps, actor()))._unsafeUnwrap()).toEqual([]);
    const events = await t.store.events.listEvents(null, 100);
    expect(events.map((e) => e.type)).toEqual(['account.connected', 'account.disconnected']);
    expect(events.at(-1)).toMatchObject({
      subjectId: account.id,
      ownerId: owner.id,
      data: { platform: 'threads', handle: 'brand' },
    });
  });

  it('answers an account already disconnected as it is, recording nothing more', async () => {
    const first = (await disconnectAccount(t.deps, actor(), account.id))._unsafeUnwrap();
    t.clock.advance(60_000);
    const again = (await disconnectAccount(t.deps, actor(), account.id))._unsafeUnwrap();
    expect(again).toEqual({ account: first.account, alreadyDisconnected: true, pendingPostIds: [] });
    expect(
      (await t.store.events.listEvents(null, 100)).filter((e) => e.type === 'account.disconnected'),
    ).toHaveLength(1);
  });

  it.each<PostStatus>(['pending_approval', 'scheduled', 'publishing'])(
    'refuses while a %s post is aimed at the account, changing nothing',
    async (status) => {
      const pending = aPost(owner.id, account.id, { status, platforms: ['threads'] });
      const other = aPost(owner.id, 'acct_other', { platforms: ['threads'] });
      await seedPosts(pending, other);
      expect((await disconnectAccount(t.deps, actor(), account.id))._unsafeUnwrapErr()).toMatchObject({
        code: 'account_has_scheduled_posts',
        details: { accountId: account.id, postIds: [pending.id] },
      });
      expect(await t.store.accounts.getAccount(account.id)).toEqual(account);
    },
  );

  it('is not held back by drafts, posted, failed or deleted posts', async () => {
    await seedPosts(
      aPost(owner.id, account.id, { status: 'draft' }),
      aPost(owner.id, account.id, { status: 'posted' }),
      aPost(owner.id, account.id, { status: 'failed' }),
      aPost(owner.id, account.id, { deletedAt: t.clock.now() }),
    );
    expect((await disconnectAccount(t.deps, actor(), account.id)).isOk()).toBe(true);
  });

  it('with force, disconnects and names the posts that will fail at their time', async () => {
    const scheduled = aPost(owner.id, account.id, { platforms: ['threads'] });
    await seedPosts(scheduled);
    const done = (await disconnectAccount(t.deps, actor(), account.id, { force: true }))._unsafeUnwrap();
    expect(done.pendingPostIds).toEqual([scheduled.id]);
    expect(done.account.status).toBe('inactive');
    // What the publisher decides when it claims the post.
    expect(unpublishableReason(scheduled, done.account, new Map())).toBe(
      'The account was disconnected before the post went out.',
    );
  });

  it('stays disconnected when a token refresh started before it finishes after it', async () => {
    const gateway = createRecordingPlatformGateway('threads');
    const before = (await t.store.accounts.getAccount(account.id)) as ConnectedAccount;
    await disconnectAccount(t.deps, actor(), account.id);
    const refresh = await refreshAccountTokens(t.deps, gateway, before, { accessToken: 'a1' });
    expect(refresh.kind).toBe('unavailable');
    expect(await t.store.accounts.getAccount(account.id)).toMatchObject({
      status: 'inactive',
      sealedCredentials: null,
    });
  });

  it('is reactivated, same id, by connecting the same platform account again', async () => {
    await disconnectAccount(t.deps, actor(), account.id);
    t.clock.advance(60_000);
    const back = (await connect())._unsafeUnwrap();
    expect(back).toMatchObject({ id: account.id, status: 'active', needsReconnect: false });
    expect(JSON.parse(t.deps.secretBox.open(back.sealedCredentials ?? ''))).toEqual({ accessToken: 'a1' });
    expect((await listConnections(t.deps, actor()))._unsafeUnwrap().map((a) => a.id)).toEqual([account.id]);
    expect((await t.store.events.listEvents(null, 100)).at(-1)?.type).toBe('account.reconnected');
  });

  it("answers account_not_found for a missing or another user's account, or one outside the key's accounts", async () => {
    const foreign = await t.store.accounts.saveAccount(anAccount(aUser().id));
    for (const [who, id] of [
      [actor(), 'acct_missing'],
      [actor(), foreign.id],
      [actor({ accountIds: ['acct_other'] }), account.id],
    ] as const) {
      expect((await disconnectAccount(t.deps, who, id))._unsafeUnwrapErr()).toMatchObject({
        code: 'account_not_found',
        details: { accountId: id },
      });
    }
    expect((await t.store.accounts.getAccount(foreign.id))?.status).toBe('active');
    expect((await t.store.accounts.getAccount(account.id))?.status).toBe('active');
  });

  it('needs account:write', async () => {
    const reader = actor({ scopes: ['account:read'] });
    expect((await disconnectAccount(t.deps, reader, account.id))._unsafeUnwrapErr().code).toBe(
      'insufficient_scope',
    );
  });
});
