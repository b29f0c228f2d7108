import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import { aMediaAsset, anAccount, aPost, aUser, seedMediaAsset } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { Post } from '../post.js';
import { editPost } from './edit-post.js';

describe('editPost', () => {
  let t: TestDeps;
  const owner = aUser();
  let instagram: ConnectedAccount;
  let threads: ConnectedAccount;
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:write'],
    accountIds: null,
    ...overrides,
  });
  const later = (hours: number) => new Date(t.clock.now().getTime() + hours * 3_600_000);
  const seed = async (p: Post) => {
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: t.clock.now(),
      posts: [p],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    return p;
  };
  const aDraft = (overrides: Partial<Post> = {}) =>
    aPost(owner.id, threads.id, {
      status: 'draft',
      platforms: ['threads'],
      caption: 'First words',
      title: 'Old title',
      media: [],
      scheduledTime: null,
      dueAt: null,
      ...overrides,
    });

  beforeEach(async () => {
    t = createTestDeps();
    instagram = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'instagram' }));
    threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
  });

  describe('a draft', () => {
    it('is revised with what was sent and stays a draft that is not due', async () => {
      const draft = await seed(aDraft());
      const asset = await seedMediaAsset(t.store.media, aMediaAsset(owner.id));
      const when = later(5);
      const revised = (
        await editPost(t.deps, actor(), {
          postId: draft.id,
          caption: 'Better words',
          title: '  New title ',
          scheduledTime: when.toISOString(),
          profileIds: [instagram.id],
          mediaIds: [asset.id],
        })
      )._unsafeUnwrap();
      expect(revised).toMatchObject({
        status: 'draft',
        caption: 'Better words',
        title: 'New title',
        scheduledTime: when,
        dueAt: null,
        platforms: ['instagram'],
        profileIds: [instagram.id],
        media: [{ kind: 'asset', mediaId: asset.id }],
        updatedAt: t.clock.now(),
        version: draft.version + 1,
      });
      expect(await t.store.posts.getPost(draft.id)).toEqual(revised);
      // Not due: the publisher is not woken for a draft.
      expect(t.publisher.dueCalls).toEqual([]);
    });

    it('keeps what was not sent, and removes the title or the time when asked', async () => {
      const draft = await seed(aDraft({ scheduledTime: later(3) }));
      const kept = (
        await editPost(t.deps, actor(), { postId: draft.id, caption: 'Only this' })
      )._unsafeUnwrap();
      expect(kept).toMatchObject({ caption: 'Only this', title: 'Old title', scheduledTime: later(3) });
      const cleared = (
        await editPost(t.deps, actor(), { postId: draft.id, title: '', scheduledTime: null })
      )._unsafeUnwrap();
      expect(cleared).toMatchObject({ caption: 'Only this', title: null, scheduledTime: null });
    });

    it('takes a caption a platform would refuse (checked when approval is requested), not one over the ceiling', async () => {
      const draft = await seed(aDraft());
      const long = 'x'.repeat(600); // over Threads' 500
      expect(
        (await editPost(t.deps, actor(), { postId: draft.id, caption: long }))._unsafeUnwrap().caption,
      ).toBe(long);
      const code = async (change: Parameters<typeof editPost>[2]) =>
        (await editPost(t.deps, actor(), change))._unsafeUnwrapErr().code;
      expect(await code({ postId: draft.id, caption: 'x'.repeat(2201) })).toBe('caption_too_long');
      expect(await code({ postId: draft.id, scheduledTime: '2020-01-01T00:00:00Z' })).toBe(
        'scheduled_time_in_past',
      );
      expect(await code({ postId: draft.id, scheduledTime: 'tomorrow' })).toBe('invalid_scheduled_time');
      expect(await code({ postId: draft.id, mediaIds: ['media_nope'] })).toBe('media_not_found');
      const foreign = await t.store.accounts.saveAccount(
        anAccount('user_someone_else', { platform: 'threads' }),
      );
      expect(await code({ postId: draft.id, profileIds: [foreign.id] })).toBe('invalid_profile_ids');
      expect(
        (
          await editPost(t.deps, actor({ accountIds: [threads.id] }), {
            postId: draft.id,
            profileIds: [instagram.id],
          })
        )._unsafeUnwrapErr().code,
      ).toBe('profile_scope_denied');
      expect((await t.store.posts.getPost(draft.id))?.caption).toBe(long);
    });
  });

  describe('a scheduled post', () => {
    it('is edited by updateScheduledPost: title included, the content policy run again', async () => {
      const post = await seed(
        aPost(owner.id, threads.id, { platforms: ['threads'], media: [], caption: 'Hi' }),
      );
      const edited = (
        await editPost(t.deps, actor(), { postId: post.id, caption: 'Hello again', title: 'A title' })
      )._unsafeUnwrap();
      expect(edited).toMatchObject({ status: 'scheduled', caption: 'Hello again', title: 'A title' });
      const refused = (
        await editPost(t.deps, actor(), { postId: post.id, caption: 'x'.repeat(501) })
      )._unsafeUnwrapErr();
      expect(refused).toMatchObject({
        code: 'caption_too_long',
        details: { issues: [{ platform: 'threads' }] },
      });
      expect(
        (await editPost(t.deps, actor(), { postId: post.id, scheduledTime: null }))._unsafeUnwrapErr(),
      ).toMatchObject({ code: 'invalid_scheduled_time', details: { field: 'scheduledTime' } });
      expect((await t.store.posts.getPost(post.id))?.caption).toBe('Hello again');
    });
  });

  it('refuses posts awaiting review, posted and failed ones; deleted and foreign ones are not found', async () => {
    const code = async (post: Post, who = actor()) =>
      (await editPost(t.deps, who, { postId: post.id, caption: 'x' }))._unsafeUnwrapErr();
    const review = await seed(aDraft({ status: 'pending_approval' }));
    expect(await code(review)).toMatchObject({
      code: 'invalid_post_state',
      details: { state: 'pending_approval' },
    });
    expect((await code(review)).message).toContain('reject it to revise it');
    const posted = await seed(aPost(owner.id, instagram.id, { status: 'posted', dueAt: null }));
    expect((await code(posted)).code).toBe('invalid_post_state');
    const failed = await seed(
      aPost(owner.id, instagram.id, { status: 'failed', failedReason: 'no', dueAt: null }),
    );
    expect((await code(failed)).code).toBe('invalid_post_state');
    const deleted = await seed(aDraft({ deletedAt: t.clock.now() }));
    expect((await code(deleted)).code).toBe('post_not_found');
    const stranger = { ...aUser(), id: 'user_stranger' };
    expect((await code(await seed(aDraft()), actor({ user: stranger }))).code).toBe('post_not_found');
    expect((await code(await seed(aDraft()), actor({ scopes: ['post:draft'] }))).code).toBe(
      'insufficient_scope',
    );
  });

  describe('the evergreen rule', () => {
    const RULE = { everyDays: 7, maxTimes: 2, onlyAboveMedian: false };
    const aPosted = (overrides: Partial<Post> = {}) =>
      aPost(owner.id, threads.id, {
        status: 'posted',
        platforms: ['threads'],
        publishedAt: t.clock.now(),
        dueAt: null,
        evergreen: RULE,
        ...overrides,
      });

    it('of a posted post is the one thing that may still change, recorded as an edit', async () => {
      const posted = await seed(aPosted());
      const stopped = (
        await editPost(t.deps, actor(), { postId: posted.id, evergreen: null })
      )._unsafeUnwrap();
      expect(stopped).toMatchObject({ status: 'posted', evergreen: null, caption: posted.caption });
      const edited = (await t.store.events.listEvents(null, 100)).filter((e) => e.type === 'post.edited');
      expect(edited.map((e) => e.data.changed)).toEqual(['evergreen']);
      const refused = await editPost(t.deps, actor(), { postId: posted.id, caption: 'New', evergreen: RULE });
      expect(refused._unsafeUnwrapErr().code).toBe('invalid_post_state');
    });

    it('is refused on a recycled copy, and when out of bounds, naming the field', async () => {
      const copy = await seed(aPost(owner.id, threads.id, { recycledFrom: 'post_x', recycleNumber: 1 }));
      expect(
        (await editPost(t.deps, actor(), { postId: copy.id, evergreen: RULE }))._unsafeUnwrapErr(),
      ).toMatchObject({ code: 'validation_failed', details: { field: 'evergreen' } });
      const draft = await seed(aDraft());
      const bad = await editPost(t.deps, actor(), {
        postId: draft.id,
        evergreen: { everyDays: 0, maxTimes: 1 },
      });
      expect(bad._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_failed',
        details: { field: 'evergreen.everyDays' },
      });
      expect((await t.store.posts.getPost(draft.id))?.evergreen).toBeNull();
    });
  });
});
