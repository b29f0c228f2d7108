import {
  approvalStatusJson,
  approvalStatusSchema,
  approvalStepJson,
  approvalStepJsonSchema,
  createDraft,
  getApprovalStatus,
  postViewSchema,
  requestApproval,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defined, defineOperation } from '../operation.js';
import { MEDIA_URL_ERRORS, POLICY_ERRORS, POST_CONTENT_ERRORS } from '../operation-errors.js';
import { useCaseOperation } from '../use-case-operation.js';
import { postViewOf } from './post-view-of.js';

const FUTURE = '2031-12-01T09:30:00Z';

const draftSchema = z.strictObject({
  contentHint: z
    .string()
    .max(2000)
    .nullish()
    .describe('What the post should say; a caption is written from it.'),
  caption: z.string().nullish().describe('The caption, used as written.'),
  title: z.string().nullish(),
  mediaUrls: z
    .array(z.url({ protocol: /^https?$/ }))
    .max(35)
    .nullish(),
  mediaIds: z.array(z.string().min(1)).max(35).nullish(),
  platformMeta: z.record(z.string(), z.unknown()).nullish(),
  scheduledTime: z.string().nullish().describe('When the post goes out once approved.'),
  queue: z
    .boolean()
    .nullish()
    .describe(
      "True instead of scheduledTime: once approved, each post takes its account's next free posting slot (docs/queue.md).",
    ),
  platforms: z.array(z.string()).nullish(),
  tone: z.string().max(40).nullish(),
  name: z.string().max(200).nullish().describe('A label for the draft.'),
  profileIds: z.array(z.string().min(1)).max(100).nullish(),
});

const approvalRequestSchema = z.strictObject({
  note: z.string().max(2000).nullish().describe('Context for the reviewer.'),
});

const approvalRequestedSchema = z.object({
  approvalId: z.string(),
  postId: z.string(),
  status: z.literal('awaiting_review'),
  postStatus: z.literal('pending_approval'),
  steps: z.array(approvalStepJsonSchema).describe('The review steps, the first awaiting review.'),
});
/** Drafts and approvals: saving a draft, sending it for review and reading where its review stands. */
export function draftOperations(deps: HttpDeps): AnyOperation[] {
  const view = postViewOf(deps);
  return [
    defineOperation({
      id: 'createDraft',
      method: 'POST',
      path: '/api/v1/drafts',
      tag: 'Drafts and approvals',
      summary: 'Save a draft',
      description:
        "A draft is not published until it is sent for approval and approved. Only what is wrong on its own is refused here; whether it could publish is checked when approval is requested. With `queue: true` (not with `scheduledTime`, `validation_failed`) the draft is queued: once approved, each of its posts takes its account's next free posting slot, and asking for approval refuses accounts without slots (`no_posting_slots`).",
      access: { scope: 'post:draft', action: 'post:draft' },
      body: {
        kind: 'json',
        schema: draftSchema,
        example: {
          caption: 'Teaser for Friday',
          profileIds: ['acc_01JDQ3Y0A1B2C3D4E5F6G7H8J9'],
          scheduledTime: FUTURE,
        },
      },
      responses: { 201: { description: 'The draft.', schema: postViewSchema } },
      errors: [
        'missing_content',
        'invalid_scheduled_time',
        'scheduled_time_in_past',
        'invalid_profile_ids',
        'profile_scope_denied',
        'unsupported_platform',
        'media_not_found',
        'ambiguous_media',
        'plan_required',
        'quota_exceeded',
        ...POLICY_ERRORS,
        ...MEDIA_URL_ERRORS,
        'storage_quota_exceeded',
        'upload_plan_required',
      ],
    })(async ({ ctx, body }) => {
      return { status: 201, body: view(await unwrap(createDraft(deps.core, actorOf(ctx), defined(body)))) };
    }),
    defineOperation({
      id: 'requestApproval',
      method: 'POST',
      path: '/api/v1/posts/{id}/approval',
      tag: 'Drafts and approvals',
      summary: 'Send a draft for review',
      description: 'The draft must be able to publish as it stands; the refusal names what is missing.',
      access: { scope: 'approval:request', action: 'approval:request' },
      body: {
        kind: 'json',
        schema: approvalRequestSchema,
        optional: true,
        example: { note: 'For the Friday slot' },
      },
      responses: { 201: { description: 'The approval request.', schema: approvalRequestedSchema } },
      errors: ['post_not_found', 'invalid_post_state', 'no_posting_slots', ...POST_CONTENT_ERRORS],
    })(async ({ ctx, params, body }) => {
      const requested = await unwrap(
        requestApproval(deps.core, actorOf(ctx), { postId: params.id ?? '', note: body?.note ?? null }),
      );
      return {
        status: 201,
        body: {
          approvalId: requested.approvalId,
          postId: requested.postId,
          status: 'awaiting_review',
          postStatus: 'pending_approval',
          steps: requested.steps.map(approvalStepJson),
        },
      };
    }),
    useCaseOperation({
      id: 'getApproval',
      method: 'GET',
      path: '/api/v1/posts/{id}/approval',
      tag: 'Drafts and approvals',
      summary: "Read where a post's latest approval stands",
      scope: 'post:read',
      action: 'post:read',
      answer: { description: 'The latest approval.', schema: approvalStatusSchema },
      errors: ['post_not_found', 'approval_not_found'],
    })(deps.core, getApprovalStatus, approvalStatusJson),
  ];
}
