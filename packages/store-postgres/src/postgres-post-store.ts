import {
  type ApproveDraftTx,
  type AsyncTx,
  approveDraftScript,
  changedOnLostWrite,
  claimDuePostsScript,
  conflictOnLostApproval,
  type DraftApprovalStore,
  insertPostsScript,
  type Post,
  type PostBatchTx,
  type PostClaimTx,
  type PostStore,
  type PostWriteTx,
  runScriptAsync,
  SLOT_HOLDING_STATUSES,
  updatePostsScript,
} from '@svc/core';
import { POST_COLUMNS } from '@svc/store-sql';
import type { Pool, PoolClient } from 'pg';
import { type PostRow, postParams, rowToPost } from './post-row.js';
import {
  type ApprovalRow,
  DECIDE_APPROVAL_SQL,
  decisionParams,
  rowToApproval,
} from './postgres-approval-store.js';
import { appendEvents } from './postgres-journal.js';
import { purgePostgresPosts } from './postgres-post-purge.js';
import { createPostgresPostQueries, postsWithContent } from './postgres-post-queries.js';
import { writePostgresPost } from './postgres-post-write.js';
import { withTransaction } from './with-transaction.js';

/** The publisher's queue, as the partial index `posts_due` holds it. */
const IN_PUBLISHER_QUEUE = "status IN ('scheduled', 'publishing') AND deleted_at IS NULL";

/**
 * The publisher's claim query: due posts, oldest `due_at` first (id breaks ties), locked for the
 * claiming transaction. SKIP LOCKED passes over rows another publisher is claiming right now, so
 * any number of publishers share the queue without waiting on or double-claiming each other.
 * `$3` lists the claimer's busy accounts, skipped while walking the index (core's
 * `PostClaimTx.duePosts`). Exported for the test that checks its query plan.
 */
export const SELECT_DUE_POSTS_SQL = `SELECT * FROM posts
WHERE ${IN_PUBLISHER_QUEUE} AND due_at <= $1
  AND coalesce(profile_ids[1], '') <> ALL ($3::text[])
ORDER BY due_at, id
LIMIT $2
FOR UPDATE SKIP LOCKED`;

/** The earliest due time in the publisher's queue: the first entry of `posts_due`. */
const SELECT_NEXT_DUE_AT_SQL = `SELECT due_at FROM posts
WHERE ${IN_PUBLISHER_QUEUE} AND due_at IS NOT NULL
ORDER BY due_at
LIMIT 1`;

/**
 * The publisher's queue split at a time, for the metrics' gauges: counted from `posts_due` alone
 * (an index-only scan where the visibility map allows), never from the posts table.
 */
export const SELECT_QUEUE_DEPTH_SQL = `SELECT
  count(*) FILTER (WHERE due_at <= $1)::int AS due,
  count(*) FILTER (WHERE due_at > $1)::int AS upcoming
FROM posts
WHERE ${IN_PUBLISHER_QUEUE} AND due_at IS NOT NULL`;

// WITH ORDINALITY keeps the order the ids were recorded in, which is the order the batch had.
const SELECT_POSTS_BY_IDS_SQL = `SELECT p.* FROM unnest($1::text[]) WITH ORDINALITY AS u(id, n)
JOIN posts AS p ON p.id = u.id
ORDER BY u.n`;

// One statement, so the idempotency row and the posts it points to come from one snapshot.
const SELECT_IDEMPOTENT_RESULT_SQL = `SELECT i.fingerprint, i.post_ids, p.id IS NOT NULL AS found, p.*
FROM post_idempotency AS i
LEFT JOIN LATERAL unnest(i.post_ids) WITH ORDINALITY AS u(id, n) ON true
LEFT JOIN posts AS p ON p.id = u.id
WHERE i.owner_id = $1 AND i.external_id = $2
ORDER BY u.n`;

// Adds the batch to the owner's usage counter for the window, creating it on first use.
const ADD_QUOTA_USAGE_SQL = `INSERT INTO post_quota_usage (owner_id, window_start, used) VALUES ($1, $2, $3)
ON CONFLICT (owner_id, window_start) DO UPDATE SET used = post_quota_usage.used + excluded.used`;

