import {
  deletePostGroup,
  editPostGroup,
  getPostGroup,
  LIMIT_PHRASES,
  type PostGroup,
  type PostGroupChanged,
  postViewSchema,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defined, defineOperation } from '../operation.js';
import { POST_EDIT_ERRORS } from '../operation-errors.js';
import { POST_EDIT_EXAMPLE } from './post-edit-example.js';
import { postViewOf } from './post-view-of.js';

const groupSchema = z.object({
  groupId: z.string(),
  posts: z.array(postViewSchema).describe('Every member the key can see, one per account, oldest first.'),
});

const skippedSchema = z.object({
  postId: z.string(),
  platform: z.string().nullable(),
  code: z.string().describe('The error code acting on this post alone would get.'),
  reason: z.string(),
});

const changedSchema = z.object({
  groupId: z.string(),
  posts: z.array(postViewSchema).describe('The members changed, as they are now.'),
  skipped: z
    .array(skippedSchema)
    .describe(
      'Members left as they are: posted, being published, failed or awaiting review (for an edit), each with the refusal acting on it alone gets.',
    ),
});

const updateGroupSchema = z.strictObject({
  caption: z.string().optional().describe('The new caption of every member.'),
  title: z.string().nullable().optional().describe("YouTube's and TikTok's title; empty or null removes it."),
  scheduledTime: z
    .string()
    .optional()
    .describe('ISO 8601 with an offset, in the future: moves every member.'),
});

const GROUP_RULE =
  'Each member goes through the rule of the same call on one post, and all are written together: when one member refuses the change (a caption too long for its platform), the refusal names it and nothing is changed. Members that cannot take the action at all (posted, being published; for an edit also failed or awaiting review) are left as they are and listed in `skipped`.';

/** Reading, moving, editing and deleting a group of posts made together, as one. */
export function postGroupOperations(deps: HttpDeps): AnyOperation[] {
  const view = postViewOf(deps);
  const groupView = (group: PostGroup) => ({ groupId: group.groupId, posts: group.posts.map(view) });
  const changedView = (changed: PostGroupChanged) => ({
    groupId: changed.groupId,
    posts: changed.posts.map(view),
    skipped: changed.skipped.map((s) => ({ ...s })),
  });
  return [
    defineOperation({
      id: 'getPostGroup',
      method: 'GET',
      path: '/api/v1/post-groups/{groupId}',
      tag: 'Posts',
      summary: 'Read a group of posts made together (one per account)',
      description:
        'The posts one request, compose or tool call made, each post its own status. A post answer names its group in `groupId`.',
      access: { scope: 'post:read', action: 'post:read' },
      responses: { 200: { description: 'The group.', schema: groupSchema } },
      errors: ['post_not_found'],
    })(async ({ ctx, params }) => ({
      status: 200,
      body: groupView(await unwrap(getPostGroup(deps.core, actorOf(ctx), params.groupId ?? ''))),
    })),
    defineOperation({
      id: 'updatePostGroup',
      method: 'PATCH',
      path: '/api/v1/post-groups/{groupId}',
      tag: 'Posts',
      summary: 'Move or edit every post of a group',
      description: `Replaces the fields sent on every member. ${GROUP_RULE}`,
      access: { scope: 'post:write', action: 'post:schedule' },
      body: { kind: 'json', schema: updateGroupSchema, example: POST_EDIT_EXAMPLE },
      responses: { 200: { description: 'The members as edited.', schema: changedSchema } },
      errors: POST_EDIT_ERRORS,
    })(async ({ ctx, params, body }) => ({
      status: 200,
      body: changedView(
        await unwrap(
          editPostGroup(deps.core, actorOf(ctx), { groupId: params.groupId ?? '', ...defined(body) }),
        ),
      ),
    })),
    defineOperation({
      id: 'deletePostGroup',
      method: 'DELETE',
      path: '/api/v1/post-groups/{groupId}',
      tag: 'Posts',
      summary: `Delete every post of a group that has not been published (restorable for ${LIMIT_PHRASES.restoreWindow})`,
      description: `${GROUP_RULE} Each deleted post is restored on its own (POST /api/v1/posts/{id}/restore).`,
      access: { scope: 'post:write', action: 'post:delete' },
      responses: { 200: { description: 'The members deleted.', schema: changedSchema } },
      errors: ['post_not_found', 'invalid_post_state'],
    })(async ({ ctx, params }) => ({
      status: 200,
      body: changedView(await unwrap(deletePostGroup(deps.core, actorOf(ctx), params.groupId ?? ''))),
    })),
  ];
}
