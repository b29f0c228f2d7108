import type { DomainEvent } from '../../journal/index.js';
import type { EarlierRequest } from '../batch-decisions.js';
import type { RepeatQuery } from '../duplicate-content.js';
import type { IdempotencyKey } from '../idempotency-key.js';
import type { Post } from '../post.js';

/**
 * The small calls a store answers inside the transaction of a post batch (core's
 * `insertPostsScript`). Each is one statement or a few; none decides anything.
 */
export type PostBatchTx = {
  /** Serialises the owner's batches (PostgreSQL's advisory lock); a store holding a write lock does nothing. */
  lockOwner(ownerId: string): void;
  /** The earlier request of the owner with this idempotency key, or null. */
  earlierRequest(ownerId: string, externalId: string): EarlierRequest | null;
  /** The posts with these ids, in the order given; missing ones are left out. */
  postsByIds(ids: readonly string[]): Post[];
  /** Live posts of the query's account whose content key and time window match (core's `findRepeat` compares). */
  postsWithContent(query: RepeatQuery): Post[];
  /**
   * The scheduled times of the owner's posts on `accountId` that hold a queue slot
   * (`SLOT_HOLDING_STATUSES`, not deleted) with `from <= scheduledTime < to`, in any order.
   */
  scheduledTimesOf(ownerId: string, accountId: string, from: Date, to: Date): Date[];
  /** How many quota slots the owner used in the window starting at `windowStart`. */
  quotaUsed(ownerId: string, windowStart: Date): number;
  /** Inserts the rows (a duplicate id throws) and answers them as a later read would. */
  insertPosts(posts: readonly Post[]): Post[];
  /** Adds `count` to the owner's usage of the window. */
  addQuotaUsage(ownerId: string, windowStart: Date, count: number): void;
  /** Appends events to the journal. */
  appendEvents(events: readonly DomainEvent[]): void;
  /** Records the request's idempotency key with the ids of the rows it made. */
  recordRequest(ownerId: string, key: IdempotencyKey, postIds: readonly string[], at: Date): void;
};
