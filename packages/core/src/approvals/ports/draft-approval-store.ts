import type { DomainEvent } from '../../journal/index.js';
import type { Post } from '../../posts/index.js';
import type { Approval } from '../approval.js';
import type { ApprovalDecision } from './approval-store.js';

/**
 * An approved draft made into scheduled rows: the draft row rewritten (compare-and-set on its
 * version), the rows for its other target accounts inserted within the scheduling quota, and the
 * approval decided, all in one transaction or not at all.
 */
export type ApprovedDraftBatch = {
  readonly ownerId: string;
  /** The draft row as it becomes: `scheduled`, aimed at the first target account. */
  readonly draft: Post;
  readonly expectedVersion: number;
  /** Rows for the other target accounts; each takes a quota slot (the draft took its own when saved). */
  readonly siblings: readonly Post[];
  readonly approvalId: string;
  readonly decision: ApprovalDecision;
  readonly quota: { readonly limit: number; readonly windowStart: Date };
  /** The draft's transition events and the new rows' `post.scheduled`, appended with the rows. */
  readonly events: readonly DomainEvent[];
};

/** What approving a draft did. Only `approved` wrote anything. */
export type ApprovedDraftOutcome =
  | {
      readonly kind: 'approved';
      readonly post: Post;
      readonly siblings: readonly Post[];
      readonly approval: Approval;
    }
  /** The draft changed, or the approval was decided, since they were read. */
  | { readonly kind: 'conflict' }
  | { readonly kind: 'quota_exceeded'; readonly used: number; readonly limit: number };

/**
 * Approving a draft writes post rows and decides the approval in one transaction, so the store
 * that holds the posts answers it (`Store.posts` is a `PostStore & DraftApprovalStore`).
 */
export type DraftApprovalStore = {
  /** Applies an approved draft's batch atomically (see ApprovedDraftBatch). */
  approveDraft(batch: ApprovedDraftBatch): Promise<ApprovedDraftOutcome>;
};
