import type { HeldBlobRemoval, MediaStore } from '@svc/core';
import { orNull } from './or-null.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** The orphan sweep's claims on blobs: the part of a MediaStore each dialect keeps in a file of its own. */
export type BlobRemovalCalls = Pick<
  MediaStore,
  | 'claimBlobRemoval'
  | 'releaseBlobRemoval'
  | 'isBlobRemovalClaimed'
  | 'forgetBlobRemovals'
  | 'listReferencedBlobs'
>;

/** The `blob_removals` columns a claim is read from, in a dialect's column types. */
export type HeldBlobRemovalRowOf<T extends SqlTypes> = {
  claimed_by: string | null;
  claimed_until: T['date'] | null;
  removed_at: T['date'] | null;
};

/** Reads a blob's claim or remembered removal; one parameter, the blob key. */
export function selectHeldBlobRemovalSql(placeholder: string): string {
  return `SELECT claimed_by, claimed_until, removed_at FROM blob_removals WHERE blob_key = ${placeholder}`;
}

/** The claim or removal a row holds. */
export function sqlRowToHeldBlobRemoval<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: HeldBlobRemovalRowOf<T>,
): HeldBlobRemoval {
  return {
    claimedBy: row.claimed_by,
    claimedUntil: orNull(row.claimed_until, codec.dateFromSql),
    removedAt: orNull(row.removed_at, codec.dateFromSql),
  };
}
