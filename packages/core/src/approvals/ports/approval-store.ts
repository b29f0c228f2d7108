import type { Approval, ApprovalStep } from '../approval.js';

/** A reviewer's verdict on a pending approval. */
export type ApprovalDecision = {
  readonly status: 'approved' | 'rejected';
  readonly reviewerNote: string | null;
  readonly decidedAt: Date;
  /**
   * The step decided (default 1): the write happens only while the approval is pending at that
   * step, so two reviewers deciding one step at once cannot both win.
   */
  readonly step?: number;
  /** The approval's steps after the decision, stored with it (see stepsAfter). */
  readonly steps?: readonly ApprovalStep[];
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
  /**
   * Records an approved step before the last: stores `steps` and opens step `step + 1`, if the
   * approval is still pending at step `step`; the approval, or null when it is absent, decided or
   * past that step (another reviewer won).
   */
  advanceApproval(id: string, step: number, steps: readonly ApprovalStep[]): Promise<Approval | null>;
};
