import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor, Scope } from '../../identity/index.js';
import type { PostStatus } from '../../kernel/index.js';
import type { Post } from '../../posts/index.js';
import { unpublishableReason } from '../../publishing/index.js';
import { aMediaAsset, anAccount, aPost, aUser, seedMediaAsset } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { MediaAsset } from '../media-asset.js';
import { deleteMedia } from './delete-media.js';
import { findServedMedia } from './find-served-media.js';
import { getMediaItem } from './get-media-item.js';
import { importMediaFromUrl } from './import-media-from-url.js';
import { uploadMedia } from './upload-media.js';

describe('deleteMedia', () => {
  let t: TestDeps;
  const owner = aUser();
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['media:write', 'post:read'] as Scope[],
    accountIds: null,
    ...overrides,
  });
  const seed = (overrides: Partial<MediaAsset> = {}) =>
    seedMediaAsset(t.store.media, aMediaAsset(owner.id, { sizeBytes: 300, ...overrides }));
  const seedPosts = async (...posts: Post[]) => {
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: t.clock.now(),
      posts,
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
  };

  beforeEach(async () => {
    t = createTestDeps();
    await t.store.users.insertUser(owner);
  });

  it('removes the asset, frees its storage, records media.deleted and keeps the blob for the sweep', async () => {
    const kept = await seed();
    const bytes = t.inspector.describe(new TextEncoder().encode('a photo'), { contentType: 'image/jpeg' });
    const asset = (
      await uploadMedia(
        t.deps,
        actor(),
        (async function* () {
          yield bytes;
        })(),
      )
    )._unsafeUnwrap();
    const blobsBefore = t.blobs.keys();
    expect(blobsBefore).toEqual([asset.blobKey]);
    expect(await t.store.media.getStorageUsed(owner.id)).toBe(307);

    expect((await deleteMedia(t.deps, actor(), asset.id))._unsafeUnwrap()).toEqual(asset);
    expect(await t.store.media.getMediaAsset(asset.id)).toBeNull();
    expect(await t.store.media.getMediaAsset(kept.id)).toEqual(kept);
    expect(await t.store.media.getStorageUsed(owner.id)).toBe(300);
    expect(t.blobs.keys()).toEqual(blobsBefore);
    const events = await t.store.events.listEvents(null, 100);
    expect(events.at(-1)).toMatchObject({
      type: 'media.deleted',
      ownerId: owner.id,
      subjectId: asset.id,
      at: t.clock.now(),
      data: { contentType: 'image/jpeg', sizeBytes: 7 },
    });
    expect((await getMediaItem(t.deps, actor(), asset.id))._unsafeUnwrapErr().code).toBe(
      'media_asset_not_found',
    );
    expect((await findServedMedia(t.deps, asset.id))._unsafeUnwrapErr().code).toBe('not_found');
    expect((await deleteMedia(t.deps, actor(), asset.id))._unsafeUnwrapErr().code).toBe(
      'media_asset_not_found',
    );
  });

  it.each<PostStatus>(['draft', 'pending_approval', 'scheduled', 'publishing'])(
    'refuses while a %s post uses it, directly or through a converted copy',
    async (status) => {
      const original = await seed();
      const copy = await seed();
      const direct = aPost(owner.id, 'acct_1', { status, media: [{ kind: 'asset', mediaId: original.id }] });
      const derived = aPost(owner.id, 'acct_1', {
        status,
        media: [{ kind: 'asset', mediaId: copy.id, derivedFrom: original.id }],
      });
      await seedPosts(direct, derived);
      const refused = (await deleteMedia(t.deps, actor(), original.id))._unsafeUnwrapErr();
      expect(refused).toMatchObject({
        code: 'media_in_use',
        details: { mediaId: original.id, postIds: [direct.id, derived.id].sort() },
      });
      expect(refused.message).toContain(direct.id);
      expect(await t.store.media.getMediaAsset(original.id)).toEqual(original);
      expect(await t.store.media.getStorageUsed(owner.id)).toBe(600);
    },
  );

  it('lets posted, failed and deleted posts keep their history; their publish check then sees it missing', async () => {
    const asset = await seed();
    const ref = { kind: 'asset', mediaId: asset.id } as const;
    const posted = aPost(owner.id, 'acct_1', { status: 'posted', media: [ref] });
    const failed = aPost(owner.id, 'acct_1', { status: 'failed', media: [ref] });
    const gone = aPost(owner.id, 'acct_1', { media: [ref], deletedAt: t.clock.now() });
    await seedPosts(posted, failed, gone);
    expect((await deleteMedia(t.deps, actor(), asset.id)).isOk()).toBe(true);
    expect((await t.store.posts.getPost(posted.id))?.media).toEqual([ref]);
    // A deleted post restored later fails at its time instead of publishing without the slide.
    const account = anAccount(owner.id, { id: 'acct_1' });
    expect(unpublishableReason(gone, account, new Map())).toContain(asset.id);
  });

  it('forgets the links the asset was imported from, so importing again downloads anew', async () => {
    const url = 'https://cdn.example/photo.jpg';
    t.fetcher.serve(
      url,
      t.inspector.describe(new TextEncoder().encode('photo'), { contentType: 'image/jpeg' }),
    );
    const first = (await importMediaFromUrl(t.deps, actor(), url, 'refuse'))._unsafeUnwrap();
    expect((await deleteMedia(t.deps, actor(), first.asset.id)).isOk()).toBe(true);
    expect(await t.store.media.findMediaBySource(owner.id, url)).toBeNull();
    const again = (await importMediaFromUrl(t.deps, actor(), url, 'refuse'))._unsafeUnwrap();
    expect(again.asset.id).not.toBe(first.asset.id);
  });

  it('answers media_asset_not_found for a foreign, missing or pending asset, and needs media:write', async () => {
    const foreign = await seedMediaAsset(t.store.media, aMediaAsset(aUser().id));
    const pending = await seed({ status: 'pending', blobKey: null });
    for (const id of [foreign.id, 'media_missing', pending.id]) {
      expect((await deleteMedia(t.deps, actor(), id))._unsafeUnwrapErr().code).toBe('media_asset_not_found');
    }
    expect(await t.store.media.getMediaAsset(foreign.id)).toEqual(foreign);
    const reader = actor({ scopes: ['post:read'] });
    expect((await deleteMedia(t.deps, reader, foreign.id))._unsafeUnwrapErr().code).toBe(
      'insufficient_scope',
    );
  });
});
