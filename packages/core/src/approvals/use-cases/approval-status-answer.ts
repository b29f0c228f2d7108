import { z } from 'zod';
import { reviewerRuleSchema } from '../../teams/index.js';
import { APPROVAL_STEP_STATUSES, type ApprovalStep } from '../approval.js';
import type { ApprovalStatusView } from './get-approval-status.js';

/** One review step as JSON. */
export const approvalStepJsonSchema = z.object({
  step: z.number().int(),
  reviewer: reviewerRuleSchema.describe('A named member (`userId`), or any member with `role` or above.'),
  status: z.enum(APPROVAL_STEP_STATUSES),
  decidedBy: z
    .string()
    .nullable()
    .describe('The user id of the member who decided, `operator`, or a review link.'),
  note: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

/** A review step as JSON (its date as an ISO string). */
export function approvalStepJson(step: ApprovalStep): z.infer<typeof approvalStepJsonSchema> {
  return { ...step, decidedAt: step.decidedAt?.toISOString() ?? null };
}

/** Where a post's latest approval stands, as JSON: the same on REST and in the approval tools. */
export const approvalStatusSchema = z.object({
  approvalId: z.string(),
  postId: z.string(),
  status: z.enum(['awaiting_review', 'approved', 'rejected']),
  requestNote: z.string().nullable(),
  reviewerNote: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  steps: z
    .array(approvalStepJsonSchema)
    .describe('The review steps in order: step 2 opens once step 1 approved.'),
});

/** An approval status as JSON (dates as ISO strings). */
export function approvalStatusJson(view: ApprovalStatusView): z.infer<typeof approvalStatusSchema> {
  return {
    approvalId: view.approvalId,
    postId: view.postId,
    status: view.status,
    requestNote: view.requestNote,
    reviewerNote: view.reviewerNote,
    requestedAt: view.requestedAt.toISOString(),
    decidedAt: view.decidedAt?.toISOString() ?? null,
    steps: view.steps.map(approvalStepJson),
  };
}