/** A multi-row INSERT of `count` posts, RETURNING what it wrote. */
function insertPostsSql(count: number): string {
  const width = POST_COLUMNS.length;
  const rows = Array.from(
    { length: count },
    (_, r) => `(${POST_COLUMNS.map((_, c) => `$${r * width + c + 1}`).join(', ')})`,
  );
  return `INSERT INTO posts (${POST_COLUMNS.join(', ')}) VALUES ${rows.join(', ')} RETURNING *`;
}

/**
 * Serialises the writes of one owner's post batches: taken first in the transaction, so two
 * requests with the same idempotency key, or two that together pass the quota, run one after the
 * other and the second sees what the first wrote. Other owners are not held up. It is also what
 * keeps queued batches (docs/queue.md) from taking the same slot: an account belongs to one owner,
 * so every batch that reads the account's taken times and then inserts holds this lock throughout.
 */
const LOCK_OWNER_POSTS_SQL = "SELECT pg_advisory_xact_lock(hashtextextended('svc:posts:' || $1, 0))";

type IdempotencyRow = { fingerprint: string; post_ids: string[] };

async function postsByIds(client: PoolClient | Pool, ids: readonly string[]): Promise<Post[]> {
  const result = await client.query<PostRow>(SELECT_POSTS_BY_IDS_SQL, [ids]);
  return result.rows.map(rowToPost);
}

/** The times an account's slot-holding posts take (core's `SLOT_HOLDING_STATUSES`), for the queue. */
const SLOT_TIMES_SQL = `SELECT scheduled_time FROM posts
WHERE owner_id = $1 AND deleted_at IS NULL AND status = ANY ($2::text[])
  AND scheduled_time >= $3 AND scheduled_time < $4 AND $5::text = ANY (profile_ids)`;

