import { runScript } from '../kernel/index.js';
import {
  type BlobRemovalTx,
  blobRemovalBlocks,
  blobRemovalClaimLives,
  claimBlobRemovalScript,
  type HeldBlobRemoval,
  type MediaAsset,
  type MediaStore,
} from '../media/index.js';

/** The memory store's removal claims on blobs, deciding over its media assets. */
export type MemoryBlobRemovals = Pick<
  MediaStore,
  'claimBlobRemoval' | 'releaseBlobRemoval' | 'isBlobRemovalClaimed' | 'forgetBlobRemovals'
> & {
  /** Whether recording an asset on `blobKey` must refuse (see core's `blobRemovalBlocks`). */
  blocks(blobKey: string | null, now: Date | undefined, putSince: Date | undefined): boolean;
};

/** Creates the claims over `media` (the store's assets by id). Each call runs without awaiting. */
export function createMemoryBlobRemovals(media: ReadonlyMap<string, MediaAsset>): MemoryBlobRemovals {
  const held = new Map<string, HeldBlobRemoval>();
  const referenced = (blobKey: string) => [...media.values()].some((m) => m.blobKey === blobKey);
  // The small calls of core's claimBlobRemovalScript; answered at once, so the claim is atomic.
  const claimTx: BlobRemovalTx = {
    lockBlob: () => {},
    blobReferenced: referenced,
    heldClaim: (blobKey) => held.get(blobKey) ?? null,
    saveClaim: (blobKey, claimant, until) => {
      held.set(blobKey, {
        claimedBy: claimant,
        claimedUntil: new Date(until.getTime()),
        removedAt: held.get(blobKey)?.removedAt ?? null,
      });
    },
  };
  return {
    async claimBlobRemoval(request) {
      return runScript(claimBlobRemovalScript(request), claimTx);
    },
    async releaseBlobRemoval(blobKey, claimant, removedAt) {
      const current = held.get(blobKey);
      if (current === undefined || current.claimedBy !== claimant) return;
      const remembered = removedAt ?? current.removedAt;
      if (remembered === null) held.delete(blobKey);
      else
        held.set(blobKey, { claimedBy: null, claimedUntil: null, removedAt: new Date(remembered.getTime()) });
    },
    async isBlobRemovalClaimed(blobKey, now) {
      return blobRemovalClaimLives(held.get(blobKey) ?? null, now);
    },
    async forgetBlobRemovals(removedBefore) {
      let forgotten = 0;
      for (const [key, removal] of [...held]) {
        if (removal.claimedBy === null && (removal.removedAt?.getTime() ?? 0) < removedBefore.getTime()) {
          held.delete(key);
          forgotten += 1;
        }
      }
      return forgotten;
    },
    blocks(blobKey, now, putSince) {
      return blobKey !== null && blobRemovalBlocks(held.get(blobKey) ?? null, now, putSince);
    },
  };
}
