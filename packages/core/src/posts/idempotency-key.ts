/**
 * The caller's idempotency key and a fingerprint of the request that carried it. A key seen
 * before with the same fingerprint replays the first result; with another fingerprint it conflicts.
 */
export type IdempotencyKey = { readonly externalId: string; readonly fingerprint: string };
