import { z } from 'zod';

/** Where an approval stands: waiting for a reviewer, or decided one way or the other. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** An approval status. */
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

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
});

/** An approval record. */
export type Approval = z.infer<typeof approvalSchema>;
