import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, useCase } from '../../identity/index.js';
import type { JournalEvent } from '../../journal/index.js';
import type { SvcError } from '../../kernel/index.js';
import { ownedPost } from '../../posts/index.js';

/** How many of a post's events its history shows (a post rarely has more than a dozen). */
export const POST_HISTORY_MAX = 200;

/**
 * A post's status history from the event journal, oldest first: scheduled, publishing, retried,
 * posted or failed with the reason, deleted, restored, the approval steps. The post must be the
 * actor's (deleted ones too: their history explains them).
 */
export function postHistory(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  postId: string,
): ResultAsync<readonly JournalEvent[], SvcError> {
  return useCase(actor, 'post:read', async (): Promise<Result<readonly JournalEvent[], SvcError>> => {
    const post = await ownedPost(deps.store.posts, actor, postId);
    if (post.isErr()) return err(post.error);
    return ok(await deps.store.events.historyOf(actorWorkspaceId(actor), postId, POST_HISTORY_MAX));
  });
}
