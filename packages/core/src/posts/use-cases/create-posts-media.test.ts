import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor, User } from '../../identity/index.js';
import type { MediaAsset, MediaFacts, MediaRef } from '../../media/index.js';
import { aMediaAsset, anAccount, aUser, seedMediaAsset } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { Post } from '../post.js';
import { type CreatePostsOptions, createPosts } from './create-posts.js';

const MB = 1024 * 1024;
const bytes = (text: string) => new TextEncoder().encode(text);

describe('createPosts: media each platform gets', () => {
  let t: TestDeps;
  let user: User;
  let actor: Actor;
  let ig: ConnectedAccount;
  let tiktok: ConnectedAccount;
  let threads: ConnectedAccount;
  let serial = 0;

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
    actor = { user, credentialId: 'key_1', scopes: ['post:write'], accountIds: null };
    ig = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'instagram' }));
    tiktok = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'tiktok' }));
    threads = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
  });

  /** An asset of the user whose bytes are in the blob store and known to the inspector. */
  const asset = async (facts: Partial<MediaFacts> & { contentType: string }, sizeBytes = 300_000) => {
    serial += 1;
    const content = t.inspector.describe(bytes(`file ${serial}`), { width: 1080, height: 1350, ...facts });
    const stored = await t.blobs.put(
      (async function* () {
        yield content;
      })(),
      { maxBytes: MB },
    );
    if (!stored.ok) throw new Error('put failed');
    return seedMediaAsset(
      t.store.media,
      aMediaAsset(user.id, {
        contentType: facts.contentType,
        width: facts.width ?? 1080,
        height: facts.height ?? 1350,
        sizeBytes,
        blobKey: stored.blob.key,
      }),
    );
  };
  const serve = (url: string, facts: Partial<MediaFacts> & { contentType: string }) =>
    t.fetcher.serve(url, t.inspector.describe(bytes(url), { width: 1080, height: 1350, ...facts }));
  const create = (payload: Record<string, unknown>, options: Partial<CreatePostsOptions> = {}) =>
    createPosts(
      t.deps,
      actor,
      { caption: 'Launch', scheduledTime: '2026-01-16T09:00:00Z', ...payload },
      {
        requireScheduledTime: false,
        ...options,
      },
    );
  const rowsOf = async (ids: readonly string[]) =>
    (await Promise.all(ids.map((id) => t.store.posts.getPost(id)))).filter((p): p is Post => p !== null);
  const assetOf = async (ref: MediaRef | undefined): Promise<MediaAsset | null> =>
    ref?.kind === 'asset' ? t.store.media.getMediaAsset(ref.mediaId) : null;
  const tiktokMeta = { title: 'Launch', platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } } };

  it('gives Instagram and TikTok one JPEG copy of a PNG, Threads the PNG itself, and leaves the original alone', async () => {
    const png = await asset({ contentType: 'image/png' });
    const result = (
      await create({
        ...tiktokMeta,
        platforms: ['instagram', 'tiktok', 'threads'],
        profileIds: [ig.id, tiktok.id, threads.id],
        mediaIds: [png.id],
      })
    )._unsafeUnwrap();
    const [igRow, tiktokRow, threadsRow] = await rowsOf(result.postIds);
    const copy = igRow?.media[0];
    expect(copy).toEqual({ kind: 'asset', mediaId: expect.not.stringMatching(png.id), derivedFrom: png.id });
    expect(tiktokRow?.media).toEqual([copy]);
    expect(threadsRow?.media).toEqual([{ kind: 'asset', mediaId: png.id }]);
    expect(await assetOf(copy)).toMatchObject({
      ownerId: user.id,
      contentType: 'image/jpeg',
      sourceUrl: null,
    });
    expect(t.images.converted).toEqual([{ blobKey: png.blobKey, maxBytes: 8 * MB }]);
    expect(await t.store.media.getMediaAsset(png.id)).toEqual(png);
    expect(result.conversions.map((c) => [c.platform, c.reason, c.originalId])).toEqual([
      ['instagram', 'type', png.id],
      ['tiktok', 'type', png.id],
    ]);
  });

  it('converts what a platform does not take and nothing else: WebP for Instagram, not for TikTok', async () => {
    const webp = await asset({ contentType: 'image/webp' });
    const result = (
      await create({
        ...tiktokMeta,
        platforms: ['instagram', 'tiktok'],
        profileIds: [ig.id, tiktok.id],
        mediaIds: [webp.id],
      })
    )._unsafeUnwrap();
    const [igRow, tiktokRow] = await rowsOf(result.postIds);
    expect(igRow?.media[0]).toMatchObject({ derivedFrom: webp.id });
    expect(tiktokRow?.media).toEqual([{ kind: 'asset', mediaId: webp.id }]);
  });

  it('re-encodes a CMYK or 16-bit JPEG, and one over the platform size limit, within that limit', async () => {
    const cmyk = await asset({ contentType: 'image/jpeg', colorSpace: 'cmyk', bitsPerChannel: 8 });
    const deep = await asset({ contentType: 'image/jpeg', colorSpace: 'srgb', bitsPerChannel: 16 });
    const big = await asset({ contentType: 'image/jpeg', colorSpace: 'srgb', bitsPerChannel: 8 }, 12 * MB);
    const plain = await asset({ contentType: 'image/jpeg', colorSpace: 'srgb', bitsPerChannel: 8 });
    const result = (
      await create({
        platforms: ['instagram'],
        profileIds: [ig.id],
        mediaIds: [cmyk.id, deep.id, big.id, plain.id],
      })
    )._unsafeUnwrap();
    expect(result.conversions.map((c) => [c.slide, c.reason])).toEqual([
      [0, 'colour'],
      [1, 'colour'],
      [2, 'size'],
    ]);
    const [row] = await rowsOf(result.postIds);
    expect(row?.media[3]).toEqual({ kind: 'asset', mediaId: plain.id });
  });

  it('converts first, then pads a mixed-size set, both copies pointing at the originals', async () => {
    const tall = await asset({ contentType: 'image/png', width: 1080, height: 1350 });
    const square = await asset({ contentType: 'image/png', width: 1080, height: 1080 });
    const result = (
      await create({ platforms: ['instagram'], profileIds: [ig.id], mediaIds: [tall.id, square.id] })
    )._unsafeUnwrap();
    const [row] = await rowsOf(result.postIds);
    expect(row?.media.map((m) => m.kind === 'asset' && m.derivedFrom)).toEqual([tall.id, square.id]);
    const padded = await assetOf(row?.media[1]);
    expect(padded).toMatchObject({ contentType: 'image/jpeg', width: 1080, height: 1350 });
    expect(t.images.converted).toHaveLength(2);
    expect(t.images.padded).toHaveLength(1);
  });

  it('refuses a mixed-size set instead of padding it when asked to (tools)', async () => {
    const tall = await asset({ contentType: 'image/jpeg', width: 1080, height: 1350 });
    const square = await asset({ contentType: 'image/jpeg', width: 1080, height: 1080 });
    const error = (
      await create(
        { platforms: ['instagram'], profileIds: [ig.id], mediaIds: [tall.id, square.id] },
        { mixedImageSizes: 'refuse' },
      )
    )._unsafeUnwrapErr();
    expect(error.code).toBe('mixed_image_sizes');
    expect(error.message).toContain('1080x1350 on slide 1; 1080x1080 on slide 2');
    expect(await t.store.posts.nextDueAt()).toBeNull();
  });

  it('reads the first bytes of links Instagram would fetch: a PNG link is imported and converted, a JPEG link stays', async () => {
    serve('https://cdn.example/shot.png', { contentType: 'image/png' });
    serve('https://cdn.example/photo.jpg', { contentType: 'image/jpeg' });
    const result = (
      await create({
        platforms: ['instagram', 'threads'],
        profileIds: [ig.id, threads.id],
        mediaUrls: ['https://cdn.example/shot.png', 'https://cdn.example/photo.jpg'],
      })
    )._unsafeUnwrap();
    const [igRow, threadsRow] = await rowsOf(result.postIds);
    const imported = await t.store.media.findMediaBySource(user.id, 'https://cdn.example/shot.png');
    expect(igRow?.media).toEqual([
      { kind: 'asset', mediaId: expect.any(String), derivedFrom: imported?.id },
      { kind: 'link', url: 'https://cdn.example/photo.jpg' },
    ]);
    // Threads takes PNG: both links stay links, read once for both platforms.
    expect(threadsRow?.media).toEqual([
      { kind: 'link', url: 'https://cdn.example/shot.png' },
      { kind: 'link', url: 'https://cdn.example/photo.jpg' },
    ]);
    expect(t.fetcher.sniffed).toEqual(['https://cdn.example/shot.png', 'https://cdn.example/photo.jpg']);
    expect(t.fetcher.fetched).toEqual(['https://cdn.example/shot.png']);
  });

  it('refuses a link to an AVIF for Instagram as an unusable link (422), with re-export advice', async () => {
    serve('https://cdn.example/photo.avif', { contentType: 'image/avif' });
    const error = (
      await create({
        platforms: ['instagram'],
        profileIds: [ig.id],
        mediaUrls: ['https://cdn.example/photo.avif'],
      })
    )._unsafeUnwrapErr();
    expect(error.code).toBe('media_url_unsupported_type');
    expect(error.message).toContain('Export the image as JPEG or PNG');
    expect(await t.store.posts.nextDueAt()).toBeNull();
  });

  it('leaves a link it cannot read now for Instagram to fetch, with a warning', async () => {
    t.fetcher.serve('https://cdn.example/later.jpg', { kind: 'http_status', status: 503 });
    const result = (
      await create({
        platforms: ['instagram'],
        profileIds: [ig.id],
        mediaUrls: ['https://cdn.example/later.jpg'],
      })
    )._unsafeUnwrap();
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'media_link_unchecked', platform: 'instagram', field: 'media[0]' }),
    ]);
    const [row] = await rowsOf(result.postIds);
    expect(row?.media).toEqual([{ kind: 'link', url: 'https://cdn.example/later.jpg' }]);
  });

  it('refuses links to private addresses or over plain http for Threads and Instagram, writing no post', async () => {
    t.fetcher.serve('https://intranet.example/admin', { kind: 'blocked_address', detail: '10.0.0.7' });
    t.fetcher.serve('http://cdn.example/photo.jpg', {
      kind: 'not_https',
      url: 'http://cdn.example/photo.jpg',
    });
    for (const [platform, url] of [
      ['threads', 'https://intranet.example/admin'],
      ['instagram', 'http://cdn.example/photo.jpg'],
    ] as const) {
      const error = (
        await create({
          platforms: [platform],
          profileIds: [platform === 'threads' ? threads.id : ig.id],
          mediaUrls: [url],
        })
      )._unsafeUnwrapErr();
      expect(error).toMatchObject({ code: 'media_url_blocked', details: { url, field: 'media[0]' } });
    }
    expect(await t.store.posts.nextDueAt()).toBeNull();
  });

  it('fails the request when an image cannot be converted, writing no post', async () => {
    const png = await asset({ contentType: 'image/png' });
    const deps = {
      ...t.deps,
      images: {
        ...t.images,
        toJpeg: async () => ({ ok: false as const, reason: 'the image cannot be decoded' }),
      },
    };
    const error = (
      await createPosts(
        deps,
        actor,
        { platforms: ['instagram'], profileIds: [ig.id], mediaIds: [png.id] },
        { requireScheduledTime: false },
      )
    )._unsafeUnwrapErr();
    expect(error).toMatchObject({
      code: 'media_conversion_failed',
      details: { field: 'media[0]', platform: 'instagram', mediaId: png.id },
    });
    expect(error.message).toContain('the image cannot be decoded');
    expect(await t.store.posts.nextDueAt()).toBeNull();
  });
});
