import {
  createPosts,
  deletePost,
  editPost,
  evergreenRuleSchema,
  getPost,
  LIMIT_PHRASES,
  policyIssueSchema,
  policyResultSchema,
  postPayloadSchema,
  postViewSchema,
  restoreOwnPost,
  validatePolicyPreview,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defined, defineOperation } from '../operation.js';
import { POST_CREATE_ERRORS, POST_EDIT_ERRORS } from '../operation-errors.js';
import { queryFlag } from '../query-flag.js';
import { useCaseOperation } from '../use-case-operation.js';
import { draftOperations } from './draft-operations.js';
import { POST_EDIT_EXAMPLE } from './post-edit-example.js';
import { postViewOf } from './post-view-of.js';

const FUTURE = '2031-12-01T09:30:00Z';
const POST_ID = 'post_01JDQ3Z5T2X8K9M4N6P7R0S1V2';

const createdSchema = z.object({
  postIds: z.array(z.string()).describe('One post per target account.'),
  groupId: z
    .string()
    .nullable()
    .describe(
      'The group of these posts: read, move, edit or delete them together at /api/v1/post-groups/{groupId}.',
    ),
  status: z.literal('scheduled'),
  scheduledTime: z
    .string()
    .describe('The earliest scheduled time; the next publisher run for immediate posts.'),
  replayed: z.boolean().describe('An earlier request with the same externalId and payload answered again.'),
  warnings: z.array(policyIssueSchema),
  posts: z
    .array(z.object({ id: z.string(), profileId: z.string(), scheduledTime: z.string() }))
    .describe('Each post with its account and time (with `queue: true`, the slot it took).'),
});

// Valid wherever a Threads account is connected (the OpenAPI check sends examples as they are).
const payloadExample = {
  platforms: ['threads'],
  caption: 'Launch day #newrelease',
  scheduledTime: '2031-12-01T09:30:00Z',
  externalId: 'launch-2031-12-01',
};

const updateSchema = z.strictObject({
  caption: z.string().optional(),
  title: z.string().nullable().optional().describe("YouTube's and TikTok's title; empty or null removes it."),
  scheduledTime: z.string().optional().describe('ISO 8601 with an offset, in the future.'),
  profileIds: z.array(z.string().min(1)).min(1).max(1).optional().describe('Exactly one account.'),
  mediaIds: z.array(z.string().min(1)).min(1).max(35).optional().describe('Replaces every slide, in order.'),
  evergreen: evergreenRuleSchema
    .nullable()
    .optional()
    .describe(
      'A new evergreen rule (docs/queue.md, Evergreen recycling); null removes it. Not on a recycled copy.',
    ),
});

const deletedSchema = z.object({
  postId: z.string(),
  deleted: z.literal(true),
  deletedAt: z.string(),
  restorableUntil: z.string().describe('Until when POST /api/v1/posts/{id}/restore brings it back.'),
});

const validateSchema = z.strictObject({
  caption: z.string(),
  platforms: z.array(z.string()).min(1),
  mediaUrlsCount: z.number().int().min(0).max(100).optional().describe('How many slides the post will have.'),
  hashtags: z.array(z.string()).max(200).optional(),
  title: z.string().optional(),
  platformMeta: z.record(z.string(), z.unknown()).optional(),
});

