import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { mediaReadyEvent } from '../media/index.js';
import { aMediaAsset, aUser, seedMediaAsset } from './builders.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const KEY = 'e'.repeat(64);
const OTHER_KEY = 'f'.repeat(64);

/** A claim by `claimant` at minute `minute`, living 10 minutes. */
const claimOf = (claimant: string, minute = 0, blobKey = KEY) => ({
  blobKey,
  claimant,
  now: at(minute),
  until: at(minute + 10),
});

/**
 * The orphaned-blob sweep's part of the store contract: removal claims are refused while an asset
 * refers to the blob, and asset recording is refused while a live claim holds it, writing nothing.
 */
export function describeBlobRemovalContract(store: () => Store): void {
  describe('blob removal claims', () => {
    it('refuses to claim a blob an asset of any owner refers to; claims one none does', async () => {
      await seedMediaAsset(store().media, aMediaAsset(aUser().id, { blobKey: KEY }));
      expect(await store().media.claimBlobRemoval(claimOf('sweep-a'))).toEqual({ kind: 'referenced' });
      expect(await store().media.isBlobRemovalClaimed(KEY, at(1))).toBe(false);
      expect(await store().media.claimBlobRemoval(claimOf('sweep-a', 0, OTHER_KEY))).toEqual({
        kind: 'claimed',
      });
      expect(await store().media.isBlobRemovalClaimed(OTHER_KEY, at(1))).toBe(true);
    });

    it('lets one sweep hold a live claim; the holder may claim again', async () => {
      expect(await store().media.claimBlobRemoval(claimOf('sweep-a'))).toEqual({ kind: 'claimed' });
      expect(await store().media.claimBlobRemoval(claimOf('sweep-b', 9))).toEqual({
        kind: 'claimed_elsewhere',
      });
      expect(await store().media.claimBlobRemoval(claimOf('sweep-a', 5))).toEqual({ kind: 'claimed' });
      // sweep-a's renewed claim lives until minute 15.
      expect(await store().media.claimBlobRemoval(claimOf('sweep-b', 14))).toEqual({
        kind: 'claimed_elsewhere',
      });
    });

    it('refuses to record an asset on a claimed blob, writing nothing', async () => {
      const owner = aUser().id;
      await store().media.claimBlobRemoval(claimOf('sweep-a'));
      const asset = aMediaAsset(owner, { blobKey: KEY, sizeBytes: 100 });
      const options = { storageLimitBytes: 10_000, sourceUrl: 'https://x.example/a.jpg' };
      const events = [mediaReadyEvent(asset, at(1))];
      const eventsBefore = await store().events.listEvents(null, 1000);
      expect(await store().media.addMediaAsset(asset, { ...options, events, now: at(1) })).toEqual({
        kind: 'blob_being_removed',
      });
      // Without a time every claim counts as live: the cautious reading.
      expect(await store().media.addMediaAsset(asset, { ...options, events })).toEqual({
        kind: 'blob_being_removed',
      });
      const pending = aMediaAsset(owner, { status: 'pending', blobKey: null, sizeBytes: 0 });
      await store().media.insertPendingAsset(pending);
      const file = {
        contentType: 'image/jpeg',
        sizeBytes: 100,
        width: 10,
        height: 10,
        durationMs: null,
        blobKey: KEY,
      };
      expect(
        await store().media.activatePendingAsset(pending.id, file, {
          storageLimitBytes: 10_000,
          events,
          now: at(1),
        }),
      ).toEqual({ kind: 'blob_being_removed' });

      expect(await store().media.getMediaAsset(asset.id)).toBeNull();
      expect(await store().media.getMediaAsset(pending.id)).toEqual(pending);
      expect(await store().media.findMediaBySource(owner, options.sourceUrl)).toBeNull();
      expect(await store().media.getStorageUsed(owner)).toBe(0);
      expect(await store().media.isBlobReferenced(KEY)).toBe(false);
      expect(await store().events.listEvents(null, 1000)).toEqual(eventsBefore);
      // Other bytes are not held up.
      expect(
        (
          await store().media.addMediaAsset(aMediaAsset(owner, { blobKey: OTHER_KEY, sizeBytes: 100 }), {
            ...options,
            now: at(1),
          })
        ).kind,
      ).toBe('added');
    });

    it('records again once the claim is released, and then refuses the next claim', async () => {
      const owner = aUser().id;
      await store().media.claimBlobRemoval(claimOf('sweep-a'));
      await store().media.releaseBlobRemoval(KEY, 'sweep-a', null);
      expect(await store().media.isBlobRemovalClaimed(KEY, at(1))).toBe(false);
      const pending = aMediaAsset(owner, { status: 'pending', blobKey: null, sizeBytes: 0 });
      await store().media.insertPendingAsset(pending);
      const activated = await store().media.activatePendingAsset(
        pending.id,
        { contentType: 'image/png', sizeBytes: 100, width: 10, height: 10, durationMs: null, blobKey: KEY },
        { storageLimitBytes: 10_000, now: at(1) },
      );
      expect(activated.kind).toBe('activated');
      expect(await store().media.claimBlobRemoval(claimOf('sweep-b', 2))).toEqual({ kind: 'referenced' });
    });

    it('lets an expired claim be taken over; the old holder can then no longer release it', async () => {
      await store().media.claimBlobRemoval(claimOf('sweep-a'));
      // At its end the claim no longer blocks recording, and another sweep may take it.
      expect(await store().media.isBlobRemovalClaimed(KEY, at(10))).toBe(false);
      const late = aMediaAsset(aUser().id, { blobKey: OTHER_KEY });
      expect(await store().media.claimBlobRemoval(claimOf('sweep-b', 10))).toEqual({ kind: 'claimed' });
      await store().media.releaseBlobRemoval(KEY, 'sweep-a', at(11));
      expect(await store().media.isBlobRemovalClaimed(KEY, at(11))).toBe(true);
      expect(
        await store().media.addMediaAsset(
          { ...late, blobKey: KEY },
          { storageLimitBytes: 1e9, sourceUrl: null, now: at(11) },
        ),
      ).toEqual({ kind: 'blob_being_removed' });
      await store().media.releaseBlobRemoval(KEY, 'sweep-b', null);
      expect(await store().media.isBlobRemovalClaimed(KEY, at(11))).toBe(false);
      expect(
        (
          await store().media.addMediaAsset(
            { ...late, blobKey: KEY },
            { storageLimitBytes: 1e9, sourceUrl: null, now: at(11) },
          )
        ).kind,
      ).toBe('added');
    });

    it('remembers a released removal: recordings whose put began before it refuse, later ones record', async () => {
      const owner = aUser().id;
      await store().media.claimBlobRemoval(claimOf('sweep-a'));
      await store().media.releaseBlobRemoval(KEY, 'sweep-a', at(2));
      expect(await store().media.isBlobRemovalClaimed(KEY, at(3))).toBe(false);
      const asset = aMediaAsset(owner, { blobKey: KEY, sizeBytes: 100 });
      const limit = { storageLimitBytes: 10_000, sourceUrl: null };
      for (const putSince of [at(1), at(2)]) {
        expect(await store().media.addMediaAsset(asset, { ...limit, now: at(3), putSince })).toEqual({
          kind: 'blob_being_removed',
        });
      }
      expect(await store().media.addMediaAsset(asset, { ...limit, now: at(3) })).toEqual({
        kind: 'blob_being_removed',
      });
      const pending = aMediaAsset(owner, { status: 'pending', blobKey: null, sizeBytes: 0 });
      await store().media.insertPendingAsset(pending);
      const file = {
        contentType: 'image/png',
        sizeBytes: 100,
        width: 10,
        height: 10,
        durationMs: null,
        blobKey: KEY,
      };
      expect(
        await store().media.activatePendingAsset(pending.id, file, {
          storageLimitBytes: 10_000,
          now: at(3),
          putSince: at(2),
        }),
      ).toEqual({ kind: 'blob_being_removed' });
      expect(
        (
          await store().media.activatePendingAsset(pending.id, file, {
            storageLimitBytes: 10_000,
            now: at(3),
            putSince: at(2.5),
          })
        ).kind,
      ).toBe('activated');
    });

    it('keeps a remembered removal through a later claim that spares the bytes', async () => {
      await store().media.claimBlobRemoval(claimOf('sweep-a'));
      await store().media.releaseBlobRemoval(KEY, 'sweep-a', at(2));
      expect(await store().media.claimBlobRemoval(claimOf('sweep-b', 3))).toEqual({ kind: 'claimed' });
      await store().media.releaseBlobRemoval(KEY, 'sweep-b', null);
      const asset = aMediaAsset(aUser().id, { blobKey: KEY, sizeBytes: 100 });
      const limit = { storageLimitBytes: 10_000, sourceUrl: null, now: at(4) };
      expect(await store().media.addMediaAsset(asset, { ...limit, putSince: at(1) })).toEqual({
        kind: 'blob_being_removed',
      });
      expect((await store().media.addMediaAsset(asset, { ...limit, putSince: at(3) })).kind).toBe('added');
    });

    it('forgets released removals older than asked, never a held claim', async () => {
      await store().media.claimBlobRemoval(claimOf('sweep-a', 0, KEY));
      await store().media.releaseBlobRemoval(KEY, 'sweep-a', at(1));
      await store().media.claimBlobRemoval(claimOf('sweep-a', 0, OTHER_KEY));
      await store().media.releaseBlobRemoval(OTHER_KEY, 'sweep-a', at(5));
      const held = 'd'.repeat(64);
      await store().media.claimBlobRemoval(claimOf('sweep-b', 0, held));
      expect(await store().media.forgetBlobRemovals(at(5))).toBe(1);
      const limit = { storageLimitBytes: 1e9, sourceUrl: null, now: at(6), putSince: at(0) };
      const owner = aUser().id;
      expect((await store().media.addMediaAsset(aMediaAsset(owner, { blobKey: KEY }), limit)).kind).toBe(
        'added',
      );
      expect(
        (await store().media.addMediaAsset(aMediaAsset(owner, { blobKey: OTHER_KEY }), limit)).kind,
      ).toBe('blob_being_removed');
      expect(await store().media.forgetBlobRemovals(at(60))).toBe(1);
      expect(await store().media.isBlobRemovalClaimed(held, at(6))).toBe(true);
    });

    it('tells which of many blob keys assets refer to, each once, in one call', async () => {
      const [one, two, three, four] = ['1', '2', '3', '4'].map((c) => c.repeat(64)) as [
        string,
        string,
        string,
        string,
      ];
      await seedMediaAsset(store().media, aMediaAsset(aUser().id, { blobKey: one }));
      await seedMediaAsset(store().media, aMediaAsset(aUser().id, { blobKey: one }));
      await seedMediaAsset(store().media, aMediaAsset(aUser().id, { blobKey: three }));
      const found = await store().media.listReferencedBlobs([one, two, three, four, three]);
      expect([...found].sort()).toEqual([one, three]);
      expect(await store().media.listReferencedBlobs([])).toEqual([]);
    });
  });
}
