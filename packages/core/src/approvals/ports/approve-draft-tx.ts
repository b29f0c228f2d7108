import type { PostBatchTx, PostWriteTx } from '../../posts/index.js';
import type { Approval } from '../approval.js';
import type { ApprovalDecision } from './approval-store.js';

/**
 * The small calls a store answers inside the transaction of an approved draft (core's
 * `approveDraftScript`): those of a post batch it shares (a queued approval reads the taken slots
 * and the repeats as a queued insert does), the draft's compare-and-set and the approval's.
 */
export type ApproveDraftTx = Pick<
  PostBatchTx,
  | 'lockOwner'
  | 'quotaUsed'
  | 'scheduledTimesOf'
  | 'postsWithContent'
  | 'insertPosts'
  | 'addQuotaUsage'
  | 'appendEvents'
> &
  PostWriteTx & {
    /** Decides the approval if it is still pending (compare-and-set); the decided approval, or null. */
    decideApproval(id: string, decision: ApprovalDecision): Approval | null;
  };
