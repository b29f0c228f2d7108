/** What a store keeps of a blob's removal: a claim, a record that the bytes were deleted, or both. */
export type HeldBlobRemoval = {
  /** The sweep holding the claim; null once released. */
  readonly claimedBy: string | null;
  /** The claim's end; null once released. */
  readonly claimedUntil: Date | null;
  /** When a sweep released its claim after deleting the bytes; null when none did (lately). */
  readonly removedAt: Date | null;
};

/** Whether a claim is held and lives at `now` (until its end, exclusive; without a time, always). */
export function blobRemovalClaimLives(held: HeldBlobRemoval | null, now: Date | undefined): boolean {
  if (held === null || held.claimedUntil === null) return false;
  return now === undefined || held.claimedUntil.getTime() > now.getTime();
}

/**
 * Whether recording an asset must refuse with `blob_being_removed`: a live claim may be about to
 * delete the bytes, and bytes deleted at or after `putSince` (when the upload began putting them)
 * may be the very bytes the upload put, its touch lost with them. Without times it refuses on any
 * trace, which can only delay a recording, never lose bytes.
 */
export function blobRemovalBlocks(
  held: HeldBlobRemoval | null,
  now: Date | undefined,
  putSince: Date | undefined,
): boolean {
  if (held === null) return false;
  if (blobRemovalClaimLives(held, now)) return true;
  return (
    held.removedAt !== null && (putSince === undefined || held.removedAt.getTime() >= putSince.getTime())
  );
}

/**
 * What a request to claim a blob's removal gets, given what the store read inside the same
 * serialised transaction: refused while an asset refers to the blob or another sweep's claim
 * lives; an expired claim (its sweep stopped) or the claimant's own is taken over. Every store
 * decides with it.
 */
export function decideBlobRemovalClaim(
  referenced: boolean,
  held: HeldBlobRemoval | null,
  request: BlobRemovalRequest,
): BlobRemovalClaim {
  if (referenced) return { kind: 'referenced' };
  if (held !== null && held.claimedBy !== request.claimant && blobRemovalClaimLives(held, request.now))
    return { kind: 'claimed_elsewhere' };
  return { kind: 'claimed' };
}

/** Asking to remove a blob's bytes: who asks, when, and until when the claim holds. */
export type BlobRemovalRequest = {
  readonly blobKey: string;
  /** Names the sweep that claims; only it can release its claim. */
  readonly claimant: string;
  readonly now: Date;
  /** The claim's end: after it another sweep may take the claim over (its holder died). */
  readonly until: Date;
};

/** What claiming a blob's removal did. Only `claimed` wrote anything. */
export type BlobRemovalClaim =
  | { readonly kind: 'claimed' }
  /** An asset (of any owner, in any status) refers to the blob: it stays. */
  | { readonly kind: 'referenced' }
  /** Another sweep holds a live claim on it. */
  | { readonly kind: 'claimed_elsewhere' };
