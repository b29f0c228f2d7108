import { actedBy } from '../../journal/index.js';
import { scriptSteps, type TxScript } from '../../kernel/index.js';
import { idempotencyOutcome, quotaRefusal } from '../batch-decisions.js';
import { findRepeat, repeatQueryOf } from '../duplicate-content.js';
import type { PostBatchTx } from '../ports/post-batch-tx.js';
import type { InsertPostsOutcome, NewPostsBatch } from '../ports/post-store.js';
import { recycledEvents } from '../recycled-events.js';
import { scheduledEvents } from '../transition-events.js';
import { queueSlotsScript } from './queue-slots-script.js';

const tx = scriptSteps<PostBatchTx>();

/**
 * `PostStore.insertPosts`, written once: the idempotency key first (a replay answers the earlier
 * rows, other content conflicts), then repeats of earlier posts, then the quota, and only then the
 * rows, the usage, the journal and the key, all in the store's one transaction. A queued batch
 * (`batch.queue`) takes its slots right after the key, so repeats are judged at the real times.
 */
export function* insertPostsScript(batch: NewPostsBatch): TxScript<PostBatchTx, InsertPostsOutcome> {
  yield* tx.lockOwner(batch.ownerId);
  const key = batch.idempotency;
  if (key !== null) {
    const seen = idempotencyOutcome(key, yield* tx.earlierRequest(batch.ownerId, key.externalId));
    if (seen?.kind === 'replayed') return { kind: 'replayed', posts: yield* tx.postsByIds(seen.postIds) };
    if (seen !== null) return seen;
  }
  let rows = batch.posts;
  let events = batch.events ?? [];
  if (batch.queue !== undefined) {
    const placed = yield* queueSlotsScript(batch.ownerId, batch.posts, batch.queue);
    if (placed.isErr()) return { kind: 'no_free_slot', error: placed.error };
    rows = placed.value;
    // A recycled copy (evergreen) says so beside its `post.scheduled`, with the slot it took.
    events = [...scheduledEvents(rows, batch.at), ...recycledEvents(rows, batch.at)];
  }
  for (const post of batch.refuseRepeats === true ? rows : []) {
    const query = repeatQueryOf(post);
    const earlier = query === null ? null : findRepeat(post, yield* tx.postsWithContent(query));
    if (earlier !== null) return { kind: 'duplicate_content', post, earlier };
  }
  const { limit, windowStart } = batch.quota;
  const full = quotaRefusal(yield* tx.quotaUsed(batch.ownerId, windowStart), rows.length, limit);
  if (full !== null) return full;
  const posts = yield* tx.insertPosts(rows);
  yield* tx.addQuotaUsage(batch.ownerId, windowStart, rows.length);
  yield* tx.appendEvents(batch.actor === undefined ? events : actedBy(batch.actor, events));
  if (key !== null)
    yield* tx.recordRequest(
      batch.ownerId,
      key,
      batch.posts.map((post) => post.id),
      batch.at,
    );
  return { kind: 'inserted', posts };
}
