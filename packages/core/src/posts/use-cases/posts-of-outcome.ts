import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanReadPost, type ReadablePostIds, readablePostIds } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { InsertPostsOutcome } from '../ports/post-store.js';
import type { Post } from '../post.js';
import type { PostRequest } from '../post-request.js';
import { repeatError } from './refuse-repeats.js';

// What creating posts answers when the store did not simply insert the rows: a replay of an
// `externalId`, its conflict, a repeat of a recent post, or the full scheduling quota.

/** The rows the store's insert answered with, or the refusal it stands for. */
export async function postsOfOutcome(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  outcome: InsertPostsOutcome,
  request: PostRequest,
  duplicateOverride: string | null,
): Promise<Result<readonly Post[], SvcError>> {
  const externalId = request.externalId ?? '';
  switch (outcome.kind) {
    case 'duplicate_content':
      return err(repeatError(outcome.post, outcome.earlier, duplicateOverride));
    case 'inserted':
      return ok(outcome.posts);
    case 'replayed':
      return idempotentAnswer(actor, true, outcome.posts, externalId);
    case 'idempotency_conflict':
      return err(
        idempotencyConflict(
          externalId,
          await readablePostIds(deps.store.posts, actor, outcome.postIds),
          false,
        ),
      );
    case 'quota_exceeded':
      return err(quotaError(outcome.used, outcome.limit));
    case 'no_free_slot':
      return err(outcome.error);
  }
}

/** The refusal of rows that do not fit the month's scheduling quota. */
export function quotaError(used: number, limit: number): SvcError {
  return svcError(
    'quota_exceeded',
    `Scheduling quota reached: ${used} of ${limit} posts this month. Upgrade the plan or wait for the next month.`,
    { used, limit },
  );
}

/** An earlier request's rows again, or the conflict when its content differs or some rows are hidden. */
export function idempotentAnswer(
  actor: Actor,
  samePayload: boolean,
  posts: readonly Post[],
  externalId: string,
): Result<readonly Post[], SvcError> {
  const readable = posts.filter((post) => actorCanReadPost(actor, post)).map((post) => post.id);
  const hiddenPostCount = posts.length - readable.length;
  if (samePayload && hiddenPostCount === 0) return ok(posts);
  return err(idempotencyConflict(externalId, { postIds: readable, hiddenPostCount }, samePayload));
}

/**
 * The refusal of an `externalId` already used: for other content, or (`samePayload`) by a request
 * that reached accounts outside the caller's key. Only the posts the key may read are named.
 */
function idempotencyConflict(externalId: string, earlier: ReadablePostIds, samePayload: boolean): SvcError {
  const why = samePayload
    ? 'was already used for a request that reached accounts outside this key, so it cannot be answered again here. Use a new externalId, or resend with a key that can read those accounts.'
    : 'was already used for a different request. Use a new externalId for new content, or resend the original request unchanged.';
  return svcError('idempotency_conflict', `externalId ${JSON.stringify(externalId)} ${why}`, {
    externalId,
    ...earlier,
  });
}
