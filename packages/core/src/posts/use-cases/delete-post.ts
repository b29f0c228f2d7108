import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { itemUseCase } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Post } from '../post.js';
import { type PostChange, RESTORE_WINDOW_MS, transition } from '../post-state-machine.js';
import { beingPublished, ownedPost, postChangedWhile } from './owned-post.js';

/** What `svc_delete_scheduled_post` answers; the same however often it is asked. */
export type PostDeleted = {
  readonly postId: string;
  readonly deleted: true;
  readonly deletedAt: Date;
  /** Until when an operator can restore it (`svc posts restore`). */
  readonly restorableUntil: Date;
};

/**
 * Soft-deletes a post that has not been published (draft, pending approval, scheduled, failed):
 * the publisher never claims it again and reads leave it out, but it can be restored for 30
 * days. Deleting a deleted post answers as the first time did. A post being published right now
 * or already posted is refused.
 */
export const deletePost = itemUseCase(
  'post:write',
  (deps: Pick<CoreDeps, 'store' | 'clock'>, actor, postId) => ownedPost(deps.store.posts, actor, postId),
  async (post, deps: Pick<CoreDeps, 'store' | 'clock'>): Promise<Result<PostDeleted, SvcError>> => {
    if (post.deletedAt !== null) return ok(deletedView(post.id, post.deletedAt));
    const now = deps.clock.now();
    const moved = deletionOf(post, now);
    if (moved.isErr()) return err(moved.error);
    const stored = await deps.store.posts.updatePost(moved.value.post, post.version, moved.value.events);
    if (stored === null) {
      return err(postChangedWhile(post.id, 'deleting it', 'Check its status and try again.'));
    }
    return ok(deletedView(post.id, now));
  },
);

/**
 * The soft deletion of a live post and its journal event, not yet written; refused for a post
 * being published right now or already posted. A group's delete plans each member this way.
 */
export function deletionOf(post: Post, now: Date): Result<PostChange, SvcError> {
  if (post.status === 'publishing') return err(beingPublished(post, 'deleted'));
  if (post.status === 'posted') {
    return err(
      svcError(
        'invalid_post_state',
        `Post ${post.id} is already published and cannot be deleted here; remove it on the platform itself.`,
        { postId: post.id, state: 'posted' },
      ),
    );
  }
  return transition(post, { type: 'delete', at: now });
}

/** What deleting a post answers. */
export function deletedView(postId: string, deletedAt: Date): PostDeleted {
  return {
    postId,
    deleted: true,
    deletedAt,
    restorableUntil: new Date(deletedAt.getTime() + RESTORE_WINDOW_MS),
  };
}
