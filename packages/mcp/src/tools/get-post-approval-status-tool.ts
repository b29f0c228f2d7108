import { approvalStatusJson, approvalStatusSchema, getApprovalStatus, stepsSummary } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/** `svc_get_post_approval_status`: where the latest approval of a post stands. */
export const getPostApprovalStatusTool = defineTool({
  name: 'svc_get_post_approval_status',
  title: 'Get post approval status',
  description:
    "Returns the latest approval of a post: awaiting_review, approved or rejected, with the requester's and reviewer's notes and timestamps, and its review steps (one or two, as the workspace's approval policy says): who may decide each, who did, their note and when. An approved post is scheduled (see svc_get_post_status); a rejected one is a draft again.",
  scope: 'post:read',
  action: 'post:read',
  annotations: READ_ONLY,
  input: z.strictObject({
    post_id: z.string().min(1).describe('The post sent with svc_request_post_approval.'),
  }),
  output: approvalStatusSchema,
  async run({ deps, actor }, args) {
    return getApprovalStatus(deps.core, actor, args.post_id).map((view) => ({
      structured: approvalStatusJson(view),
      summary: `${
        view.status === 'awaiting_review'
          ? `Post ${view.postId} is awaiting review since ${view.requestedAt.toISOString()}.`
          : `Post ${view.postId} was ${view.status} at ${view.decidedAt?.toISOString()}${view.reviewerNote === null ? '' : `: "${view.reviewerNote}"`}.`
      } Steps: ${stepsSummary(view.steps)}.`,
    }));
  },
});
