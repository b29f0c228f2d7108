import type { Result } from 'neverthrow';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, operatorActor, type User } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { aMediaAsset, aUser, seedMediaAsset } from '../../testing/builders.js';
import { blobKeyOf } from '../../testing/memory-blob-store.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { MediaAsset } from '../media-asset.js';
import type { BlobStore } from '../ports/blob-store.js';
import type { MediaStore } from '../ports/media-store.js';
import { deleteMedia } from './delete-media.js';
import { storeDerivedAsset } from './derived-asset.js';
import { BLOB_REMOVAL_WAIT } from './record-while-blob-stays.js';
import { BLOB_REMOVAL_CLAIM_MS, ORPHANED_BLOB_GRACE_MS, sweepOrphanedBlobs } from './sweep-orphaned-blobs.js';
import { uploadMedia } from './upload-media.js';
import { completeUpload, createUploadTarget } from './upload-targets.js';

const text = (value: string) => new TextEncoder().encode(value);
async function* streamOf(...chunks: Uint8Array[]) {
  for (const chunk of chunks) yield chunk;
}

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('sweepOrphanedBlobs', () => {
  let t: TestDeps;
  let user: User;
  let actor: Actor;
  const jpeg = (value: string) =>
    t.inspector.describe(text(value), { contentType: 'image/jpeg', width: 10, height: 10 });
  const putBytes = async (bytes: Uint8Array) => {
    const put = await t.blobs.put(streamOf(bytes), { maxBytes: 1_000_000 });
    if (!put.ok) throw new Error('put failed');
    return put.blob.key;
  };
  const sweep = (claimant = 'sweep-1', batch?: number) =>
    sweepOrphanedBlobs(t.deps, { claimant, ...(batch === undefined ? {} : { batch }) });

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser({ plan: { kind: 'paid' } });
    await t.store.users.insertUser(user);
    actor = operatorActor(user);
  });

  it('removes orphans older than the grace, in batches; keeps young ones and every referenced blob', async () => {
    const orphans = await Promise.all(['one', 'two!', 'three'].map((v) => putBytes(text(v))));
    const kept = (await uploadMedia(t.deps, actor, streamOf(jpeg('kept photo'))))._unsafeUnwrap();
    await createUploadTarget(t.deps, actor);
    t.clock.advance(ORPHANED_BLOB_GRACE_MS - 60_000);
    const young = await putBytes(text('young'));
    expect(await sweep()).toEqual({ removed: 0, freedBytes: 0, spared: 0 });

    t.clock.advance(60_001);
    expect(await sweep('sweep-1', 2)).toEqual({ removed: 3, freedBytes: 3 + 4 + 5, spared: 0 });
    expect(t.blobs.keys().sort()).toEqual([kept.blobKey, young].sort());
    for (const key of orphans) expect(await t.blobs.size(key)).toBeNull();
    expect(await sweep()).toEqual({ removed: 0, freedBytes: 0, spared: 0 });
  });

  it("removes a refused upload's bytes and a deleted asset's once they are old enough", async () => {
    const notMedia = text('just some text');
    expect((await uploadMedia(t.deps, actor, streamOf(notMedia)))._unsafeUnwrapErr().code).toBe(
      'unsupported_media_type',
    );
    const photo = (await uploadMedia(t.deps, actor, streamOf(jpeg('deleted later'))))._unsafeUnwrap();
    (await deleteMedia(t.deps, actor, photo.id))._unsafeUnwrap();
    // Both sets of bytes are still there: a sweep, not the request, removes them.
    expect(t.blobs.keys().sort()).toEqual([blobKeyOf(notMedia), photo.blobKey].sort());
    t.clock.advance(ORPHANED_BLOB_GRACE_MS + 1);
    expect((await sweep()).removed).toBe(2);
    expect(t.blobs.keys()).toEqual([]);
  });

  it('removes each orphan once when several sweeps run at the same time', async () => {
    for (let i = 0; i < 12; i++) await putBytes(text(`orphan ${i}`));
    await uploadMedia(t.deps, actor, streamOf(jpeg('kept')));
    t.clock.advance(ORPHANED_BLOB_GRACE_MS + 1);
    const results = await Promise.all(['a', 'b', 'c'].map((name) => sweep(`sweep-${name}`, 5)));
    expect(results.reduce((sum, r) => sum + r.removed, 0)).toBe(12);
    expect(t.blobs.keys()).toHaveLength(1);
  });

  it('takes over the claim of a sweep that stopped once it expired', async () => {
    const key = await putBytes(text('left behind'));
    t.clock.advance(ORPHANED_BLOB_GRACE_MS + 1);
    const now = t.clock.now();
    await t.store.media.claimBlobRemoval({
      blobKey: key,
      claimant: 'stopped',
      now,
      until: new Date(now.getTime() + BLOB_REMOVAL_CLAIM_MS),
    });
    expect((await sweep()).removed).toBe(0);
    t.clock.advance(BLOB_REMOVAL_CLAIM_MS);
    expect((await sweep()).removed).toBe(1);
  });

  it('releases its claim when a delete fails, remembering the removal it may have made', async () => {
    const key = await putBytes(text('stubborn'));
    t.clock.advance(ORPHANED_BLOB_GRACE_MS + 1);
    const putSince = t.clock.now();
    const failing: BlobStore = {
      ...t.blobs,
      async delete() {
        throw new Error('storage unreachable');
      },
    };
    await expect(sweepOrphanedBlobs({ ...t.deps, blobs: failing }, { claimant: 'sweep-1' })).rejects.toThrow(
      'storage unreachable',
    );
    expect(await t.store.media.isBlobRemovalClaimed(key, t.clock.now())).toBe(false);
    const asset = aMediaAsset(user.id, { blobKey: key, sizeBytes: 8 });
    const options = { storageLimitBytes: 1e9, sourceUrl: null, now: t.clock.now() };
    expect(await t.store.media.addMediaAsset(asset, { ...options, putSince })).toEqual({
      kind: 'blob_being_removed',
    });
    // The next round deletes it.
    expect((await sweep()).removed).toBe(1);
  });

  describe('an upload of the same bytes at every step of the sweep', () => {
    // The steps of the sweep an upload's put (its touch) and its recording are slotted into.
    const STEPS = [
      'before the sweep',
      'before the claim',
      'before the stat',
      'before the delete',
      'before the release',
      'after the sweep',
    ];
    const cases = STEPS.flatMap((_, putAt) =>
      STEPS.slice(putAt).map(
        (__, offset) => [STEPS[putAt], STEPS[putAt + offset], putAt, putAt + offset] as const,
      ),
    );

    it.each(cases)(
      'put %s, recorded %s: the asset has its bytes, or the upload is refused and kept nothing',
      async (_p, _r, putAt, recordAt) => {
        const photo = jpeg('contested photo');
        const key = await putBytes(photo);
        t.clock.advance(ORPHANED_BLOB_GRACE_MS + 60_000);

        const actions = new Map<number, (() => Promise<void>)[]>();
        const at = (step: number, action: () => Promise<void>) =>
          actions.set(step, [...(actions.get(step) ?? []), action]);
        let reached = -1;
        const reach = async (step: number) => {
          while (reached < step) {
            reached += 1;
            for (const action of actions.get(reached) ?? []) await action();
          }
        };

        const swept = signal();
        const putDone = signal();
        const gate = signal();
        const firstRecord = signal();
        let gated = true;
        const media: MediaStore = {
          ...t.store.media,
          async addMediaAsset(asset, options) {
            if (!gated) return t.store.media.addMediaAsset(asset, options);
            gated = false;
            await gate.promise;
            const outcome = await t.store.media.addMediaAsset(asset, options);
            firstRecord.resolve();
            return outcome;
          },
        };
        const uploadDeps: CoreDeps = {
          ...t.deps,
          store: { ...t.store, media },
          blobs: {
            ...t.blobs,
            async put(source, options) {
              const put = await t.blobs.put(source, options);
              putDone.resolve();
              return put;
            },
          },
          // A waiting upload resumes once the sweep is over; time moves on while it waits.
          sleep: async (ms) => {
            await swept.promise;
            t.clock.advance(ms);
          },
        };
        let upload: PromiseLike<Result<MediaAsset, SvcError>> | undefined;
        at(putAt, async () => {
          upload = uploadMedia(uploadDeps, actor, streamOf(photo));
          await putDone.promise;
        });
        at(recordAt, async () => {
          gate.resolve();
          await firstRecord.promise;
        });

        const sweepBlobs: BlobStore = {
          ...t.blobs,
          async stat(k) {
            await reach(2);
            return t.blobs.stat(k);
          },
          async delete(k) {
            await reach(3);
            return t.blobs.delete(k);
          },
        };
        const sweepMedia: MediaStore = {
          ...t.store.media,
          async claimBlobRemoval(request) {
            await reach(1);
            return t.store.media.claimBlobRemoval(request);
          },
          async releaseBlobRemoval(k, claimant, removedAt) {
            await reach(4);
            return t.store.media.releaseBlobRemoval(k, claimant, removedAt);
          },
        };
        await reach(0);
        const result = await sweepOrphanedBlobs(
          { ...t.deps, store: { ...t.store, media: sweepMedia }, blobs: sweepBlobs },
          { claimant: 'sweep-1' },
        );
        await reach(5);
        swept.resolve();
        const uploaded = await (upload as PromiseLike<Result<MediaAsset, SvcError>>);

        // The bytes go only when the upload's touch came after the sweep's last look and before
        // the delete; then, and only then, the upload is refused.
        expect(result.removed).toBe(putAt >= 3 ? 1 : 0);
        if (putAt === 3) {
          expect(uploaded._unsafeUnwrapErr().code).toBe('media_upload_interrupted');
          expect(await t.store.media.isBlobReferenced(key)).toBe(false);
          expect(await t.store.media.getStorageUsed(user.id)).toBe(0);
          expect(await t.blobs.size(key)).toBeNull();
        } else {
          const asset = uploaded._unsafeUnwrap();
          expect(await t.store.media.getMediaAsset(asset.id)).toEqual(asset);
          expect(await t.blobs.size(key)).toBe(photo.byteLength);
        }
      },
    );
  });

  describe('recordings that meet a claim', () => {
    const claimNow = async (key: string, claimant = 'sweep-x') => {
      const now = t.clock.now();
      await t.store.media.claimBlobRemoval({
        blobKey: key,
        claimant,
        now,
        until: new Date(now.getTime() + BLOB_REMOVAL_CLAIM_MS),
      });
    };
    const sleeps: number[] = [];
    /** Deps whose first wait runs `then` (what the sweep does meanwhile); every wait moves the clock. */
    const waitingDeps = (then: () => Promise<void> = async () => {}): CoreDeps => ({
      ...t.deps,
      sleep: async (ms) => {
        sleeps.push(ms);
        t.clock.advance(ms);
        if (sleeps.length === 1) await then();
      },
    });
    beforeEach(() => {
      sleeps.length = 0;
    });

    it('answers media_upload_interrupted after 5 s when the claim of a stopped sweep stays, recording nothing', async () => {
      const photo = jpeg('held');
      const key = await putBytes(photo);
      await claimNow(key);
      const result = await uploadMedia(waitingDeps(), actor, streamOf(photo));
      expect(result._unsafeUnwrapErr()).toMatchObject({ code: 'media_upload_interrupted' });
      expect(result._unsafeUnwrapErr().message).toMatch(/Send the file again/);
      expect(sleeps).toEqual(Array(BLOB_REMOVAL_WAIT.polls).fill(BLOB_REMOVAL_WAIT.intervalMs));
      expect(
        (await t.store.media.listMediaAssets({ ownerId: user.id, limit: 10, after: null })).assets,
      ).toEqual([]);
      expect(await t.store.media.getStorageUsed(user.id)).toBe(0);
      // Once the claim expired, the same upload goes through.
      t.clock.advance(BLOB_REMOVAL_CLAIM_MS);
      expect((await uploadMedia(t.deps, actor, streamOf(photo))).isOk()).toBe(true);
    });

    it('completes an upload target once a sweep spares the bytes; refuses it, still pending, when it deletes them', async () => {
      const photo = jpeg('target');
      const key = await putBytes(photo);
      const spared = (await createUploadTarget(t.deps, actor))._unsafeUnwrap();
      await claimNow(key);
      const completed = await completeUpload(
        waitingDeps(() => t.store.media.releaseBlobRemoval(key, 'sweep-x', null)),
        spared.asset.id,
        streamOf(photo),
      );
      expect(completed._unsafeUnwrap()).toMatchObject({
        id: spared.asset.id,
        status: 'active',
        blobKey: key,
      });

      const other = jpeg('target, deleted');
      const otherKey = await putBytes(other);
      const refused = (await createUploadTarget(t.deps, actor))._unsafeUnwrap();
      await claimNow(otherKey);
      sleeps.length = 0;
      const interrupted = await completeUpload(
        waitingDeps(async () => {
          await t.blobs.delete(otherKey);
          await t.store.media.releaseBlobRemoval(otherKey, 'sweep-x', t.clock.now());
        }),
        refused.asset.id,
        streamOf(other),
      );
      expect(interrupted._unsafeUnwrapErr().code).toBe('media_upload_interrupted');
      expect((await t.store.media.getMediaAsset(refused.asset.id))?.status).toBe('pending');
      // Sent again, the bytes are stored anew and the same link completes.
      t.clock.advance(1);
      expect((await completeUpload(t.deps, refused.asset.id, streamOf(other)))._unsafeUnwrap().blobKey).toBe(
        otherKey,
      );
      expect(await t.blobs.size(otherKey)).toBe(other.byteLength);
    });

    it('records a derived copy once the claim goes with its bytes kept; asks for the request again when they went', async () => {
      const original = await seedMediaAsset(t.store.media, aMediaAsset(user.id, { sizeBytes: 10 }));
      const copy = jpeg('padded copy');
      const putSince = t.clock.now();
      const key = await putBytes(copy);
      await claimNow(key);
      const derived = await storeDerivedAsset(
        waitingDeps(() => t.store.media.releaseBlobRemoval(key, 'sweep-x', null)),
        user,
        original,
        original.id,
        { key, sizeBytes: copy.byteLength },
        { contentType: 'image/jpeg', width: 10, height: 10 },
        putSince,
      );
      expect(derived._unsafeUnwrap()).toMatchObject({ kind: 'asset', derivedFrom: original.id });

      const gone = jpeg('another copy');
      const goneSince = t.clock.now();
      const goneKey = await putBytes(gone);
      await claimNow(goneKey);
      sleeps.length = 0;
      const refused = await storeDerivedAsset(
        waitingDeps(async () => {
          await t.blobs.delete(goneKey);
          await t.store.media.releaseBlobRemoval(goneKey, 'sweep-x', t.clock.now());
        }),
        user,
        original,
        original.id,
        { key: goneKey, sizeBytes: gone.byteLength },
        { contentType: 'image/jpeg', width: 10, height: 10 },
        goneSince,
      );
      expect(refused._unsafeUnwrapErr().message).toMatch(/Send the request again/);
      expect(await t.store.media.isBlobReferenced(goneKey)).toBe(false);
    });
  });
});
