import { deletedView, deletePost, deletePostGroup, LIMIT_PHRASES } from '@svc/core';
import { err } from 'neverthrow';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { DESTRUCTIVE } from './annotations.js';
import { oneTarget, skippedMemberSchema } from './group-target.js';

/** `svc_delete_scheduled_post`: soft-deletes an unpublished post (or a group's), restorable for 30 days. */
export const deleteScheduledPostTool = defineTool({
  name: 'svc_delete_scheduled_post',
  title: 'Delete scheduled post',
  description: `Deletes a post that is not published (draft, pending approval, scheduled or failed) so it never goes out. It is a soft delete: the operator can restore it for ${LIMIT_PHRASES.restoreWindow}. Published posts cannot be deleted. With group_id instead of post_id, every unpublished post of the group (one per account) is deleted at once; published members are left and listed in group.skipped. Confirm with the user before calling.`,
  scope: 'post:write',
  action: 'post:delete',
  annotations: DESTRUCTIVE,
  input: z.strictObject({
    post_id: z.string().min(1).optional().describe('The post to delete (or give group_id).'),
    group_id: z
      .string()
      .min(1)
      .optional()
      .describe('Instead of post_id: delete every unpublished post of this group (the groupId of a post).'),
  }),
  output: z.object({
    postId: z.string().describe('The post deleted; with group_id, the first one.'),
    deleted: z.literal(true),
    deletedAt: z.string(),
    restorableUntil: z.string(),
    group: z
      .object({
        groupId: z.string(),
        deletedPostIds: z.array(z.string()),
        skipped: z.array(skippedMemberSchema),
      })
      .optional()
      .describe('With group_id: every post deleted, and those left as they are.'),
  }),
  async run({ deps, actor }, args) {
    const target = oneTarget(args);
    if (target.isErr()) return err(target.error);
    if (target.value.kind === 'group') {
      const groupId = target.value.groupId;
      return deletePostGroup(deps.core, actor, groupId).map((changed) => {
        const deletedPostIds = changed.posts.map((p) => p.id);
        // Every member is deleted in one transaction, at one time.
        const { deletedAt, restorableUntil } = deletedView(
          deletedPostIds[0] ?? '',
          changed.posts[0]?.deletedAt ?? new Date(0),
        );
        const skipped = changed.skipped.map((s) => ({ ...s }));
        return {
          structured: {
            postId: deletedPostIds[0] ?? '',
            deleted: true,
            deletedAt: deletedAt.toISOString(),
            restorableUntil: restorableUntil.toISOString(),
            group: { groupId, deletedPostIds, skipped },
          },
          summary: `Deleted ${deletedPostIds.length} post(s) of group ${groupId} (${deletedPostIds.join(', ')}); they will not be published and can be restored until ${restorableUntil.toISOString()}.${skipped.length === 0 ? '' : ` Left as they are: ${skipped.map((s) => `${s.postId} (${s.reason})`).join('; ')}`}`,
        };
      });
    }
    return deletePost(deps.core, actor, target.value.postId).map((done) => ({
      structured: {
        postId: done.postId,
        deleted: true,
        deletedAt: done.deletedAt.toISOString(),
        restorableUntil: done.restorableUntil.toISOString(),
      },
      summary: `Deleted post ${done.postId}; it will not be published. It can be restored until ${done.restorableUntil.toISOString()}.`,
    }));
  },
});
