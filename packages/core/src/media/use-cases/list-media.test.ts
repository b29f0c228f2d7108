import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor, Scope } from '../../identity/index.js';
import type { Post } from '../../posts/index.js';
import { aMediaAsset, aPost, aUser, seedMediaAsset } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { MediaAsset } from '../media-asset.js';
import { getMediaItem } from './get-media-item.js';
import { listMedia } from './list-media.js';

describe('listMedia and getMediaItem', () => {
  let t: TestDeps;
  const owner = aUser();
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:read'] as Scope[],
    accountIds: null,
    ...overrides,
  });
  const minutes = (n: number) => new Date(Date.parse('2026-01-15T12:00:00.000Z') + n * 60_000);
  const seed = (overrides: Partial<MediaAsset> = {}) =>
    seedMediaAsset(t.store.media, aMediaAsset(owner.id, overrides));
  const seedPosts = async (...posts: Post[]) => {
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: t.clock.now(),
      posts,
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
  };

  beforeEach(() => {
    t = createTestDeps();
  });

  it('pages through active assets newest first with an opaque cursor, leaving upload targets out', async () => {
    const assets = [];
    for (let i = 0; i < 5; i += 1) assets.push(await seed({ createdAt: minutes(i) }));
    await seed({ status: 'pending', blobKey: null, createdAt: minutes(10) });
    await seedMediaAsset(t.store.media, aMediaAsset(aUser().id, { createdAt: minutes(20) }));
    const first = (await listMedia(t.deps, actor(), { limit: 2 }))._unsafeUnwrap();
    expect(first.media.map((m) => m.id)).toEqual([assets[4]?.id, assets[3]?.id]);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = (await listMedia(t.deps, actor(), { limit: 2, cursor: first.nextCursor }))._unsafeUnwrap();
    expect(second.media.map((m) => m.id)).toEqual([assets[2]?.id, assets[1]?.id]);
    const last = (await listMedia(t.deps, actor(), { limit: 2, cursor: second.nextCursor }))._unsafeUnwrap();
    expect(last).toEqual({ media: [expect.objectContaining({ id: assets[0]?.id })], nextCursor: null });
    expect((await listMedia(t.deps, actor(), {}))._unsafeUnwrap().media).toHaveLength(5);
  });

  it('shows the facts of each asset and the posts that use it, copies included, deleted ones not', async () => {
    const original = await seed({ contentType: 'image/png', sourceUrl: 'https://cdn.example/a.png' });
    const copy = await seed();
    const unused = await seed({ contentType: 'video/mp4', durationMs: 9_000, width: 720, height: 1280 });
    const slide = { kind: 'asset', mediaId: copy.id, derivedFrom: original.id } as const;
    const scheduled = aPost(owner.id, 'acct_1', { media: [slide] });
    const posted = aPost(owner.id, 'acct_1', {
      media: [{ kind: 'asset', mediaId: original.id }],
      status: 'posted',
    });
    const deleted = aPost(owner.id, 'acct_1', { media: [slide], deletedAt: minutes(1) });
    const publishing = aPost(owner.id, 'acct_1', { media: [slide], status: 'publishing' });
    await seedPosts(scheduled, posted, deleted, publishing);

    const items = (await listMedia(t.deps, actor(), {}))._unsafeUnwrap().media;
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(original.id)).toEqual({
      id: original.id,
      contentType: 'image/png',
      sizeBytes: original.sizeBytes,
      width: original.width,
      height: original.height,
      durationMs: null,
      sourceUrl: 'https://cdn.example/a.png',
      createdAt: original.createdAt,
      usedBy: [publishing, posted, scheduled]
        .sort((a, b) => (a.id < b.id ? 1 : -1))
        .map((p) => ({ postId: p.id, status: p.status === 'publishing' ? 'scheduled' : p.status })),
    });
    expect(
      byId
        .get(copy.id)
        ?.usedBy.map((u) => u.postId)
        .sort(),
    ).toEqual([scheduled.id, publishing.id].sort());
    expect(byId.get(unused.id)).toMatchObject({ durationMs: 9_000, usedBy: [] });
    expect((await getMediaItem(t.deps, actor(), copy.id))._unsafeUnwrap()).toEqual(byId.get(copy.id));
  });

  it('reads the uses of a whole page in one store call', async () => {
    for (let i = 0; i < 4; i += 1) await seed();
    let calls = 0;
    const media = t.store.media;
    const counting = {
      ...t.deps,
      store: {
        ...t.store,
        media: {
          ...media,
          listMediaUses: (ownerId: string, ids: readonly string[]) => {
            calls += 1;
            return media.listMediaUses(ownerId, ids);
          },
        },
      },
    };
    expect((await listMedia(counting, actor(), {}))._unsafeUnwrap().media).toHaveLength(4);
    expect(calls).toBe(1);
  });

  it('shows a key limited to some accounts only the posts aimed at those', async () => {
    const asset = await seed();
    const mine = aPost(owner.id, 'acct_1', { media: [{ kind: 'asset', mediaId: asset.id }] });
    const other = aPost(owner.id, 'acct_2', { media: [{ kind: 'asset', mediaId: asset.id }] });
    await seedPosts(mine, other);
    const item = (await getMediaItem(t.deps, actor({ accountIds: ['acct_1'] }), asset.id))._unsafeUnwrap();
    expect(item.usedBy).toEqual([{ postId: mine.id, status: 'scheduled' }]);
  });

  it('answers media_asset_not_found for a missing, foreign or pending asset', async () => {
    const foreign = await seedMediaAsset(t.store.media, aMediaAsset(aUser().id));
    const pending = await seed({ status: 'pending', blobKey: null });
    for (const id of ['media_missing', foreign.id, pending.id]) {
      expect((await getMediaItem(t.deps, actor(), id))._unsafeUnwrapErr()).toMatchObject({
        code: 'media_asset_not_found',
        details: { mediaId: id },
      });
    }
  });

  it('refuses bad limits, foreign cursors and keys without post:read', async () => {
    for (const limit of [0, 101, 2.5]) {
      expect((await listMedia(t.deps, actor(), { limit }))._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_failed',
        details: { field: 'limit' },
      });
    }
    expect((await listMedia(t.deps, actor(), { limit: 100 })).isOk()).toBe(true);
    expect((await listMedia(t.deps, actor(), { cursor: '!!not ours' }))._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field: 'cursor' },
    });
    const writer = actor({ scopes: ['media:write'] });
    expect((await listMedia(t.deps, writer, {}))._unsafeUnwrapErr().code).toBe('insufficient_scope');
    expect((await getMediaItem(t.deps, writer, 'media_x'))._unsafeUnwrapErr().code).toBe(
      'insufficient_scope',
    );
  });
});
