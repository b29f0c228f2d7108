import { deletePost, LIMIT_PHRASES } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { DESTRUCTIVE } from './annotations.js';

/** `svc_delete_scheduled_post`: soft-deletes an unpublished post, restorable for 30 days. */
export const deleteScheduledPostTool = defineTool({
  name: 'svc_delete_scheduled_post',
  title: 'Delete scheduled post',
  description: `Deletes a post that is not published (draft, pending approval, scheduled or failed) so it never goes out. It is a soft delete: the operator can restore it for ${LIMIT_PHRASES.restoreWindow}. Published posts cannot be deleted. Confirm with the user before calling.`,
  scope: 'post:write',
  annotations: DESTRUCTIVE,
  input: z.strictObject({ post_id: z.string().min(1).describe('The post to delete.') }),
  output: z.object({
    postId: z.string(),
    deleted: z.literal(true),
    deletedAt: z.string(),
    restorableUntil: z.string(),
  }),
  async run({ deps, actor }, args) {
    return deletePost(deps.core, actor, args.post_id).map((done) => ({
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
