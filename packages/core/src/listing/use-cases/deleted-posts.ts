import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanSeeAccount, actorWorkspaceId, useCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { DELETE_POSTS, ownedPost, type Post, RESTORE_WINDOW_MS, restorePost } from '../../posts/index.js';

/** A deleted post that can still be restored, and until when. */
export type DeletedPost = { readonly post: Post; readonly restorableUntil: Date };

/** How many deleted posts a page lists. */
export const DELETED_POSTS_SHOWN = 100;

/**
 * The actor's soft-deleted posts that can still be restored (deleted in the last 30 days), most
 * recently deleted first; a key limited to some accounts sees only posts aimed at those.
 */
export function listDeletedPosts(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
): ResultAsync<readonly DeletedPost[], SvcError> {
  return useCase(actor, 'post:read', async () => {
    const since = new Date(deps.clock.now().getTime() - RESTORE_WINDOW_MS);
    const posts = await deps.store.posts.listDeletedPosts(
      actorWorkspaceId(actor),
      since,
      DELETED_POSTS_SHOWN,
    );
    return ok(
      posts
        .filter((post) => post.profileIds.every((id) => actorCanSeeAccount(actor, id)))
        .map((post) => ({
          post,
          restorableUntil: new Date((post.deletedAt as Date).getTime() + RESTORE_WINDOW_MS),
        })),
    );
  });
}

/** Restores one of the actor's deleted posts (the operator's restore, after an ownership check). */
export function restoreOwnPost(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'publisher'>,
  actor: Actor,
  postId: string,
): ResultAsync<Post, SvcError> {
  return useCase(actor, DELETE_POSTS, async (): Promise<Result<Post, SvcError>> => {
    const post = await ownedPost(deps.store.posts, actor, postId);
    if (post.isErr()) return err(post.error);
    return restorePost(deps, postId, deps.clock.now());
  });
}
