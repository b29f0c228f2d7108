import { err, ok, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { useCaseOnLivePost } from '../../posts/index.js';
import type { Approval, ApprovalStatus, ApprovalStep } from '../approval.js';
import { stepsOf } from '../approval-steps.js';

/** An approval as `svc_get_post_approval_status` shows it. */
export type ApprovalStatusView = {
  readonly approvalId: string;
  readonly postId: string;
  readonly status: 'awaiting_review' | 'approved' | 'rejected';
  readonly requestNote: string | null;
  readonly reviewerNote: string | null;
  readonly requestedAt: Date;
  readonly decidedAt: Date | null;
  /** The review steps in order, with who decided each, their note and when. */
  readonly steps: readonly ApprovalStep[];
  /** The member who asked under a saved policy (never a decider of it); not in the JSON answers. */
  readonly requesterId: string | null;
};

const SHOWN: Readonly<Record<ApprovalStatus, ApprovalStatusView['status']>> = {
  pending: 'awaiting_review',
  approved: 'approved',
  rejected: 'rejected',
};

/** The latest approval of one of the actor's posts (spec 4.2 `svc_get_post_approval_status`). */
export function getApprovalStatus(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  postId: string,
): ResultAsync<ApprovalStatusView, SvcError> {
  return useCaseOnLivePost(deps.store.posts, actor, 'post:read', postId, async () => {
    const approval = await deps.store.approvals.getLatestForPost(postId);
    if (approval === null) {
      return err(
        svcError(
          'approval_not_found',
          `No approval was requested for post ${postId}. Send a draft for review with svc_request_post_approval.`,
          { postId },
        ),
      );
    }
    return ok(approvalStatusView(approval));
  });
}

/** An approval as the status answers show it (REST, the tools, a decision's answer). */
export function approvalStatusView(approval: Approval): ApprovalStatusView {
  return {
    approvalId: approval.id,
    postId: approval.postId,
    status: SHOWN[approval.status],
    requestNote: approval.requestNote,
    reviewerNote: approval.reviewerNote,
    requestedAt: approval.requestedAt,
    decidedAt: approval.decidedAt,
    steps: stepsOf(approval),
    requesterId: approval.requesterId ?? null,
  };
}
