import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanSeeAccount, useCase } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Post } from '../post.js';

/**
 * A post the actor may see: their own, not soft-deleted, and aimed only at accounts their key
 * can see. Anything else is `post_not_found`, so ids of other users' posts reveal nothing.
 */
export function getPost(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  postId: string,
): ResultAsync<Post, SvcError> {
  return useCase(actor, 'post:read', () => find(deps, actor, postId));
}

async function find(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  postId: string,
): Promise<Result<Post, SvcError>> {
  const post = await deps.store.posts.getPost(postId);
  if (post === null || !isVisibleTo(post, actor)) {
    return err(svcError('post_not_found', `Post ${postId} not found.`, { postId }));
  }
  return ok(post);
}

/** Whether the actor may see a post (owner, not deleted, targets within the key's accounts). */
export function isVisibleTo(post: Post, actor: Actor): boolean {
  return (
    post.ownerId === actor.user.id &&
    post.deletedAt === null &&
    post.profileIds.every((accountId) => actorCanSeeAccount(actor, accountId))
  );
}
