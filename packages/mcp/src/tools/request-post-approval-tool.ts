import { approvalStepJson, approvalStepJsonSchema, requestApproval, stepsSummary } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { WRITE } from './annotations.js';

/** `svc_request_post_approval`: sends a draft for review; the post waits in `pending_approval`. */
export const requestPostApprovalTool = defineTool({
  name: 'svc_request_post_approval',
  title: 'Request post approval',
  description:
    "Sends a draft (from svc_draft_post) for review: the post waits for review (status pending approval, spelled as in the output schema) and an approval id is returned. Follow the decision with svc_get_post_approval_status; the answer lists the review steps the workspace's approval policy gives it (one or two, each decided by a named member or any member with a role; step 2 opens once step 1 approved); an approved post is scheduled (a draft saved with use_queue on its accounts' next free slots, which they must have: else no_posting_slots), a rejected one returns to draft.",
  scope: 'approval:request',
  action: 'approval:request',
  annotations: WRITE,
  input: z.strictObject({
    post_id: z.string().min(1).describe('The draft id svc_draft_post returned.'),
    note: z.string().optional().describe('Context for the reviewer.'),
  }),
  output: z.object({
    approvalId: z.string(),
    postId: z.string(),
    /** The approval, in the words of svc_get_post_approval_status. */
    status: z.literal('awaiting_review'),
    postStatus: z.literal('pending_approval'),
    steps: z.array(approvalStepJsonSchema).describe('The review steps, the first awaiting review.'),
  }),
  async run({ deps, actor }, args) {
    return requestApproval(deps.core, actor, { postId: args.post_id, note: args.note ?? null }).map(
      (requested) => ({
        structured: {
          approvalId: requested.approvalId,
          postId: requested.postId,
          status: 'awaiting_review',
          postStatus: 'pending_approval',
          steps: requested.steps.map(approvalStepJson),
        },
        summary: `Post ${requested.postId} is awaiting review (approval ${requested.approvalId}; ${stepsSummary(requested.steps)}). Check the decision with svc_get_post_approval_status.`,
      }),
    );
  },
});
