import { scriptSteps, type TxScript } from '../../kernel/index.js';
import { type BlobRemovalClaim, type BlobRemovalRequest, decideBlobRemovalClaim } from '../blob-removal.js';
import type { BlobRemovalTx } from '../ports/blob-removal-tx.js';

const tx = scriptSteps<BlobRemovalTx>();

/**
 * `MediaStore.claimBlobRemoval`, written once: under the blob's lock, core's
 * `decideBlobRemovalClaim` weighs the references and the claim held, and a granted claim is saved.
 */
export function* claimBlobRemovalScript(
  request: BlobRemovalRequest,
): TxScript<BlobRemovalTx, BlobRemovalClaim> {
  yield* tx.lockBlob(request.blobKey);
  const referenced = yield* tx.blobReferenced(request.blobKey);
  const outcome = decideBlobRemovalClaim(referenced, yield* tx.heldClaim(request.blobKey), request);
  if (outcome.kind === 'claimed') yield* tx.saveClaim(request.blobKey, request.claimant, request.until);
  return outcome;
}