/** The small calls of core's insertPostsScript, each one statement on the transaction's client. */
function batchTx(client: PoolClient): AsyncTx<PostBatchTx> {
  return {
    lockOwner: async (ownerId) => {
      await client.query(LOCK_OWNER_POSTS_SQL, [ownerId]);
    },
    earlierRequest: async (ownerId, externalId) => {
      const earlier = await client.query<IdempotencyRow>(
        'SELECT fingerprint, post_ids FROM post_idempotency WHERE owner_id = $1 AND external_id = $2',
        [ownerId, externalId],
      );
      const row = earlier.rows[0];
      return row === undefined ? null : { fingerprint: row.fingerprint, postIds: row.post_ids };
    },
    postsByIds: (ids) => postsByIds(client, ids),
    postsWithContent: (query) => postsWithContent(client, query),
    scheduledTimesOf: async (ownerId, accountId, from, to) => {
      const times = await client.query<{ scheduled_time: Date }>(SLOT_TIMES_SQL, [
        ownerId,
        SLOT_HOLDING_STATUSES,
        from,
        to,
        accountId,
      ]);
      return times.rows.map((row) => row.scheduled_time);
    },
    quotaUsed: (ownerId, windowStart) => quotaUsedBy(client, ownerId, windowStart),
    insertPosts: async (posts) => {
      if (posts.length === 0) return [];
      // A duplicate id violates the primary key: the statement throws and the transaction rolls back.
      const inserted = await client.query<PostRow>(insertPostsSql(posts.length), posts.flatMap(postParams));
      // Decoded from the rows just written, in batch order, so callers get what a later read returns.
      const byId = new Map(inserted.rows.map((row) => [row.id, rowToPost(row)]));
      return posts.map((post) => byId.get(post.id)).filter((p) => p !== undefined);
    },
    addQuotaUsage: async (ownerId, windowStart, count) => {
      await client.query(ADD_QUOTA_USAGE_SQL, [ownerId, windowStart, count]);
    },
    appendEvents: (events) => appendEvents(client, events),
    recordRequest: async (ownerId, key, postIds, at) => {
      await client.query(
        `INSERT INTO post_idempotency (owner_id, external_id, fingerprint, post_ids, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [ownerId, key.externalId, key.fingerprint, postIds, at],
      );
    },
  };
}

/** The small calls of core's approveDraftScript: the batch's, the draft's and the approval's. */
function approveTx(client: PoolClient): AsyncTx<ApproveDraftTx> {
  return {
    ...batchTx(client),
    ...writeTx(client),
    decideApproval: async (id, decision) => {
      const decided = await client.query<ApprovalRow>(DECIDE_APPROVAL_SQL, decisionParams(id, decision));
      const row = decided.rows[0];
      return row === undefined ? null : rowToApproval(row);
    },
  };
}

async function quotaUsedBy(client: PoolClient | Pool, ownerId: string, windowStart: Date): Promise<number> {
  const usage = await client.query<{ used: number }>(
    'SELECT used FROM post_quota_usage WHERE owner_id = $1 AND window_start = $2',
    [ownerId, windowStart],
  );
  return usage.rows[0]?.used ?? 0;
}

/** The compare-and-set of core's scripts, on the transaction's client. */
function writeTx(client: PoolClient): AsyncTx<PostWriteTx> {
  return {
    writePost: (post, expectedVersion, events, before) =>
      writePostgresPost(client, post, expectedVersion, events, before),
  };
}

/** The small calls of core's claimDuePostsScript: SKIP LOCKED row locks, then one write per post. */
function claimTx(client: PoolClient): AsyncTx<PostClaimTx> {
  return {
    duePosts: async (now, limit, passOver) =>
      (await client.query<PostRow>(SELECT_DUE_POSTS_SQL, [now, limit, passOver])).rows.map(rowToPost),
    ...writeTx(client),
  };
}

/** The PostStore of a PostgreSQL database. */
export function createPostgresPostStore(pool: Pool): PostStore & DraftApprovalStore {
  return {
    ...createPostgresPostQueries(pool),
    async purgeDeletedPosts(request) {
      return purgePostgresPosts(pool, request);
    },
    async insertPosts(batch) {
      return withTransaction(pool, (client) => runScriptAsync(insertPostsScript(batch), batchTx(client)));
    },
    async quotaUsed(ownerId, windowStart) {
      return quotaUsedBy(pool, ownerId, windowStart);
    },
    async approveDraft(batch) {
      return withTransaction(pool, (client) =>
        runScriptAsync(approveDraftScript(batch), approveTx(client)),
      ).catch(conflictOnLostApproval);
    },
    async findByExternalId(ownerId, externalId) {
      const result = await pool.query<PostRow & IdempotencyRow & { found: boolean }>(
        SELECT_IDEMPOTENT_RESULT_SQL,
        [ownerId, externalId],
      );
      const first = result.rows[0];
      if (first === undefined) return null;
      return {
        fingerprint: first.fingerprint,
        posts: result.rows.filter((row) => row.found).map(rowToPost),
      };
    },
    async getPost(id) {
      const result = await pool.query<PostRow>('SELECT * FROM posts WHERE id = $1', [id]);
      const row = result.rows[0];
      return row === undefined ? null : rowToPost(row);
    },
    async updatePost(post, expectedVersion, events = [], before) {
      return writePostgresPost(pool, post, expectedVersion, events, before);
    },
    async updatePosts(writes) {
      // All or nothing: a lost compare-and-set throws, rolling back the writes before it.
      return withTransaction(pool, async (client) => ({
        kind: 'written' as const,
        posts: await runScriptAsync(updatePostsScript(writes), writeTx(client)),
      })).catch(changedOnLostWrite);
    },
    async postsOfGroup(ownerId, groupId) {
      const result = await pool.query<PostRow>(
        'SELECT * FROM posts WHERE owner_id = $1 AND group_id = $2 AND deleted_at IS NULL ORDER BY created_at, id',
        [ownerId, groupId],
      );
      return result.rows.map(rowToPost);
    },
    async claimDuePosts(request) {
      return withTransaction(pool, (client) => runScriptAsync(claimDuePostsScript(request), claimTx(client)));
    },
    async nextDueAt() {
      const result = await pool.query<{ due_at: Date }>(SELECT_NEXT_DUE_AT_SQL);
      return result.rows[0]?.due_at ?? null;
    },
    async queueDepth(now) {
      const result = await pool.query<{ due: number; upcoming: number }>(SELECT_QUEUE_DEPTH_SQL, [now]);
      return { due: result.rows[0]?.due ?? 0, upcoming: result.rows[0]?.upcoming ?? 0 };
    },
  };
}
