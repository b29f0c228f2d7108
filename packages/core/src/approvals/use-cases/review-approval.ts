import { err, type Result, type ResultAsync } from 'neverthrow';
import { type Actor, useCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { type CreatePostsDeps, ownedPost } from '../../posts/index.js';
import { type ApprovalDecided, decideApproval } from './decide-approval.js';

/**
 * A person reviewing an approval request of their own post (the console's Approvals page): the
 * operator's decision, after checking the post is the actor's, so ids of other users' posts
 * reveal nothing.
 */
export function reviewApproval(
  deps: CreatePostsDeps,
  actor: Actor,
  input: {
    readonly postId: string;
    readonly approve: boolean;
    readonly note: string | null;
    /** Approve into the queue (see DecideApprovalInput). */
    readonly queue?: boolean;
  },
): ResultAsync<ApprovalDecided, SvcError> {
  return useCase(
    actor,
    { scope: 'post:write', action: 'approval:decide' },
    async (): Promise<Result<ApprovalDecided, SvcError>> => {
      const post = await ownedPost(deps.store.posts, actor, input.postId);
      if (post.isErr()) return err(post.error);
      return decideApproval(deps, {
        id: post.value.id,
        approve: input.approve,
        note: input.note,
        queue: input.queue === true,
      });
    },
  );
}
