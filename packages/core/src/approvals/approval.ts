import { z } from 'zod';
import { reviewerRuleSchema } from '../teams/index.js';

/** Where an approval stands: waiting for a reviewer, or decided one way or the other. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** An approval status. */
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * Where one review step stands: `awaiting_review` is the open step, `waiting` a later one that
 * opens when the step before it approves, `skipped` a later one of a request rejected before it.
 */
export const APPROVAL_STEP_STATUSES = [
  'waiting',
  'awaiting_review',
  'approved',
  'rejected',
  'skipped',
] as const;

/** One review step of an approval, with who decided it, what they said and when. */
export const approvalStepSchema = z.object({
  /** 1 or 2. */
  step: z.number().int().min(1),
  /** Who may decide it, copied from the workspace's policy when the approval was requested. */
  reviewer: reviewerRuleSchema,
  status: z.enum(APPROVAL_STEP_STATUSES),
  /** The member's user id, or `operator`, or the review link that decided it. */
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
  decidedAt: z.date().nullable(),
});

/** A review step. */
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

/**
 * A request for a reviewer to approve a draft (spec 2.7), created by `svc_request_post_approval`
 * and decided once by an operator. A post may collect several over time (rejected, edited, asked
 * again); the latest one is the post's approval state.
 */
export const approvalSchema = z.object({
  /** `appr_…`. */
  id: z.string().min(1),
  postId: z.string().min(1),
  ownerId: z.string().min(1),
  status: z.enum(APPROVAL_STATUSES),
  /** Context the requester gave the reviewer. */
  requestNote: z.string().nullable(),
  /** What the reviewer said with the decision. */
  reviewerNote: z.string().nullable(),
  requestedAt: z.date(),
  decidedAt: z.date().nullable(),
  /** The credential (API key or token) that asked for the approval, for the audit trail. */
  requestedBy: z.string().min(1),
  /**
   * The review steps, in order (docs/teams.md, "Approval policy"). Absent on approvals requested
   * before steps existed: they had one step, which `stepsOf` rebuilds from the approval itself.
   */
  steps: z.array(approvalStepSchema).optional(),
  /**
   * The member who asked, who may never decide a step of it; null (or absent) when it was asked
   * under the default policy, where a person approves what their own agents and keys drafted.
   */
  requesterId: z.string().nullable().optional(),
});

/** An approval record. */
export type Approval = z.infer<typeof approvalSchema>;
