import type { HeldBlobRemoval } from '../blob-removal.js';

/** The small calls a store answers inside the transaction of a sweep's claim on a blob (core's `claimBlobRemovalScript`). */
export type BlobRemovalTx = {
  /** Serialises the blob's claims and recordings (PostgreSQL's advisory lock); a store holding a write lock does nothing. */
  lockBlob(blobKey: string): void;
  /** Whether an asset (of any owner, in any status) refers to the blob. */
  blobReferenced(blobKey: string): boolean;
  /** The blob's claim or remembered removal, or null. */
  heldClaim(blobKey: string): HeldBlobRemoval | null;
  /** Records the claimant's claim until `until`, keeping a removal remembered from an earlier round. */
  saveClaim(blobKey: string, claimant: string, until: Date): void;
};
