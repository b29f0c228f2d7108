import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, trialStateAt, type User } from '../../identity/index.js';
import { captionPreview } from '../../kernel/index.js';
import type { Post } from '../../posts/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { getAccountSummary } from './get-account-summary.js';

const HOUR = 3_600_000;

describe('getAccountSummary', () => {
  let t: TestDeps;
  let user: User;
  const actorOf = (overrides: Partial<Actor> = {}): Actor => ({
    user,
    credentialId: 'key_1',
    scopes: ['account:read'],
    accountIds: null,
    ...overrides,
  });
  const insert = async (posts: Post[]) => {
    const outcome = await t.store.posts.insertPosts({
      ownerId: user.id,
      at: t.clock.now(),
      posts,
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date('2026-01-01T00:00:00Z') },
    });
    expect(outcome.kind).toBe('inserted');
  };

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser({ plan: { kind: 'trial', endsAt: new Date('2026-01-20T10:00:00Z') } });
    await t.store.users.insertUser(user);
  });

  it('sums up plan, trial, accounts, post counts and the next three posts', async () => {
    const ig = await t.store.accounts.saveAccount(anAccount(user.id, { handle: 'shop' }));
    const th = await t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'shop.t' }),
    );
    await t.store.accounts.saveAccount(anAccount(user.id, { status: 'inactive' }));
    await t.store.accounts.saveAccount(anAccount(aUser().id));
    const now = t.clock.now().getTime();
    const long = 'x'.repeat(200);
    await insert([
      aPost(user.id, ig.id, { id: 'post_4', scheduledTime: new Date(now + 4 * HOUR) }),
      aPost(user.id, ig.id, { id: 'post_1', scheduledTime: new Date(now + HOUR), caption: long }),
      aPost(user.id, th.id, {
        id: 'post_2',
        platforms: ['threads'],
        scheduledTime: new Date(now + 2 * HOUR),
      }),
      aPost(user.id, ig.id, { id: 'post_3', scheduledTime: new Date(now + 3 * HOUR) }),
    ]);

    const summary = (await getAccountSummary(t.deps, actorOf()))._unsafeUnwrap();
    expect(summary.plan).toEqual({
      kind: 'trial',
      state: 'trial',
      trialEndsAt: new Date('2026-01-20T10:00:00Z'),
      betaTester: false,
    });
    expect(summary.trial).toEqual({ state: 'active', daysLeft: 5 });
    expect(summary.connectedAccounts).toBe(2);
    expect(summary.postCounts).toEqual({ draft: 0, pending_approval: 0, scheduled: 4, posted: 0, failed: 0 });
    expect(summary.upcomingPosts.map((p) => [p.id, p.platform, p.handle])).toEqual([
      ['post_1', 'instagram', 'shop'],
      ['post_2', 'threads', 'shop.t'],
      ['post_3', 'instagram', 'shop'],
    ]);
    expect(summary.upcomingPosts[0]?.captionPreview).toHaveLength(80);
    expect(summary.upcomingPosts[0]?.scheduledTime).toEqual(new Date(now + HOUR));
    expect(JSON.stringify(summary)).not.toContain('sealed');
  });

  it('counts and lists only the accounts a limited key may see', async () => {
    const ig = await t.store.accounts.saveAccount(anAccount(user.id));
    const th = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    await insert([
      aPost(user.id, ig.id, { id: 'post_a' }),
      aPost(user.id, th.id, { id: 'post_b', platforms: ['threads'] }),
    ]);
    const summary = (await getAccountSummary(t.deps, actorOf({ accountIds: [th.id] })))._unsafeUnwrap();
    expect(summary.connectedAccounts).toBe(1);
    expect(summary.postCounts.scheduled).toBe(1);
    expect(summary.upcomingPosts.map((p) => p.id)).toEqual(['post_b']);
  });

  it('shows the handle of an account disconnected after scheduling', async () => {
    const ig = await t.store.accounts.saveAccount(anAccount(user.id, { handle: 'gone' }));
    await insert([aPost(user.id, ig.id, { id: 'post_x' })]);
    await t.store.accounts.saveAccount({ ...ig, status: 'inactive' });
    const summary = (await getAccountSummary(t.deps, actorOf()))._unsafeUnwrap();
    expect(summary.connectedAccounts).toBe(0);
    expect(summary.upcomingPosts[0]?.handle).toBe('gone');
  });

  it('needs account:read', async () => {
    const refused = await getAccountSummary(t.deps, actorOf({ scopes: ['post:read'] }));
    expect(refused._unsafeUnwrapErr().code).toBe('insufficient_scope');
  });
});

describe('trialStateAt', () => {
  const now = new Date('2026-01-15T12:00:00Z');
  it('gives whole days left, rounded up, then ended; other plans are not on trial', () => {
    expect(trialStateAt({ kind: 'trial', endsAt: new Date('2026-01-15T14:00:00Z') }, now)).toEqual({
      state: 'active',
      daysLeft: 1,
    });
    expect(trialStateAt({ kind: 'trial', endsAt: now }, now)).toEqual({ state: 'ended' });
    expect(trialStateAt({ kind: 'paid' }, now)).toEqual({ state: 'not_on_trial' });
    expect(trialStateAt({ kind: 'expired' }, now)).toEqual({ state: 'not_on_trial' });
  });
});

describe('captionPreview', () => {
  it('keeps short captions and cuts long ones to 80 characters with an ellipsis', () => {
    expect(captionPreview('Hello')).toBe('Hello');
    expect(captionPreview('a'.repeat(80))).toBe('a'.repeat(80));
    const cut = captionPreview(`${'😀'.repeat(79)}bc`);
    expect(Array.from(cut)).toHaveLength(80);
    expect(cut.endsWith('😀…')).toBe(true);
  });
});
