import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { actedBy, OPERATOR_ACTOR } from '../../journal/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { Post } from '../post.js';
import { transition } from '../post-state-machine.js';
import { postChangedWhile, postNotFound } from './owned-post.js';

/**
 * Restores a soft-deleted post within 30 days of its deletion (operator only, `svc posts
 * restore`): it returns to the status it had. A scheduled post whose time passed while deleted
 * becomes due at the next publisher run; its scheduledTime is kept as the caller set it.
 */
export function restorePost(
  deps: Pick<CoreDeps, 'store' | 'publisher'>,
  postId: string,
  at: Date,
): ResultAsync<Post, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<Post, SvcError>> => {
      const post = await deps.store.posts.getPost(postId);
      if (post === null) return err(postNotFound(postId));
      const moved = transition(post, { type: 'restore', at });
      if (moved.isErr()) return err(moved.error);
      let restored = moved.value.post;
      const due = restored.status === 'scheduled' && restored.dueAt !== null;
      if (due && (restored.dueAt as Date).getTime() <= at.getTime()) {
        restored = { ...restored, dueAt: deps.publisher.nextRunAt(at) };
      }
      // Only the operator restores (`svc posts restore`).
      const events = actedBy(OPERATOR_ACTOR, moved.value.events);
      const stored = await deps.store.posts.updatePost(restored, post.version, events);
      if (stored === null) {
        return err(postChangedWhile(postId, 'restoring it', 'Try again.'));
      }
      if (due && stored.dueAt !== null) deps.publisher.postsDue(stored.dueAt);
      return ok(stored);
    })(),
  );
}
