import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { Actor, Needs } from '../../identity/index.js';
import { actorCanReadPost, useCaseOn } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { PostStore } from '../ports/post-store.js';
import type { Post } from '../post.js';

/**
 * A post of the actor's, soft-deleted or not, aimed only at accounts the key can see; anything
 * else is `post_not_found`, so other users' ids reveal nothing. Callers decide what a deleted
 * post means for them (deleting again is idempotent; most operations refuse it).
 */
export async function ownedPost(
  posts: PostStore,
  actor: Actor,
  postId: string,
): Promise<Result<Post, SvcError>> {
  const post = await posts.getPost(postId);
  if (post === null || !actorCanReadPost(actor, post)) {
    return err(postNotFound(postId));
  }
  return ok(post);
}

/** Like `ownedPost`, but a soft-deleted post is `post_not_found`: deleted posts are gone for callers. */
export async function liveOwnedPost(
  posts: PostStore,
  actor: Actor,
  postId: string,
): Promise<Result<Post, SvcError>> {
  const found = await ownedPost(posts, actor, postId);
  if (found.isErr() || found.value.deletedAt === null) return found;
  return err(postNotFound(postId));
}

/**
 * Runs a use case on one of the actor's live posts: `insufficient_scope` unless the credential
 * carries `scope`, then `post_not_found` (see `liveOwnedPost`), else what `run` answers with it.
 */
export function useCaseOnLivePost<T>(
  posts: PostStore,
  actor: Actor,
  scope: Needs,
  postId: string,
  run: (post: Post) => Promise<Result<T, SvcError>>,
): ResultAsync<T, SvcError> {
  return useCaseOn(actor, scope, () => liveOwnedPost(posts, actor, postId), run);
}

/** The `post_not_found` error: the same for a missing post and one the actor may not read. */
export function postNotFound(postId: string): SvcError {
  return svcError('post_not_found', `Post ${postId} not found.`, { postId });
}

// The refusal for a post a publisher is publishing right now is the state machine's wording.
export { beingPublished } from '../post-state-refusal.js';

/**
 * The refusal when a post's compare-and-set write finds another version: it changed while
 * `doing` (a concurrent edit, review or claim). `advice` says what to do next.
 */
export function postChangedWhile(postId: string, doing: string, advice = 'Read it and try again.'): SvcError {
  return svcError('invalid_post_state', `Post ${postId} changed while ${doing}. ${advice}`, { postId });
}
