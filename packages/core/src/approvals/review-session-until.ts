import type { ReviewLink } from './review-link.js';

/** How long a client's review session lasts at most (never past its link's expiry): two hours. */
export const REVIEW_SESSION_MS = 2 * 60 * 60 * 1000;

/**
 * When a review session opened at `now` on `link` ends: two hours on, or the link's expiry if
 * sooner, so a session never outlives the link it was opened with.
 */
export function reviewSessionUntil(link: ReviewLink, now: Date): Date {
  return new Date(Math.min(now.getTime() + REVIEW_SESSION_MS, link.expiresAt.getTime()));
}
