import type { PlanState } from '../identity/index.js';
import type { PostStatus } from '../kernel/index.js';

/** A post's status as people read it; `publishing` is shown, where it is seen at all, as under way. */
export const STATUS_NAMES: Readonly<Record<PostStatus, string>> = {
  draft: 'Draft',
  pending_approval: 'Awaiting review',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  posted: 'Posted',
  failed: 'Failed',
};

/** The name of a status (public or internal). */
export function statusName(status: PostStatus): string {
  return STATUS_NAMES[status];
}

/** How an account stands, in the words of the Connections page and the tools. */
export const ACCOUNT_STATE_NAMES = {
  connected: 'Connected',
  needsReconnect: 'Needs reconnecting',
} as const;

/** A plan as people read it: the word the Billing and Overview pages use. */
export const PLAN_NAMES: Readonly<Record<PlanState, string>> = {
  trial: 'Trial',
  paid: 'Paid',
  expired: 'Expired',
};
