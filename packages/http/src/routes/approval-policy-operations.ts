// The REST operations of the approval policy (issue 36, docs/teams.md "Approval policy"): reading
// and setting who must ask and who decides, and a member deciding the open review step of a post.
// The rules (who may set, who may decide which step) are core's use cases'.

import {
  APPROVAL_REQUIRED_FOR,
  type ApprovalPolicyView,
  approvalPolicySchema,
  approvalStatusJson,
  approvalStatusSchema,
  approvalStatusView,
  getApprovalPolicy,
  PUBLIC_POST_STATUSES,
  publicStatus,
  reviewApproval,
  reviewerRuleSchema,
  setApprovalPolicy,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defined, defineOperation } from '../operation.js';
import { POST_CONTENT_ERRORS } from '../operation-errors.js';
import { useCaseOperation } from '../use-case-operation.js';

const policySchema = z.object({
  requiredFor: z
    .enum(APPROVAL_REQUIRED_FOR)
    .describe(
      'Who must draft and ask for approval instead of scheduling: contributors (always), agents (OAuth grants), keys_marked (keys created with --needs-approval) or everyone.',
    ),
  steps: z
    .array(reviewerRuleSchema)
    .describe(
      'One or two review steps, in order; each a named member (`userId`) or any member with `role` or above.',
    ),
  saved: z.boolean().describe('False while the default applies (no policy saved).'),
});

const POLICY_EXAMPLE = {
  requiredFor: 'contributors' as const,
  steps: [{ role: 'editor' as const }, { userId: 'user_01JDQ40A7B8C9D0E1F2G3H4J5K' }],
  saved: true,
};

const decisionSchema = z.strictObject({
  approve: z.boolean().describe('True to approve the open step, false to reject the request.'),
  note: z
    .string()
    .max(2000)
    .nullish()
    .describe('What the reviewer says, kept on the step (and on the approval).'),
  queue: z
    .boolean()
    .nullish()
    .describe("Approving the last step: each post takes its account's next free posting slot."),
});

const decidedSchema = approvalStatusSchema.extend({
  postStatus: z
    .enum(PUBLIC_POST_STATUSES)
    .describe('Awaiting review (next step), scheduled, or a draft again.'),
  scheduledPostIds: z.array(z.string()).describe('The posts the last step scheduled; empty otherwise.'),
});

const policyJson = ({ policy, saved }: ApprovalPolicyView) => ({
  requiredFor: policy.requiredFor,
  steps: [...policy.steps],
  saved,
});

/** The approval policy and review-step decisions. */
export function approvalPolicyOperations(deps: HttpDeps): AnyOperation[] {
  return [
    useCaseOperation({
      id: 'getApprovalPolicy',
      method: 'GET',
      path: '/api/v1/approval-policy',
      tag: 'Workspace',
      summary: "Read the workspace's approval policy",
      description:
        'Any member. Without a saved policy the default applies: contributors ask, one step by any editor or above.',
      scope: 'member:read',
      action: 'member:read',
      answer: { description: 'The policy in force.', schema: policySchema, example: POLICY_EXAMPLE },
      errors: ['role_not_allowed'],
    })(deps.core, getApprovalPolicy, policyJson),
    defineOperation({
      id: 'setApprovalPolicy',
      method: 'PUT',
      path: '/api/v1/approval-policy',
      tag: 'Workspace',
      summary: "Set the workspace's approval policy",
      description:
        'Admins and owners. Each step must be decidable: a named reviewer must be a member who may decide approvals, a role one that may. Requests already sent keep their steps. Once a policy is saved, a requester never decides a step of their own request.',
      access: { scope: 'member:write', action: 'approval-policy:manage' },
      body: {
        kind: 'json',
        schema: approvalPolicySchema,
        example: { requiredFor: 'agents', steps: [{ role: 'editor' }, { role: 'admin' }] },
      },
      responses: {
        200: { description: 'The policy as saved.', schema: policySchema, example: POLICY_EXAMPLE },
      },
      errors: ['role_not_allowed', 'invalid_approval_policy', 'validation_failed'],
    })(async ({ ctx, body }) => ({
      status: 200,
      body: policyJson(await unwrap(setApprovalPolicy(deps.core, actorOf(ctx), defined(body)))),
    })),
    defineOperation({
      id: 'decideApproval',
      method: 'POST',
      path: '/api/v1/posts/{id}/approval/decision',
      tag: 'Drafts and approvals',
      summary: 'Approve or reject the open review step',
      description:
        "Editors and above, named by the open step's rule and not the requester (`reviewer_not_allowed`). Approving a step before the last opens the next; approving the last schedules the post at its time (or into the queue); rejecting at any step returns it to draft with the note.",
      access: { scope: 'post:write', action: 'approval:decide' },
      body: { kind: 'json', schema: decisionSchema, example: { approve: true, note: 'Good to go' } },
      responses: { 200: { description: 'The approval as the decision left it.', schema: decidedSchema } },
      errors: [
        'post_not_found',
        'approval_not_found',
        'invalid_post_state',
        'reviewer_not_allowed',
        'role_not_allowed',
        'quota_exceeded',
        'no_posting_slots',
        'no_free_slot',
        ...POST_CONTENT_ERRORS,
      ],
    })(async ({ ctx, params, body }) => {
      const input = defined(body);
      const decided = await unwrap(
        reviewApproval(deps.core, actorOf(ctx), {
          postId: params.id ?? '',
          approve: input.approve,
          note: input.note ?? null,
          queue: input.queue === true,
        }),
      );
      return {
        status: 200,
        body: {
          ...approvalStatusJson(approvalStatusView(decided.approval)),
          postStatus: publicStatus(decided.post.status),
          scheduledPostIds: [...decided.scheduledPostIds],
        },
      };
    }),
  ];
}
