import { err, type Result, type ResultAsync } from 'neverthrow';
import { type Actor, actorMember, useCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { type CreatePostsDeps, ownedPost } from '../../posts/index.js';
import { type ApprovalDecided, decideApproval } from './decide-approval.js';

/**
 * A member deciding the open review step of a post of their workspace (the console's Approvals
 * page, REST): after checking the post is the workspace's, so ids of other workspaces' posts
 * reveal nothing, the decision of `decideApproval` with the member as the step's reviewer (they
 * must be named by its rule and not have asked for it: `reviewer_not_allowed`).
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
        reviewer: { userId: actor.user.id, role: actorMember(actor).role },
      });
    },
  );
}
