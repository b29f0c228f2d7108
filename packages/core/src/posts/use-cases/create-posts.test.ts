import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Store } from '../../deps/index.js';
import { type Actor, DEFAULT_PLAN_LIMITS, type Scope, type User } from '../../identity/index.js';
import type { IdGenerator } from '../../kernel/index.js';
import { aMediaAsset, anAccount, aUser, seedMediaAsset } from '../../testing/builders.js';
import { createFakeClock, type FakeClock } from '../../testing/fake-clock.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import {
  createRecordingPublisherSignal,
  type RecordingPublisherSignal,
} from '../../testing/recording-publisher-signal.js';
import { createSequentialIds } from '../../testing/sequential-ids.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { createPosts } from './create-posts.js';

const FUTURE = '2026-01-15T13:00:00.000Z';

describe('createPosts', () => {
  let store: Store;
  let clock: FakeClock;
  let publisher: RecordingPublisherSignal;
  let ids: IdGenerator;
  let user: User;
  let ig: ConnectedAccount;
  let ig2: ConnectedAccount;
  let tiktok: ConnectedAccount;
  let planLimits = DEFAULT_PLAN_LIMITS;

  const actorFor = (overrides: Partial<Actor> = {}): Actor => ({
    user,
    credentialId: 'key_1',
    scopes: ['post:write', 'post:read'] as Scope[],
    accountIds: null,
    ...overrides,
  });
  let media: TestDeps;
  const create = (payload: unknown, actor: Actor = actorFor(), requireScheduledTime = false) =>
    createPosts({ ...media.deps, store, clock, ids, publisher, planLimits }, actor, payload, {
      requireScheduledTime,
    });
  const errorOf = async (payload: unknown, actor?: Actor) =>
    (await create(payload, actor))._unsafeUnwrapErr();
  const nothingWritten = async () => expect(await store.posts.nextDueAt()).toBeNull();

  beforeEach(async () => {
    store = createMemoryStore();
    clock = createFakeClock('2026-01-15T12:00:00.000Z');
    publisher = createRecordingPublisherSignal(5_000);
    ids = createSequentialIds();
    media = createTestDeps();
    planLimits = DEFAULT_PLAN_LIMITS;
    user = aUser();
    await store.users.insertUser(user);
    ig = await store.accounts.saveAccount(anAccount(user.id, { platform: 'instagram' }));
    ig2 = await store.accounts.saveAccount(anAccount(user.id, { platform: 'instagram' }));
    tiktok = await store.accounts.saveAccount(anAccount(user.id, { platform: 'tiktok' }));
  });

  const igPost = {
    platforms: ['instagram'],
    caption: 'Launch day',
    mediaUrls: ['https://cdn.example/a.jpg'],
  };

  it('creates one scheduled row per profile and wakes the publisher', async () => {
    const result = (
      await create({ ...igPost, profileIds: [ig.id, ig2.id], scheduledTime: FUTURE })
    )._unsafeUnwrap();
    expect(result).toMatchObject({ status: 'scheduled', scheduledTime: new Date(FUTURE), replayed: false });
    expect(result.postIds).toHaveLength(2);
    const rows = await Promise.all(result.postIds.map((id) => store.posts.getPost(id)));
    expect(rows.map((r) => r?.profileIds)).toEqual([[ig.id], [ig2.id]]);
    expect(rows[0]).toMatchObject({
      ownerId: user.id,
      status: 'scheduled',
      caption: 'Launch day',
      platforms: ['instagram'],
      media: [{ kind: 'link', url: 'https://cdn.example/a.jpg' }],
      scheduledTime: new Date(FUTURE),
      dueAt: new Date(FUTURE),
      attempts: 0,
      publishedAt: null,
      permalink: null,
      failedReason: null,
    });
    expect(publisher.dueCalls).toEqual([new Date(FUTURE)]);
  });

  it('gives immediate posts the next publisher run as their time', async () => {
    const result = (await create({ ...igPost, profileIds: [ig.id] }))._unsafeUnwrap();
    expect(result.scheduledTime).toEqual(new Date('2026-01-15T12:00:05.000Z'));
    expect((await store.posts.getPost(result.postIds[0] ?? ''))?.dueAt).toEqual(result.scheduledTime);
  });

  it('fans out to every active account of each platform the key can see when profileIds is absent', async () => {
    await store.accounts.saveAccount(anAccount(user.id, { platform: 'instagram', status: 'inactive' }));
    await store.accounts.saveAccount(anAccount(aUser().id, { platform: 'instagram' }));
    const all = (await create(igPost))._unsafeUnwrap();
    expect(all.postIds).toHaveLength(2);
    const limited = (
      await create({ ...igPost, caption: 'Another' }, actorFor({ accountIds: [ig2.id, tiktok.id] }))
    )._unsafeUnwrap();
    expect((await store.posts.getPost(limited.postIds[0] ?? ''))?.profileIds).toEqual([ig2.id]);
    expect(limited.postIds).toHaveLength(1);
  });

  it('resolves owned media ids in slide order', async () => {
    const [a, b] = [aMediaAsset(user.id), aMediaAsset(user.id)];
    await seedMediaAsset(store.media, a);
    await seedMediaAsset(store.media, b);
    const result = (
      await create({ platforms: ['instagram'], profileIds: [ig.id], mediaIds: [b.id, a.id] })
    )._unsafeUnwrap();
    expect((await store.posts.getPost(result.postIds[0] ?? ''))?.media).toEqual([
      { kind: 'asset', mediaId: b.id },
      { kind: 'asset', mediaId: a.id },
    ]);
  });

  it('returns advisory warnings with the created posts', async () => {
    await store.accounts.saveAccount({ ...ig, needsReconnect: true });
    const result = (
      await create({ ...igPost, caption: 'See https://shop.example/x', profileIds: [ig.id] })
    )._unsafeUnwrap();
    const codes = result.warnings.map((w) => w.code);
    expect(codes).toContain('link_not_clickable');
    expect(codes).toContain('account_needs_reconnect');
  });

  describe('refusals (nothing is written)', () => {
    it('insufficient_scope without post:write', async () => {
      const error = await errorOf(igPost, actorFor({ scopes: ['post:read'] }));
      expect(error.code).toBe('insufficient_scope');
      await nothingWritten();
    });

    it('plan_required once the trial has ended', async () => {
      user = { ...user, plan: { kind: 'trial', endsAt: new Date('2026-01-15T11:59:59Z') } };
      expect((await errorOf(igPost)).code).toBe('plan_required');
      await nothingWritten();
    });

    it.each([
      [{ caption: 'x' }, 'missing_platforms'],
      [{ platforms: ['myspace'], caption: 'x' }, 'unsupported_platform'],
      [{ platforms: ['threads'], caption: 'x', scheduledTime: 'next friday' }, 'invalid_scheduled_time'],
      [
        { platforms: ['threads'], caption: 'x', scheduledTime: '2026-01-15T11:00:00Z' },
        'scheduled_time_in_past',
      ],
      [
        { platforms: ['threads'], caption: 'x', scheduledTime: '2026-01-15T12:00:00Z' },
        'scheduled_time_in_past',
      ],
      [{ platforms: ['instagram'] }, 'missing_content'],
      [{ platforms: ['instagram'], caption: 'no media' }, 'media_required'],
      [{ platforms: ['tiktok'], caption: 'x', mediaUrls: ['https://a.example/v.mp4'] }, 'title_required'],
      [
        { platforms: ['tiktok'], caption: 'x', title: 'T', mediaUrls: ['https://a.example/v.mp4'] },
        'privacy_level_required',
      ],
      [
        { platforms: ['instagram'], caption: 'x'.repeat(2201), mediaUrls: ['https://a.example/a.jpg'] },
        'caption_too_long',
      ],
      [{ platforms: ['threads'], caption: 'x', mediaId: 'media_nope' }, 'media_not_found'],
      [{ platforms: ['threads'], caption: 'x', profileIds: ['acct_unknown'] }, 'invalid_profile_ids'],
      [{ platforms: ['threads'], caption: 'x' }, 'no_connected_account'],
      [{ platforms: ['threads'], caption: 'x', mediaId: 'm1', mediaIds: ['m2'] }, 'ambiguous_media'],
      [{ platforms: ['threads'], text: 'x' }, 'validation_failed'],
    ])('%j → %s', async (payload, code) => {
      expect((await errorOf(payload)).code).toBe(code);
      await nothingWritten();
    });

    it('scheduledTime is required on the schedule endpoint', async () => {
      const error = (await create(igPost, actorFor(), true))._unsafeUnwrapErr();
      expect(error.code).toBe('invalid_scheduled_time');
    });

    it('reports every policy error at once, the first one as the code', async () => {
      const error = await errorOf({ platforms: ['instagram', 'tiktok'], caption: 'x'.repeat(2300) });
      const issues = (error.details?.issues ?? []) as { code: string }[];
      expect(issues.map((i) => i.code)).toEqual(
        expect.arrayContaining(['caption_too_long', 'media_required', 'title_required']),
      );
      expect(error.code).toBe(issues[0]?.code);
    });

    it('invalid_profile_ids for another user’s, an inactive or a mismatched account, or a platform left without one', async () => {
      const foreign = await store.accounts.saveAccount(anAccount(aUser().id, { platform: 'instagram' }));
      const inactive = await store.accounts.saveAccount(
        anAccount(user.id, { platform: 'instagram', status: 'inactive' }),
      );
      for (const profileIds of [[foreign.id], [inactive.id], [ig.id, tiktok.id]]) {
        expect((await errorOf({ ...igPost, profileIds })).code).toBe('invalid_profile_ids');
      }
      const uncovered = await errorOf({
        platforms: ['instagram', 'tiktok'],
        title: 'T',
        caption: 'x',
        mediaUrls: ['https://a.example/v.mp4'],
        platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
        profileIds: [ig.id],
      });
      expect(uncovered).toMatchObject({
        code: 'invalid_profile_ids',
        details: { platformsWithoutProfile: ['tiktok'] },
      });
      await nothingWritten();
    });

    it('profile_scope_denied for the user’s own account outside the key’s limit', async () => {
      const error = await errorOf({ ...igPost, profileIds: [ig.id] }, actorFor({ accountIds: [ig2.id] }));
      expect(error).toMatchObject({ code: 'profile_scope_denied', details: { denied: [ig.id] } });
      await nothingWritten();
    });

    it('no_connected_account when the key sees no account on a platform', async () => {
      const error = await errorOf(igPost, actorFor({ accountIds: [tiktok.id] }));
      expect(error).toMatchObject({ code: 'no_connected_account', details: { platforms: ['instagram'] } });
    });

    it('media_not_found for another user’s asset and for a pending one', async () => {
      for (const asset of [
        aMediaAsset(aUser().id),
        aMediaAsset(user.id, { status: 'pending', blobKey: null }),
      ]) {
        await seedMediaAsset(store.media, asset);
        const error = await errorOf({ platforms: ['instagram'], profileIds: [ig.id], mediaIds: [asset.id] });
        expect(error).toMatchObject({ code: 'media_not_found', details: { missing: [asset.id] } });
      }
      await nothingWritten();
    });

    it('quota_exceeded when the rows would pass the monthly limit, writing none of them', async () => {
      planLimits = { ...DEFAULT_PLAN_LIMITS, paid: { postsPerMonth: 2, storageBytes: 1 } };
      (await create({ ...igPost, profileIds: [ig.id] }))._unsafeUnwrap();
      const error = await errorOf({ ...igPost, caption: 'Second' });
      expect(error).toMatchObject({ code: 'quota_exceeded', details: { used: 1, limit: 2 } });
      expect((await create({ ...igPost, caption: 'Second', profileIds: [ig2.id] })).isOk()).toBe(true);
    });
  });

  describe('media in posts', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const video = (text: string) =>
      media.inspector.describe(bytes(text), {
        contentType: 'video/mp4',
        width: 1080,
        height: 1920,
        durationMs: 20_000,
      });
    const tiktokPost = {
      platforms: ['instagram', 'tiktok'],
      caption: 'Launch',
      title: 'Launch',
      platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
      scheduledTime: FUTURE,
    };

    it('downloads links for TikTok now and leaves them as links for Instagram', async () => {
      media.fetcher.serve('https://cdn.example.com/clip.mp4', video('clip'));
      const result = (
        await create({
          ...tiktokPost,
          mediaUrls: ['https://cdn.example.com/clip.mp4'],
          profileIds: [ig.id, tiktok.id],
        })
      )._unsafeUnwrap();
      const [igRow, tiktokRow] = await Promise.all(result.postIds.map((id) => store.posts.getPost(id)));
      expect(igRow?.media).toEqual([{ kind: 'link', url: 'https://cdn.example.com/clip.mp4' }]);
      const ref = tiktokRow?.media[0];
      expect(ref?.kind).toBe('asset');
      const asset = await store.media.getMediaAsset(ref?.kind === 'asset' ? ref.mediaId : '');
      expect(asset).toMatchObject({
        ownerId: user.id,
        contentType: 'video/mp4',
        sourceUrl: 'https://cdn.example.com/clip.mp4',
      });
    });

    it('turns share links into direct links for every platform', async () => {
      const share = 'https://www.dropbox.com/s/abc123/clip.mp4?dl=0';
      media.fetcher.serve('https://www.dropbox.com/s/abc123/clip.mp4?dl=1', video('dropbox clip'));
      const result = (
        await create({ ...tiktokPost, mediaUrls: [share], profileIds: [ig.id, tiktok.id] })
      )._unsafeUnwrap();
      const igRow = await store.posts.getPost(result.postIds[0] ?? '');
      expect(igRow?.media).toEqual([{ kind: 'link', url: 'https://www.dropbox.com/s/abc123/clip.mp4?dl=1' }]);
    });

    it('refuses an unusable link for TikTok at creation (422), writing no post', async () => {
      media.fetcher.serve('https://cdn.example.com/gone.mp4', { kind: 'http_status', status: 404 });
      const error = await errorOf({
        ...tiktokPost,
        platforms: ['tiktok'],
        mediaUrls: ['https://cdn.example.com/gone.mp4'],
        profileIds: [tiktok.id],
      });
      expect(error.code).toBe('media_url_unreachable');
      await nothingWritten();
    });

    it('checks the downloaded file against the platforms that need it', async () => {
      const youtube = await store.accounts.saveAccount(anAccount(user.id, { platform: 'youtube' }));
      media.fetcher.serve(
        'https://cdn.example.com/still.jpg',
        media.inspector.describe(bytes('still'), { contentType: 'image/jpeg', width: 10, height: 10 }),
      );
      const error = await errorOf({
        platforms: ['youtube'],
        title: 'T',
        caption: 'x',
        mediaUrls: ['https://cdn.example.com/still.jpg'],
        profileIds: [youtube.id],
      });
      expect(error.code).toBe('video_required');
      await nothingWritten();
    });

    it("pads photos of a set to the first photo's size as new assets, once for all platforms", async () => {
      const put = async (text: string) => {
        const stored = await media.blobs.put(
          (async function* () {
            yield bytes(text);
          })(),
          { maxBytes: 1e6 },
        );
        return stored.ok ? stored.blob.key : '';
      };
      const first = await seedMediaAsset(
        store.media,
        aMediaAsset(user.id, { width: 1080, height: 1350, blobKey: await put('first') }),
      );
      const odd = await seedMediaAsset(
        store.media,
        aMediaAsset(user.id, { width: 1080, height: 1080, blobKey: await put('odd') }),
      );
      const same = await seedMediaAsset(
        store.media,
        aMediaAsset(user.id, { width: 1080, height: 1350, blobKey: await put('same') }),
      );
      const result = (
        await create({ ...tiktokPost, mediaIds: [first.id, odd.id, same.id], profileIds: [ig.id, tiktok.id] })
      )._unsafeUnwrap();
      const rows = await Promise.all(result.postIds.map((id) => store.posts.getPost(id)));
      const [igMedia, tiktokMedia] = rows.map((r) => r?.media);
      expect(igMedia).toEqual(tiktokMedia);
      expect(igMedia?.[0]).toEqual({ kind: 'asset', mediaId: first.id });
      expect(igMedia?.[2]).toEqual({ kind: 'asset', mediaId: same.id });
      const padded = igMedia?.[1];
      expect(padded?.kind === 'asset' && padded.mediaId).not.toBe(odd.id);
      const copy = await store.media.getMediaAsset(padded?.kind === 'asset' ? padded.mediaId : '');
      expect(copy).toMatchObject({ ownerId: user.id, width: 1080, height: 1350, contentType: 'image/jpeg' });
      expect(media.images.padded).toEqual([{ blobKey: odd.blobKey, width: 1080, height: 1350 }]);
      expect(await store.media.getMediaAsset(odd.id)).toEqual(odd);
    });
  });

  it('keeps no padded copy when it does not fit in storage', async () => {
    const put = async (text: string) => {
      const stored = await media.blobs.put(
        (async function* () {
          yield new TextEncoder().encode(text);
        })(),
        { maxBytes: 1e6 },
      );
      return stored.ok ? stored.blob.key : '';
    };
    planLimits = { ...planLimits, paid: { postsPerMonth: 100, storageBytes: 2000 } };
    const first = await seedMediaAsset(
      store.media,
      aMediaAsset(user.id, { width: 1080, height: 1350, sizeBytes: 1000, blobKey: await put('a') }),
    );
    const odd = await seedMediaAsset(
      store.media,
      aMediaAsset(user.id, { width: 1080, height: 1080, sizeBytes: 1000, blobKey: await put('b') }),
    );
    const before = media.blobs.keys().length;
    const error = await errorOf({
      platforms: ['instagram'],
      mediaIds: [first.id, odd.id],
      profileIds: [ig.id],
    });
    expect(error.code).toBe('storage_quota_exceeded');
    expect(media.images.padded).toHaveLength(1);
    // The padded copy's bytes stay for the orphan sweep, but no asset refers to them.
    const referenced = await Promise.all(media.blobs.keys().map((key) => store.media.isBlobReferenced(key)));
    expect(referenced.filter(Boolean)).toHaveLength(before);
    await nothingWritten();
  });

  describe('externalId', () => {
    const payload = { ...igPost, externalId: 'order-42', scheduledTime: FUTURE };

    it('answers a retry with the same post ids and creates nothing', async () => {
      const first = (await create({ ...payload, profileIds: [ig.id] }))._unsafeUnwrap();
      const reordered = { scheduledTime: FUTURE, externalId: 'order-42', profileIds: [ig.id], ...igPost };
      const again = (await create(reordered))._unsafeUnwrap();
      expect(again).toMatchObject({
        postIds: first.postIds,
        replayed: true,
        scheduledTime: first.scheduledTime,
      });
      expect(publisher.dueCalls).toHaveLength(1);
    });

    it('replays even after the scheduled time has passed', async () => {
      const first = (await create({ ...payload, profileIds: [ig.id] }))._unsafeUnwrap();
      clock.advance(2 * 3_600_000);
      expect((await create({ ...payload, profileIds: [ig.id] }))._unsafeUnwrap().postIds).toEqual(
        first.postIds,
      );
    });

    it('refuses the same externalId with different content', async () => {
      const first = (await create({ ...payload, profileIds: [ig.id] }))._unsafeUnwrap();
      const error = await errorOf({ ...payload, profileIds: [ig.id], caption: 'changed' });
      expect(error).toMatchObject({
        code: 'idempotency_conflict',
        details: { externalId: 'order-42', postIds: first.postIds },
      });
    });
  });
});
