import type { IdempotencyKey } from './idempotency-key.js';

/** An earlier create request with the batch's idempotency key, as a store read it. */
export type EarlierRequest = { readonly fingerprint: string; readonly postIds: readonly string[] };

/**
 * What a batch's idempotency key decides, given the earlier request with the same key (if any):
 * the same content is answered with the earlier rows, other content is a conflict; null lets the
 * batch go on. Every store decides with it, inside its transaction.
 */
export function idempotencyOutcome(
  key: IdempotencyKey | null,
  earlier: EarlierRequest | null,
):
  | { readonly kind: 'replayed'; readonly postIds: readonly string[] }
  | { readonly kind: 'idempotency_conflict'; readonly postIds: readonly string[] }
  | null {
  if (key === null || earlier === null) return null;
  return earlier.fingerprint === key.fingerprint
    ? { kind: 'replayed', postIds: earlier.postIds }
    : { kind: 'idempotency_conflict', postIds: earlier.postIds };
}

/**
 * The refusal when adding `adding` rows to an owner's `used` slots would pass the quota `limit`;
 * null when they fit. Every store decides with it, inside its transaction.
 */
export function quotaRefusal(
  used: number,
  adding: number,
  limit: number,
): { readonly kind: 'quota_exceeded'; readonly used: number; readonly limit: number } | null {
  return used + adding > limit ? { kind: 'quota_exceeded', used, limit } : null;
}