/** Creating, reading, editing, deleting and restoring posts; drafts, approvals and the policy check. */
export function postOperations(deps: HttpDeps): AnyOperation[] {
  const view = postViewOf(deps);
  const create = (id: string, path: string, summary: string, requireScheduledTime: boolean) =>
    defineOperation({
      id,
      method: 'POST',
      path,
      tag: 'Posts',
      summary,
      description:
        "One post is created per target account. Send `queue: true` instead of `scheduledTime` to give each post its account's next free posting slot (docs/queue.md). Send `externalId` to make retries safe: the same id and payload answer the first result again (`replayed: true`); the same id with another payload is refused with `idempotency_conflict`.",
      access: { scope: 'post:write', action: 'post:schedule' },
      body: { kind: 'json', schema: postPayloadSchema, parsedBy: 'core', example: payloadExample },
      responses: {
        200: {
          description: 'The posts were created (or an earlier identical request is answered again).',
          schema: createdSchema,
          example: {
            postIds: [POST_ID],
            groupId: 'grp_01JDQ3Z5T1W7J8K3M5N6P9Q0R1',
            status: 'scheduled',
            scheduledTime: FUTURE,
            replayed: false,
            warnings: [],
            posts: [{ id: POST_ID, profileId: 'acct_01JDQ3Z5T0V6H7J2K4M5N8P9Q0', scheduledTime: FUTURE }],
          },
        },
      },
      errors: POST_CREATE_ERRORS,
    })(async ({ ctx, body }) => {
      const result = await unwrap(createPosts(deps.core, actorOf(ctx), body, { requireScheduledTime }));
      return {
        status: 200,
        body: {
          postIds: [...result.postIds],
          groupId: result.posts[0]?.groupId ?? null,
          status: result.status,
          scheduledTime: result.scheduledTime.toISOString(),
          replayed: result.replayed,
          warnings: [...result.warnings],
          posts: result.posts.map((post) => ({
            id: post.id,
            profileId: post.profileIds[0] ?? '',
            scheduledTime: post.scheduledTime?.toISOString() ?? result.scheduledTime.toISOString(),
          })),
        },
      };
    });

  return [
    create(
      'createPost',
      '/api/v1/posts',
      'Create a post (scheduled, or at the next run without a time)',
      false,
    ),
    create('schedulePost', '/api/v1/posts/schedule', 'Schedule a post (a time is required)', true),
    create('publishPost', '/api/v1/publish', 'Publish a post at the next publisher run', false),
    useCaseOperation({
      id: 'getPost',
      method: 'GET',
      path: '/api/v1/posts/{id}',
      tag: 'Posts',
      summary: 'Read a post and its status',
      scope: 'post:read',
      action: 'post:read',
      answer: { description: 'The post.', schema: postViewSchema },
      errors: ['post_not_found'],
    })(deps.core, getPost, view),
    defineOperation({
      id: 'updatePost',
      method: 'PATCH',
      path: '/api/v1/posts/{id}',
      tag: 'Posts',
      summary: 'Edit a scheduled post or a draft',
      description:
        'Replaces the fields sent. A scheduled post passes the checks of creation again; a draft is checked as saving a draft checks it (whether it could publish is checked when approval is requested), and `profileIds` becomes its one account and platform. Posts awaiting review, posted and failed posts cannot be edited.',
      access: { scope: 'post:write', action: 'post:schedule' },
      body: { kind: 'json', schema: updateSchema, example: POST_EDIT_EXAMPLE },
      responses: { 200: { description: 'The post as edited.', schema: postViewSchema } },
      errors: POST_EDIT_ERRORS,
    })(async ({ ctx, params, body }) => {
      const post = await unwrap(
        editPost(deps.core, actorOf(ctx), { postId: params.id ?? '', ...defined(body) }),
      );
      return { status: 200, body: view(post) };
    }),
    useCaseOperation({
      id: 'deletePost',
      method: 'DELETE',
      path: '/api/v1/posts/{id}',
      tag: 'Posts',
      summary: `Delete a post that has not been published (restorable for ${LIMIT_PHRASES.restoreWindow})`,
      description:
        "`pullQueue=true`: when the post is in its account's queue, each later queued post moves one slot earlier, in the delete's transaction (docs/queue.md).",
      scope: 'post:write',
      action: 'post:delete',
      query: z.object({
        pullQueue: queryFlag('true: the later posts of the queue move forward into the freed slot.'),
      }),
      answer: { description: 'The post is deleted; deleting again answers the same.', schema: deletedSchema },
      errors: ['post_not_found', 'invalid_post_state'],
    })(deps.core, deletePost, (done) => ({
      postId: done.postId,
      deleted: true as const,
      deletedAt: done.deletedAt.toISOString(),
      restorableUntil: done.restorableUntil.toISOString(),
    })),
    useCaseOperation({
      id: 'restorePost',
      method: 'POST',
      path: '/api/v1/posts/{id}/restore',
      tag: 'Posts',
      summary: `Restore a deleted post within ${LIMIT_PHRASES.restoreWindow}`,
      description:
        'The post returns to the status it had. A scheduled post whose time passed while it was deleted goes out at the next publisher run.',
      scope: 'post:write',
      action: 'post:delete',
      answer: { description: 'The restored post.', schema: postViewSchema },
      errors: ['post_not_found', 'invalid_post_state', 'restore_window_expired'],
    })(deps.core, restoreOwnPost, view),
    ...draftOperations(deps),
    defineOperation({
      id: 'validatePost',
      method: 'POST',
      path: '/api/v1/validate',
      tag: 'Posts',
      summary: 'Check a planned post against every platform rule, writing nothing',
      description:
        'The same rules as creation and as `validatePostPolicy` in @svc/core, which runs offline in your own CI. Every error and warning comes at once.',
      access: { scope: null, action: null },
      body: {
        kind: 'json',
        schema: validateSchema,
        example: {
          caption: 'Launch day #newrelease',
          platforms: ['instagram', 'youtube'],
          mediaUrlsCount: 1,
        },
      },
      responses: {
        200: {
          description: 'The findings; `ok` is false when any error would refuse the post.',
          schema: policyResultSchema,
        },
      },
      errors: [],
    })(async ({ body }) => {
      const result = validatePolicyPreview(body, deps.core.policy);
      return {
        status: 200,
        body: { ok: result.ok, errors: [...result.errors], warnings: [...result.warnings] },
      };
    }),
  ];
}
