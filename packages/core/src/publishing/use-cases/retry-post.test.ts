import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import type { Post } from '../../posts/index.js';
import { aMediaAsset, anAccount, aPost, aUser, seedMediaAsset } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { retryPost } from './retry-post.js';

describe('retryPost', () => {
  let t: TestDeps;
  const owner = aUser();
  let account: ConnectedAccount;
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:write'],
    accountIds: null,
    ...overrides,
  });
  const later = (hours: number) => new Date(t.clock.now().getTime() + hours * 3_600_000);
  const seed = async (overrides: Partial<Post> = {}, target = account) => {
    const post = aPost(owner.id, target.id, {
      status: 'failed',
      failedReason: 'Instagram refused the image.',
      attempts: 3,
      dueAt: null,
      scheduledTime: later(-2),
      ...overrides,
    });
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: t.clock.now(),
      posts: [post],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    return post;
  };

  beforeEach(async () => {
    t = createTestDeps();
    account = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'instagram' }));
  });

  it('queues a failed post again for the next run, cleared, with its event, taking no quota slot', async () => {
    const post = await seed();
    const used = await t.store.posts.quotaUsed(owner.id, new Date(0));
    const retried = (await retryPost(t.deps, actor(), post.id))._unsafeUnwrap();
    expect(retried).toMatchObject({
      id: post.id,
      status: 'scheduled',
      failedReason: null,
      attempts: 0,
      scheduledTime: t.clock.now(),
      dueAt: t.clock.now(),
      version: post.version + 1,
    });
    expect(t.publisher.dueCalls).toEqual([t.clock.now()]);
    expect(await t.store.posts.quotaUsed(owner.id, new Date(0))).toBe(used);
    const events = await t.store.events.listEvents(null, 100);
    expect(events.at(-1)).toMatchObject({
      type: 'post.retry_requested',
      subjectId: post.id,
      data: { scheduledTime: t.clock.now().toISOString() },
    });
  });

  it('retries at a given future time, and refuses a time that has passed', async () => {
    const post = await seed();
    const past = await retryPost(t.deps, actor(), post.id, { scheduledTime: later(-1) });
    expect(past._unsafeUnwrapErr()).toMatchObject({
      code: 'scheduled_time_in_past',
      details: { field: 'scheduledTime' },
    });
    const invalid = await retryPost(t.deps, actor(), post.id, { scheduledTime: new Date(Number.NaN) });
    expect(invalid._unsafeUnwrapErr().code).toBe('invalid_scheduled_time');
    const when = later(3);
    const retried = (await retryPost(t.deps, actor(), post.id, { scheduledTime: when }))._unsafeUnwrap();
    expect(retried).toMatchObject({ status: 'scheduled', scheduledTime: when, dueAt: when });
  });

  it('refuses posts in any other status, and posts being published', async () => {
    for (const status of ['scheduled', 'posted', 'draft', 'pending_approval'] as const) {
      const post = await seed({ status, failedReason: null, scheduledTime: later(1) });
      const error = (
        await retryPost(t.deps, actor(), post.id, { scheduledTime: later(-1) })
      )._unsafeUnwrapErr();
      expect([status, error.code]).toEqual([status, 'invalid_post_state']);
    }
    const publishing = await seed({ status: 'publishing', leaseOwner: 'p', failedReason: null });
    expect((await retryPost(t.deps, actor(), publishing.id))._unsafeUnwrapErr()).toMatchObject({
      code: 'invalid_post_state',
      details: { state: 'publishing' },
    });
  });

  it('answers post_not_found for deleted posts, other users posts and accounts outside the key', async () => {
    const deleted = await seed({ deletedAt: later(-1) });
    expect((await retryPost(t.deps, actor(), deleted.id))._unsafeUnwrapErr().code).toBe('post_not_found');
    const other = aUser();
    expect((await retryPost(t.deps, actor({ user: other }), (await seed()).id))._unsafeUnwrapErr().code).toBe(
      'post_not_found',
    );
    const post = await seed();
    expect(
      (await retryPost(t.deps, actor({ accountIds: ['acct_else'] }), post.id))._unsafeUnwrapErr().code,
    ).toBe('post_not_found');
    expect((await retryPost(t.deps, actor(), 'post_missing'))._unsafeUnwrapErr().code).toBe('post_not_found');
  });

  it('refuses what would fail again at once: reconnect needed, account gone, media gone', async () => {
    const stale = await t.store.accounts.saveAccount(
      anAccount(owner.id, { platform: 'instagram', needsReconnect: true }),
    );
    const onStale = await seed({}, stale);
    expect((await retryPost(t.deps, actor(), onStale.id))._unsafeUnwrapErr()).toMatchObject({
      code: 'account_needs_reconnect',
      details: { postId: onStale.id, profileId: stale.id },
    });
    const gone = await t.store.accounts.saveAccount(
      anAccount(owner.id, { platform: 'instagram', status: 'inactive' }),
    );
    const onGone = await seed({}, gone);
    expect((await retryPost(t.deps, actor(), onGone.id))._unsafeUnwrapErr()).toMatchObject({
      code: 'invalid_profile_ids',
      details: { field: 'profileIds', invalid: [gone.id] },
    });
    const asset = await seedMediaAsset(t.store.media, aMediaAsset(owner.id));
    const withMedia = await seed({
      media: [
        { kind: 'asset', mediaId: asset.id },
        { kind: 'asset', mediaId: 'media_gone' },
      ],
    });
    expect((await retryPost(t.deps, actor(), withMedia.id))._unsafeUnwrapErr()).toMatchObject({
      code: 'media_not_found',
      details: { missing: ['media_gone'] },
    });
    // Nothing was written by the refusals.
    expect((await t.store.posts.getPost(onStale.id))?.status).toBe('failed');
  });

  it('refuses a retry that repeats a post of the account going out around the same time', async () => {
    const post = await seed({ caption: 'Launch day' });
    await seed({ id: 'post_again', caption: 'Launch day', status: 'scheduled', scheduledTime: later(1) });
    const error = (await retryPost(t.deps, actor(), post.id))._unsafeUnwrapErr();
    expect(error).toMatchObject({ code: 'duplicate_content', details: { duplicateOf: 'post_again' } });
  });

  it('needs post:write and a plan that allows scheduling', async () => {
    const post = await seed();
    expect((await retryPost(t.deps, actor({ scopes: ['post:read'] }), post.id))._unsafeUnwrapErr().code).toBe(
      'insufficient_scope',
    );
    const expired = { ...owner, plan: { kind: 'expired' as const } };
    expect((await retryPost(t.deps, actor({ user: expired }), post.id))._unsafeUnwrapErr().code).toBe(
      'plan_required',
    );
  });

  it('edits the caption and title with the retry, in one write, with both events', async () => {
    const threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    const post = await seed({ platforms: ['threads'], caption: 'Old words', title: 'Old' }, threads);
    const retried = (
      await retryPost(t.deps, actor(), post.id, { caption: 'New words', title: '' })
    )._unsafeUnwrap();
    expect(retried).toMatchObject({ status: 'scheduled', caption: 'New words', title: null });
    expect(retried.version).toBe(post.version + 1);
    const events = (await t.store.events.listEvents(null, 100)).slice(-2);
    expect(events.map((e) => [e.type, e.data.changed ?? null])).toEqual([
      ['post.retry_requested', null],
      ['post.edited', 'caption,title'],
    ]);
    // The journal names what changed, never the words.
    expect(JSON.stringify(events)).not.toContain('New words');
  });

  it('refuses an edit the content policy refuses, leaving the post failed as it was', async () => {
    const threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    const post = await seed({ platforms: ['threads'], caption: 'Short' }, threads);
    const error = (
      await retryPost(t.deps, actor(), post.id, { caption: 'x'.repeat(501) })
    )._unsafeUnwrapErr();
    expect([error.code, error.message]).toEqual(['caption_too_long', expect.stringContaining('Threads')]);
    expect(await t.store.posts.getPost(post.id)).toMatchObject({ status: 'failed', caption: 'Short' });
    const tooLong = await retryPost(t.deps, actor(), post.id, { caption: 'x'.repeat(100_000) });
    expect(tooLong._unsafeUnwrapErr().code).toBe('caption_too_long');
  });
});
