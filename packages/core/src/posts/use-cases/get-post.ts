import type { ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, useCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { Post } from '../post.js';
import { liveOwnedPost } from './owned-post.js';

/**
 * A post the actor may see: their own, not soft-deleted, and aimed only at accounts their key
 * can see. Anything else is `post_not_found`, so ids of other users' posts reveal nothing.
 */
export function getPost(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  postId: string,
): ResultAsync<Post, SvcError> {
  return useCase(actor, 'post:read', () => liveOwnedPost(deps.store.posts, actor, postId));
}
