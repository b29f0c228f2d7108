import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { aMediaAsset, aUser } from './builders.js';

/** The media-asset part of the store contract (dedup, quotas, uploads); `store()` is the fresh store. */
export function describeMediaAssetContract(store: () => Store): void {
  describe('media assets', () => {
    const LIMIT = { storageLimitBytes: 1_000_000, sourceUrl: null };

    it('adds assets and reads them back, alone or several at a time', async () => {
      const owner = aUser().id;
      const image = aMediaAsset(owner, { blobKey: 'a'.repeat(64) });
      const video = aMediaAsset(owner, {
        contentType: 'video/mp4',
        durationMs: 12_500,
        blobKey: 'b'.repeat(64),
      });
      expect(await store().media.addMediaAsset(image, LIMIT)).toEqual({ kind: 'added', asset: image });
      expect(await store().media.addMediaAsset(video, LIMIT)).toEqual({ kind: 'added', asset: video });
      expect(await store().media.getMediaAsset(video.id)).toEqual(video);
      expect(await store().media.getMediaAsset('media_missing')).toBeNull();
      const found = await store().media.getMediaAssets([video.id, 'media_missing', image.id, video.id]);
      expect([...found].sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(
        [image, video].sort((x, y) => (x.id < y.id ? -1 : 1)),
      );
      expect(await store().media.getMediaAssets([])).toEqual([]);
      expect(await store().media.getStorageUsed(owner)).toBe(image.sizeBytes + video.sizeBytes);
    });

    it("returns the owner's asset with the same bytes instead of adding another", async () => {
      const owner = aUser().id;
      const first = aMediaAsset(owner, { blobKey: 'c'.repeat(64), sizeBytes: 100 });
      await store().media.addMediaAsset(first, LIMIT);
      const again = aMediaAsset(owner, { blobKey: 'c'.repeat(64), sizeBytes: 100 });
      expect(await store().media.addMediaAsset(again, LIMIT)).toEqual({ kind: 'existing', asset: first });
      expect(await store().media.getMediaAsset(again.id)).toBeNull();
      expect(await store().media.getStorageUsed(owner)).toBe(100);
      // Another owner with the same bytes gets an asset (and a usage) of their own.
      const other = aMediaAsset(aUser().id, { blobKey: 'c'.repeat(64), sizeBytes: 100 });
      expect((await store().media.addMediaAsset(other, LIMIT)).kind).toBe('added');
    });

    it('refuses an asset that would pass the storage quota, adding nothing', async () => {
      const owner = aUser().id;
      await store().media.addMediaAsset(
        aMediaAsset(owner, { blobKey: 'd'.repeat(64), sizeBytes: 600 }),
        LIMIT,
      );
      const big = aMediaAsset(owner, { blobKey: 'e'.repeat(64), sizeBytes: 401 });
      expect(
        await store().media.addMediaAsset(big, {
          storageLimitBytes: 1000,
          sourceUrl: 'https://x.example/big',
        }),
      ).toEqual({
        kind: 'storage_quota_exceeded',
        usedBytes: 600,
        limitBytes: 1000,
      });
      expect(await store().media.getMediaAsset(big.id)).toBeNull();
      expect(await store().media.findMediaBySource(owner, 'https://x.example/big')).toBeNull();
      const fits = aMediaAsset(owner, { blobKey: 'f'.repeat(64), sizeBytes: 400 });
      expect(
        (await store().media.addMediaAsset(fits, { storageLimitBytes: 1000, sourceUrl: null })).kind,
      ).toBe('added');
    });

    it('remembers the link an asset came from, per owner, also when the bytes were already there', async () => {
      const owner = aUser().id;
      const asset = aMediaAsset(owner, { blobKey: '1'.repeat(64), sourceUrl: 'https://x.example/a.jpg' });
      await store().media.addMediaAsset(asset, { ...LIMIT, sourceUrl: 'https://x.example/a.jpg' });
      expect(await store().media.findMediaBySource(owner, 'https://x.example/a.jpg')).toEqual(asset);
      expect(await store().media.findMediaBySource(aUser().id, 'https://x.example/a.jpg')).toBeNull();
      const sameBytes = aMediaAsset(owner, { blobKey: '1'.repeat(64) });
      await store().media.addMediaAsset(sameBytes, { ...LIMIT, sourceUrl: 'https://mirror.example/a.jpg' });
      expect(await store().media.findMediaBySource(owner, 'https://mirror.example/a.jpg')).toEqual(asset);
    });

    it('turns a pending upload target into an active asset, once, within the quota', async () => {
      const owner = aUser().id;
      const pending = aMediaAsset(owner, {
        status: 'pending',
        contentType: '',
        sizeBytes: 0,
        width: null,
        height: null,
        blobKey: null,
      });
      await store().media.insertPendingAsset(pending);
      expect(await store().media.getMediaAsset(pending.id)).toEqual(pending);
      const file = {
        contentType: 'image/png',
        sizeBytes: 700,
        width: 10,
        height: 20,
        durationMs: null,
        blobKey: '2'.repeat(64),
      };
      expect(await store().media.activatePendingAsset(pending.id, file, { storageLimitBytes: 500 })).toEqual({
        kind: 'storage_quota_exceeded',
        usedBytes: 0,
        limitBytes: 500,
      });
      expect((await store().media.getMediaAsset(pending.id))?.status).toBe('pending');
      const activated = await store().media.activatePendingAsset(pending.id, file, {
        storageLimitBytes: 1000,
      });
      expect(activated).toEqual({ kind: 'activated', asset: { ...pending, ...file, status: 'active' } });
      expect(await store().media.getMediaAsset(pending.id)).toEqual({
        ...pending,
        ...file,
        status: 'active',
      });
      expect(await store().media.activatePendingAsset(pending.id, file, { storageLimitBytes: 1000 })).toEqual(
        { kind: 'not_pending' },
      );
      expect(
        await store().media.activatePendingAsset('media_missing', file, { storageLimitBytes: 1000 }),
      ).toEqual({ kind: 'not_pending' });
      expect(await store().media.getStorageUsed(owner)).toBe(700);
    });

    it('tells whether any asset refers to a blob', async () => {
      await store().media.addMediaAsset(aMediaAsset(aUser().id, { blobKey: '3'.repeat(64) }), LIMIT);
      expect(await store().media.isBlobReferenced('3'.repeat(64))).toBe(true);
      expect(await store().media.isBlobReferenced('4'.repeat(64))).toBe(false);
    });
  });
}
