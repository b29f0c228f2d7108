import { z } from 'zod';
import { firstCommentText } from './first-comment-text.js';
import type { Post } from './post.js';

/** What the post's answer says of its first comment (docs/posts.md, "First comment"). */
export const firstCommentViewSchema = z
  .object({
    status: z
      .enum(['pending', 'posted', 'failed', 'skipped'])
      .describe(
        '`pending` until the post is published; then `posted`, `failed` (the post stays published) or `skipped` (not attempted: a permission the account lacks, or the post itself failed).',
      ),
    id: z.string().nullable().describe("The platform's id of the comment, once posted."),
    error: z.string().nullable().describe('Why it failed or was skipped, in words; null otherwise.'),
  })
  .describe(
    'The outcome of `platformMeta.<platform>.firstComment`, posted under the post once it is live. Null when the post has none.',
  );

/** A first comment as the post's answer shows it. */
export type FirstCommentView = z.infer<typeof firstCommentViewSchema>;

/**
 * The first comment as callers see it: the recorded outcome, `pending` while the post waits or is
 * being published, `skipped` on a post that failed (the comment went with it); null without one.
 */
export function firstCommentView(post: Post): FirstCommentView | null {
  if (post.firstComment !== null) return { ...post.firstComment };
  if (firstCommentText(post) === null) return null;
  if (post.status === 'failed') {
    return { status: 'skipped', id: null, error: 'The post was not published.' };
  }
  return { status: 'pending', id: null, error: null };
}
