import type { DomainEvent, EventActor } from '../../journal/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { Post, QueueRequest } from '../../posts/index.js';
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
  /** Who decided: every event appended names them, those a queue placement makes again included. */
  readonly actor?: EventActor;
  /**
   * Approved into the queue (docs/queue.md, "Queued drafts"): inside the transaction, the draft row
   * and each further row take their account's next free slot (their times until then are
   * placeholders), repeats are judged at those times, and `events` are made again with them.
   */
  readonly queue?: QueueRequest;
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
  | { readonly kind: 'quota_exceeded'; readonly used: number; readonly limit: number }
  /** A queued approval's row repeats `earlier` at the slot it would take. */
  | { readonly kind: 'duplicate_content'; readonly post: Post; readonly earlier: Post }
  /** A queued approval's account has no free slot in the year ahead (`error` says so). */
  | { readonly kind: 'no_free_slot'; readonly error: SvcError };

/**
 * Approving a draft writes post rows and decides the approval in one transaction, so the store
 * that holds the posts answers it (`Store.posts` is a `PostStore & DraftApprovalStore`).
 */
export type DraftApprovalStore = {
  /** Applies an approved draft's batch atomically (see ApprovedDraftBatch). */
  approveDraft(batch: ApprovedDraftBatch): Promise<ApprovedDraftOutcome>;
};
