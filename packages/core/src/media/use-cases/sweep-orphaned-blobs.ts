import type { CoreDeps } from '../../deps/index.js';

/**
 * How old a blob no asset refers to must be before the sweep removes it. Uploads touch the bytes
 * they put, so bytes put and about to be recorded (or sent again after a refusal) are younger.
 */
export const ORPHANED_BLOB_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * How long one sweep's claim on a blob holds: far longer than its stat and delete take, so only a
 * sweep that stopped loses it to another.
 */
export const BLOB_REMOVAL_CLAIM_MS = 10 * 60 * 1000;

/** What one orphan sweep did. */
export type OrphanedBlobSweep = {
  /** Blobs this sweep deleted. */
  readonly removed: number;
  /** Their bytes. */
  readonly freedBytes: number;
  /** Blobs it claimed but spared: an upload touched them after the listing. */
  readonly spared: number;
};

/** Options of one sweep. */
export type OrphanedBlobSweepOptions = {
  /** Names this sweep in its claims (unique per process and round). */
  readonly claimant: string;
  /** Candidates looked up per query. Default 500. */
  readonly batch?: number;
  /** Default ORPHANED_BLOB_GRACE_MS. */
  readonly graceMs?: number;
};

/**
 * Removes blobs no asset refers to (issue 22's sweep; docs/media.md, "Unused files"), never racing
 * an upload of the same bytes. For each blob older than the grace that no asset refers to: claim
 * its removal (the store refuses while an asset refers to it, and refuses asset recording while the
 * claim lives), look at the bytes again (an upload touched them meanwhile: spare them), delete,
 * release remembering when (recordings whose put began before then look at their bytes again).
 * Safe on several processes at once: each blob is deleted and counted by one of them.
 */
export async function sweepOrphanedBlobs(
  deps: Pick<CoreDeps, 'store' | 'blobs' | 'clock'>,
  options: OrphanedBlobSweepOptions,
): Promise<OrphanedBlobSweep> {
  const batchSize = options.batch ?? 500;
  const graceMs = options.graceMs ?? ORPHANED_BLOB_GRACE_MS;
  const oldBefore = () => deps.clock.now().getTime() - graceMs;
  const cutoff = oldBefore();
  const done = { removed: 0, freedBytes: 0, spared: 0 };
  // A removal matters to recordings whose put began before it; none takes the grace period.
  await deps.store.media.forgetBlobRemovals(new Date(cutoff));

  const removeOne = async (blobKey: string) => {
    const now = deps.clock.now();
    const claim = await deps.store.media.claimBlobRemoval({
      blobKey,
      claimant: options.claimant,
      now,
      until: new Date(now.getTime() + BLOB_REMOVAL_CLAIM_MS),
    });
    if (claim.kind !== 'claimed') return;
    let removedAt: Date | null = null;
    try {
      // The listing may be minutes old: an upload that put these bytes since then touched them.
      const facts = await deps.blobs.stat(blobKey);
      // Gone: another sweep deleted it after it was listed here; it counted it.
      if (facts === null) return;
      if (facts.modifiedAt.getTime() >= oldBefore()) {
        done.spared += 1;
        return;
      }
      try {
        await deps.blobs.delete(blobKey);
      } finally {
        // Read after the delete, even a failed one (it may have happened all the same): an upload
        // whose put began before this time may have touched the bytes just deleted, so its
        // recording must look again (recordWhileBlobStays).
        removedAt = deps.clock.now();
      }
      done.removed += 1;
      done.freedBytes += facts.sizeBytes;
    } finally {
      await deps.store.media.releaseBlobRemoval(blobKey, options.claimant, removedAt);
    }
  };

  const sweepBatch = async (keys: readonly string[]) => {
    // One read per batch spares a write transaction per referenced blob, which most blobs are.
    const referenced = new Set(await deps.store.media.listReferencedBlobs(keys));
    for (const key of keys) if (!referenced.has(key)) await removeOne(key);
  };

  let batch: string[] = [];
  for await (const blob of deps.blobs.list()) {
    if (blob.modifiedAt.getTime() >= cutoff) continue;
    batch.push(blob.key);
    if (batch.length >= batchSize) {
      await sweepBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweepBatch(batch);
  return done;
}
