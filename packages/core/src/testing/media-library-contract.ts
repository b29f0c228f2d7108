import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { PostStatus } from '../kernel/index.js';
import type { MediaUse } from '../media/index.js';
import { mediaDeletedEvent } from '../media/index.js';
import type { Post } from '../posts/index.js';
import { aMediaAsset, aPost, aUser, seedMediaAsset } from './builders.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const byKey = (a: MediaUse, b: MediaUse) =>
  `${a.mediaId} ${a.postId}` < `${b.mediaId} ${b.postId}` ? -1 : 1;

/** The media library part of the store contract (list, uses, delete); `store()` is the test's fresh store. */
export function describeMediaLibraryContract(store: () => Store): void {
  const insert = async (ownerId: string, ...posts: Post[]) => {
    await store().posts.insertPosts({
      ownerId,
      at: T0,
      posts,
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
    });
  };

  describe('media library', () => {
    it("pages through the owner's active assets newest first, ties broken by id", async () => {
      const owner = aUser().id;
      const old = await seedMediaAsset(store().media, aMediaAsset(owner, { createdAt: at(0) }));
      const tiedA = await seedMediaAsset(
        store().media,
        aMediaAsset(owner, { id: 'media_TIED_A', blobKey: 'a'.repeat(64), createdAt: at(5) }),
      );
      const tiedB = await seedMediaAsset(
        store().media,
        aMediaAsset(owner, { id: 'media_TIED_B', blobKey: 'b'.repeat(64), createdAt: at(5) }),
      );
      const newest = await seedMediaAsset(store().media, aMediaAsset(owner, { createdAt: at(9) }));
      await seedMediaAsset(
        store().media,
        aMediaAsset(owner, { status: 'pending', blobKey: null, createdAt: at(20) }),
      );
      await seedMediaAsset(store().media, aMediaAsset(aUser().id, { createdAt: at(30) }));

      const first = await store().media.listMediaAssets({ ownerId: owner, limit: 2, after: null });
      expect(first).toEqual({ assets: [newest, tiedB], next: { createdAt: at(5), id: 'media_TIED_B' } });
      const second = await store().media.listMediaAssets({ ownerId: owner, limit: 2, after: first.next });
      expect(second).toEqual({ assets: [tiedA, old], next: null });
      expect(await store().media.listMediaAssets({ ownerId: owner, limit: 4, after: null })).toEqual({
        assets: [newest, tiedB, tiedA, old],
        next: null,
      });
      expect(await store().media.listMediaAssets({ ownerId: aUser().id, limit: 5, after: null })).toEqual({
        assets: [],
        next: null,
      });
    });

    it("finds the owner's posts using assets, as slides or as originals of copies, deleted posts left out", async () => {
      const owner = aUser().id;
      const [original, copy, other] = ['media_USE_ORIG', 'media_USE_COPY', 'media_USE_OTHER'];
      const scheduled = aPost(owner, 'acct_1', {
        media: [
          { kind: 'asset', mediaId: copy, derivedFrom: original },
          { kind: 'asset', mediaId: copy, derivedFrom: original },
          { kind: 'link', url: 'https://cdn.example/x.jpg' },
        ],
      });
      const draft = aPost(owner, 'acct_2', {
        status: 'draft',
        profileIds: ['acct_2', 'acct_3'],
        media: [{ kind: 'asset', mediaId: original }],
      });
      const posted = aPost(owner, 'acct_1', { status: 'posted', media: [{ kind: 'asset', mediaId: other }] });
      const deleted = aPost(owner, 'acct_1', {
        media: [{ kind: 'asset', mediaId: original }],
        deletedAt: T0,
      });
      await insert(owner, scheduled, draft, posted, deleted);
      const foreignOwner = aUser().id;
      await insert(
        foreignOwner,
        aPost(foreignOwner, 'acct_9', { media: [{ kind: 'asset', mediaId: original }] }),
      );

      const uses = await store().media.listMediaUses(owner, [original, copy, 'media_unused', original]);
      const expected: MediaUse[] = [
        { mediaId: original, postId: scheduled.id, status: 'scheduled', profileIds: ['acct_1'] },
        { mediaId: copy, postId: scheduled.id, status: 'scheduled', profileIds: ['acct_1'] },
        { mediaId: original, postId: draft.id, status: 'draft', profileIds: ['acct_2', 'acct_3'] },
      ];
      expect([...uses].sort(byKey)).toEqual(expected.sort(byKey));
      expect(await store().media.listMediaUses(owner, [other])).toEqual([
        { mediaId: other, postId: posted.id, status: 'posted', profileIds: ['acct_1'] },
      ]);
      expect(await store().media.listMediaUses(owner, [])).toEqual([]);
    });

    it('deletes an asset with its source links and storage use, appending its event', async () => {
      const owner = aUser().id;
      const url = 'https://cdn.example/kept.jpg';
      const asset = aMediaAsset(owner, { sizeBytes: 400, sourceUrl: url });
      await store().media.addMediaAsset(asset, { storageLimitBytes: 10_000, sourceUrl: url });
      const kept = await seedMediaAsset(store().media, aMediaAsset(owner, { sizeBytes: 100 }));
      await insert(
        owner,
        aPost(owner, 'acct_1', { status: 'posted', media: [{ kind: 'asset', mediaId: asset.id }] }),
      );
      const event = mediaDeletedEvent(asset, at(1));

      expect(await store().media.deleteMediaAsset({ ownerId: owner, id: asset.id, events: [event] })).toEqual(
        {
          kind: 'deleted',
          asset,
        },
      );
      expect(await store().media.getMediaAsset(asset.id)).toBeNull();
      expect(await store().media.findMediaBySource(owner, url)).toBeNull();
      expect(await store().media.getStorageUsed(owner)).toBe(100);
      expect(await store().media.isBlobReferenced(asset.blobKey ?? '')).toBe(false);
      expect(
        (await store().media.listMediaAssets({ ownerId: owner, limit: 10, after: null })).assets,
      ).toEqual([kept]);
      const journal = await store().events.listEvents(null, 1000);
      expect(journal.filter((e) => e.subjectId === asset.id).map((e) => e.type)).toEqual(['media.deleted']);
      // The same bytes can come back as a new asset, counted again.
      const back = aMediaAsset(owner, { sizeBytes: 400, blobKey: asset.blobKey });
      expect(
        (await store().media.addMediaAsset(back, { storageLimitBytes: 10_000, sourceUrl: url })).kind,
      ).toBe('added');
      expect(await store().media.getStorageUsed(owner)).toBe(500);
    });

    it.each<PostStatus>(['draft', 'pending_approval', 'scheduled', 'publishing'])(
      'refuses to delete an asset a %s post still needs, writing nothing',
      async (status) => {
        const owner = aUser().id;
        const asset = await seedMediaAsset(store().media, aMediaAsset(owner, { sizeBytes: 50 }));
        const direct = aPost(owner, 'acct_1', { status, media: [{ kind: 'asset', mediaId: asset.id }] });
        const derived = aPost(owner, 'acct_1', {
          status,
          media: [{ kind: 'asset', mediaId: 'media_copy', derivedFrom: asset.id }],
        });
        await insert(owner, direct, derived);
        const event = mediaDeletedEvent(asset, at(1));
        expect(
          await store().media.deleteMediaAsset({ ownerId: owner, id: asset.id, events: [event] }),
        ).toEqual({
          kind: 'in_use',
          postIds: [direct.id, derived.id].sort(),
        });
        expect(await store().media.getMediaAsset(asset.id)).toEqual(asset);
        expect(await store().media.getStorageUsed(owner)).toBe(50);
        const journal = await store().events.listEvents(null, 1000);
        expect(journal.some((e) => e.type === 'media.deleted' && e.subjectId === asset.id)).toBe(false);
      },
    );

    it("answers not_found for another owner's, a pending or a missing asset", async () => {
      const owner = aUser().id;
      const foreign = await seedMediaAsset(store().media, aMediaAsset(aUser().id));
      const pending = await seedMediaAsset(
        store().media,
        aMediaAsset(owner, { status: 'pending', blobKey: null }),
      );
      for (const id of [foreign.id, pending.id, 'media_missing']) {
        expect(await store().media.deleteMediaAsset({ ownerId: owner, id, events: [] })).toEqual({
          kind: 'not_found',
        });
      }
      expect(await store().media.getMediaAsset(foreign.id)).toEqual(foreign);
      expect(await store().media.getMediaAsset(pending.id)).toEqual(pending);
    });

    it('removes abandoned upload targets oldest first, never an active asset or a recent target', async () => {
      const owner = aUser().id;
      const pending = (minutes: number) =>
        seedMediaAsset(
          store().media,
          aMediaAsset(owner, { status: 'pending', blobKey: null, createdAt: at(minutes) }),
        );
      const oldest = await pending(-120);
      const older = await pending(-90);
      const recent = await pending(-5);
      const active = await seedMediaAsset(store().media, aMediaAsset(owner, { createdAt: at(-200) }));
      expect(await store().media.deleteAbandonedUploads(at(-60), 1)).toBe(1);
      expect(await store().media.getMediaAsset(oldest.id)).toBeNull();
      expect(await store().media.getMediaAsset(older.id)).toEqual(older);
      expect(await store().media.deleteAbandonedUploads(at(-60), 10)).toBe(1);
      expect(await store().media.deleteAbandonedUploads(at(-60), 10)).toBe(0);
      expect(await store().media.getMediaAsset(recent.id)).toEqual(recent);
      expect(await store().media.getMediaAsset(active.id)).toEqual(active);
    });
  });
}
