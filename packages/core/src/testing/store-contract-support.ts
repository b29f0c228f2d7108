import type { NewPostsBatch, Post } from '../posts/index.js';

// What the store contract's own parts (users, keys, accounts, media assets, posts) share.

/** The time the contract's records are dated around. */
export const T0 = new Date('2026-01-15T12:00:00.000Z');
/** `minutes` after T0. */
export const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
/** The start of the quota window the batches count in. */
export const WINDOW = new Date('2026-01-01T00:00:00.000Z');

/** A batch of `posts` for `ownerId` at T0, without idempotency, within a roomy quota; override any field. */
export const batch = (ownerId: string, posts: Post[], extra: Partial<NewPostsBatch> = {}): NewPostsBatch => ({
  ownerId,
  at: T0,
  posts,
  idempotency: null,
  quota: { limit: 1000, windowStart: WINDOW },
  ...extra,
});
