import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import { aMediaAsset, anAccount, aPost, aUser, seedMediaAsset } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { Post } from '../post.js';
import { updateScheduledPost } from './update-scheduled-post.js';

describe('updateScheduledPost', () => {
  let t: TestDeps;
  const owner = aUser();
  let instagram: ConnectedAccount;
  let threads: ConnectedAccount;
  let post: Post;
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

  beforeEach(async () => {
    t = createTestDeps();
    instagram = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'instagram' }));
    threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    post = await seed(aPost(owner.id, instagram.id));
  });

  it('replaces caption, time, target and media, bumping the version and waking the publisher', async () => {
    const asset = await seedMediaAsset(t.store.media, aMediaAsset(owner.id));
    const when = later(5);
    const updated = (
      await updateScheduledPost(t.deps, actor(), {
        postId: post.id,
        caption: 'New words',
        scheduledTime: when.toISOString(),
        profileIds: [threads.id],
        mediaIds: [asset.id],
      })
    )._unsafeUnwrap();
    expect(updated).toMatchObject({
      status: 'scheduled',
      caption: 'New words',
      scheduledTime: when,
      dueAt: when,
      platforms: ['threads'],
      profileIds: [threads.id],
      media: [{ kind: 'asset', mediaId: asset.id }],
      version: post.version + 1,
    });
    expect(t.publisher.dueCalls).toEqual([when]);
  });

  it('runs the content policy on the result', async () => {
    const error = (
      await updateScheduledPost(t.deps, actor(), {
        postId: post.id,
        caption: Array.from({ length: 40 }, (_, i) => `#t${i}`).join(' '),
      })
    )._unsafeUnwrapErr();
    expect(error.code).toBe('too_many_hashtags');
    const long = (
      await updateScheduledPost(t.deps, actor(), { postId: post.id, caption: 'x'.repeat(2201) })
    )._unsafeUnwrapErr();
    expect(long.code).toBe('caption_too_long');
  });

  it.each([
    ['a past time', { scheduledTime: '2020-01-01T00:00:00Z' }, 'scheduled_time_in_past'],
    ['a malformed time', { scheduledTime: 'tomorrow' }, 'invalid_scheduled_time'],
    ['several profile ids', { profileIds: ['a', 'b'] }, 'invalid_profile_ids'],
    ['an unknown profile id', { profileIds: ['acct_nope'] }, 'invalid_profile_ids'],
    ['foreign media', { mediaIds: ['media_nope'] }, 'media_not_found'],
  ])('refuses %s', async (_, change, code) => {
    expect(
      (await updateScheduledPost(t.deps, actor(), { postId: post.id, ...change }))._unsafeUnwrapErr().code,
    ).toBe(code);
    expect(await t.store.posts.getPost(post.id)).toEqual(post);
  });

  it('edits only scheduled posts of the key, not ones being published, posted or deleted', async () => {
    const publishing = await seed(aPost(owner.id, instagram.id, { status: 'publishing', leaseOwner: 'p' }));
    const busy = (
      await updateScheduledPost(t.deps, actor(), { postId: publishing.id, caption: 'x' })
    )._unsafeUnwrapErr();
    expect(busy.code).toBe('invalid_post_state');
    expect(busy.message).toContain('being published right now');
    const posted = await seed(aPost(owner.id, instagram.id, { status: 'posted' }));
    expect(
      (await updateScheduledPost(t.deps, actor(), { postId: posted.id, caption: 'x' }))._unsafeUnwrapErr()
        .code,
    ).toBe('invalid_post_state');
    const deleted = await seed(aPost(owner.id, instagram.id, { deletedAt: t.clock.now() }));
    expect(
      (await updateScheduledPost(t.deps, actor(), { postId: deleted.id, caption: 'x' }))._unsafeUnwrapErr()
        .code,
    ).toBe('post_not_found');
    expect(
      (
        await updateScheduledPost(t.deps, actor({ accountIds: [threads.id] }), {
          postId: post.id,
          caption: 'x',
        })
      )._unsafeUnwrapErr().code,
    ).toBe('post_not_found');
    expect(
      (
        await updateScheduledPost(t.deps, actor({ accountIds: [instagram.id] }), {
          postId: post.id,
          profileIds: [threads.id],
        })
      )._unsafeUnwrapErr().code,
    ).toBe('profile_scope_denied');
    expect(
      (
        await updateScheduledPost(t.deps, actor({ scopes: ['post:read'] }), { postId: post.id })
      )._unsafeUnwrapErr().code,
    ).toBe('insufficient_scope');
  });

  describe('through the same checks and media preparation as creation', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const storedPng = async () => {
      const content = t.inspector.describe(bytes('shot'), {
        contentType: 'image/png',
        width: 1080,
        height: 1350,
      });
      const put = await t.blobs.put(
        (async function* () {
          yield content;
        })(),
        { maxBytes: 1e6 },
      );
      if (!put.ok) throw new Error('put failed');
      return seedMediaAsset(
        t.store.media,
        aMediaAsset(owner.id, { contentType: 'image/png', blobKey: put.blob.key }),
      );
    };

    it('converts new media a target does not take, and downloads links for a new TikTok target', async () => {
      const png = await storedPng();
      const converted = (
        await updateScheduledPost(t.deps, actor(), { postId: post.id, mediaIds: [png.id] })
      )._unsafeUnwrap();
      expect(converted.media).toEqual([{ kind: 'asset', mediaId: expect.any(String), derivedFrom: png.id }]);

      const tiktok = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'tiktok' }));
      t.fetcher.serve(
        'https://cdn.example.com/clip.mp4',
        t.inspector.describe(bytes('clip'), {
          contentType: 'video/mp4',
          width: 1080,
          height: 1920,
          durationMs: 20_000,
        }),
      );
      const linked = await seed(
        aPost(owner.id, threads.id, {
          platforms: ['threads'],
          title: 'Clip',
          media: [{ kind: 'link', url: 'https://cdn.example.com/clip.mp4' }],
          platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
        }),
      );
      const moved = (
        await updateScheduledPost(t.deps, actor(), { postId: linked.id, profileIds: [tiktok.id] })
      )._unsafeUnwrap();
      expect(moved.platforms).toEqual(['tiktok']);
      const [slide] = moved.media;
      expect(slide?.kind).toBe('asset');
      expect(await t.store.media.getMediaAsset(slide?.kind === 'asset' ? slide.mediaId : '')).toMatchObject({
        contentType: 'video/mp4',
        sourceUrl: 'https://cdn.example.com/clip.mp4',
      });
    });

    it('refuses an edit that would repeat another post of the account', async () => {
      const other = await seed(
        aPost(owner.id, instagram.id, { caption: 'Same words', scheduledTime: later(2) }),
      );
      const refused = (
        await updateScheduledPost(t.deps, actor(), { postId: post.id, caption: 'same   words' })
      )._unsafeUnwrapErr();
      expect(refused).toMatchObject({ code: 'duplicate_content', details: { duplicateOf: other.id } });
    });
  });
});
