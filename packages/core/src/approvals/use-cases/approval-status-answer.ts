import { z } from 'zod';
import type { ApprovalStatusView } from './get-approval-status.js';

/** Where a post's latest approval stands, as JSON: the same on REST and in the approval tools. */
export const approvalStatusSchema = z.object({
  approvalId: z.string(),
  postId: z.string(),
  status: z.enum(['awaiting_review', 'approved', 'rejected']),
  requestNote: z.string().nullable(),
  reviewerNote: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
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
  };
}
