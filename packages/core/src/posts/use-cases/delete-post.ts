import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, itemUseCase } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Post } from '../post.js';
import { type PostChange, RESTORE_WINDOW_MS, transition } from '../post-state-machine.js';
import { queuedPosts } from './list-queue.js';
import { beingPublished, ownedPost, postChangedWhile } from './owned-post.js';
import { slotMoves } from './reorder-queue.js';
import { writeChangeBy, writesBy } from './writes-by.js';

/** What `svc_delete_scheduled_post` answers; the same however often it is asked. */
export type PostDeleted = {
  readonly postId: string;
  readonly deleted: true;
  readonly deletedAt: Date;
  /** Until when an operator can restore it (`svc posts restore`). */
  readonly restorableUntil: Date;
};

/** How a delete treats the queue the post was in. */
export type DeleteOptions = {
  /** A queued post's later queued posts each move one slot earlier, in the delete's transaction. */
  readonly pullQueue?: boolean;
};

// Deleting posts, alone or as a group, and restoring them is one right: the key's `post:write`,
// and a role that may delete posts.
export const DELETE_POSTS = { scope: 'post:write', action: 'post:delete' } as const;

/**
 * Soft-deletes a post that has not been published (draft, pending approval, scheduled, failed):
 * the publisher never claims it again and reads leave it out, but it can be restored for 30
 * days. Deleting a deleted post answers as the first time did. A post being published right now
 * or already posted is refused. With `pullQueue`, a post in its account's queue frees its slot
 * and the later queued posts move forward into it (docs/queue.md).
 */
export const deletePost = itemUseCase(
  DELETE_POSTS,
  (deps: Pick<CoreDeps, 'store' | 'clock'>, actor, postId) => ownedPost(deps.store.posts, actor, postId),
  async (
    post,
    deps: Pick<CoreDeps, 'store' | 'clock'>,
    actor,
    _id,
    options: DeleteOptions = {},
  ): Promise<Result<PostDeleted, SvcError>> => {
    if (post.deletedAt !== null) return ok(deletedView(post.id, post.deletedAt));
    const now = deps.clock.now();
    const moved = deletionOf(post, now);
    if (moved.isErr()) return err(moved.error);
    if (options.pullQueue === true) {
      const pulled = await deleteAndPull(deps, actor, post, moved.value, now);
      if (pulled !== null) return pulled;
    }
    const stored = await writeChangeBy(deps.store.posts, actor, post, moved.value);
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

/**
 * The delete written with the later queued posts of its account pulled one slot forward (those
 * being published keep theirs), in one transaction; null when the post is not in a queue (the
 * delete is then written alone).
 */
async function deleteAndPull(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  post: Post,
  deletion: PostChange,
  now: Date,
): Promise<Result<PostDeleted, SvcError> | null> {
  const account = await deps.store.accounts.getAccount(post.profileIds[0] ?? '');
  if (account === null || account.ownerId !== actorWorkspaceId(actor)) return null;
  const { posts } = await queuedPosts(deps, actor, account);
  const at = posts.findIndex((p) => p.id === post.id);
  if (at < 0) return null;
  const later = posts.slice(at + 1).filter((p) => p.status === 'scheduled');
  const times = [post, ...later].map((p) => p.scheduledTime as Date);
  const moves = slotMoves(later, times, now);
  if (moves.isErr()) return err(moves.error);
  const outcome = await deps.store.posts.updatePosts(
    writesBy(actor, [
      { post: deletion.post, expectedVersion: post.version, events: deletion.events, before: post },
      ...moves.value,
    ]),
  );
  if (outcome.kind === 'changed') {
    return err(
      postChangedWhile(
        outcome.postId,
        'deleting and pulling the queue forward',
        'Read the queue and try again.',
      ),
    );
  }
  return ok(deletedView(post.id, now));
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
