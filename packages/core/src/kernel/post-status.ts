/**
 * Internal post statuses. The spec's five plus `publishing`, which a post holds while a publisher
 * has it leased; callers see a publishing post as `scheduled` (see `publicStatus`).
 */
export const POST_STATUSES = [
  'draft',
  'pending_approval',
  'scheduled',
  'publishing',
  'posted',
  'failed',
] as const;

/** An internal post status. */
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * Statuses of a post on its way out: waiting for approval, scheduled, or being published. What
 * holds an account, an asset or a queue slot starts from these.
 */
export const OUTGOING_POST_STATUSES: readonly PostStatus[] = ['pending_approval', 'scheduled', 'publishing'];

/** Statuses callers can see and filter on (spec section 3). */
export const PUBLIC_POST_STATUSES = ['draft', 'pending_approval', 'scheduled', 'posted', 'failed'] as const;

/** A status as callers see it. */
export type PublicPostStatus = (typeof PUBLIC_POST_STATUSES)[number];

/** The status a caller sees: a post being published is still `scheduled` until it settles. */
export function publicStatus(status: PostStatus): PublicPostStatus {
  return status === 'publishing' ? 'scheduled' : status;
}
