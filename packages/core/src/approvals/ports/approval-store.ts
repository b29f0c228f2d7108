import type { Approval } from '../approval.js';

/** A reviewer's verdict on a pending approval. */
export type ApprovalDecision = {
  readonly status: 'approved' | 'rejected';
  readonly reviewerNote: string | null;
  readonly decidedAt: Date;
};

/** Storage of approval requests. */
export type ApprovalStore = {
  /** Stores a new approval. An id that already exists is a fault: the call rejects. */
  insertApproval(approval: Approval): Promise<void>;
  /** An approval by id; null when absent. */
  getApproval(id: string): Promise<Approval | null>;
  /** The most recently requested approval of a post (requestedAt, then id); null when none. */
  getLatestForPost(postId: string): Promise<Approval | null>;
  /**
   * Records a decision if the approval is still `pending` and returns it; null when it is absent
   * or already decided, so two reviewers deciding at once cannot both win.
   */
  decideApproval(id: string, decision: ApprovalDecision): Promise<Approval | null>;
};
