// The SQLite PostStore: it stays whole (over 300 lines) because every statement is prepared once
// in one closure and the transaction scripts' small calls share those statements and the group
// commit; the post queries and lifecycle writes already live in files of their own.

import {
  type ApproveDraftTx,
  type ApprovedDraftBatch,
  type ApprovedDraftOutcome,
  approveDraftScript,
  type ClaimRequest,
  changedOnLostWrite,
  claimDuePostsScript,
  conflictOnLostApproval,
  type DomainEvent,
  type DraftApprovalStore,
  type InsertPostsOutcome,
  insertPostsScript,
  type NewPostsBatch,
  type Post,
  type PostBatchTx,
  type PostClaimTx,
  type PostStore,
  type PostWrite,
  runScript,
  SLOT_HOLDING_STATUSES,
  updatePostsScript,
} from '@svc/core';
import { POST_COLUMNS } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { type PostRow, postToRow, rowToPost } from './post-row.js';
import { jsonFromSql, jsonToSql } from './sql-values.js';
import {
  type ApprovalRow,
  DECIDE_APPROVAL_SQL,
  type DecisionParams,
  decisionParams,
  rowToApproval,
} from './sqlite-approval-store.js';
import { createSqliteGroupCommit, type SqliteGroupCommit } from './sqlite-group-commit.js';
import type { SqliteJournal } from './sqlite-journal.js';
import { createSqlitePostPurge } from './sqlite-post-purge.js';
import {
  createSqlitePostQueries,
  POSTS_WITH_CONTENT_BETWEEN_SQL,
  type RepeatParams,
  repeatParams,
} from './sqlite-post-queries.js';
import { createSqlitePostWrite } from './sqlite-post-write.js';

/**
 * Must repeat the WHERE clause of the partial index `posts_due` term for term, values in the same
 * order: SQLite only uses a partial index when the query's WHERE terms contain the index's terms
 * (even `IN ('publishing', 'scheduled')` does not match), and a bound parameter never matches a
 * literal. The claim-query-plan test fails when they drift apart.
 */
const IN_PUBLISHER_QUEUE = "status IN ('scheduled', 'publishing') AND deleted_at IS NULL";

/**
 * The publisher's claim query for at most `limit` posts: due posts, oldest `due_at` first (id
 * breaks ties, as in the memory store). Served by `posts_due` in index order, so it reads only the
 * rows it returns. The LIMIT is written in, not bound: with the same plan, SQLite answered it 4 to
 * 5 times faster for 4 rows (64 against 335 µs with 10,000 posts, 114 against 452 µs with 1,000,000)
 * and 1.4 to 2.3 times for 400. `@passOver` is a JSON array of the claimer's busy accounts, skipped
 * while walking the index (core's `PostClaimTx.duePosts`). Exported for the test that checks its
 * query plan.
 */
export function selectDuePostsSql(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`Not a row count: ${limit}`);
  return `SELECT * FROM posts
WHERE ${IN_PUBLISHER_QUEUE} AND due_at <= @now
  AND coalesce(json_extract(profile_ids, '$[0]'), '') NOT IN (SELECT value FROM json_each(@passOver))
ORDER BY due_at, id
LIMIT ${limit}`;
}

/** Claims ask for a handful of counts (free slots, times four): one statement each, up to this many. */
const CLAIM_STATEMENTS = 256;

/** The earliest due time in the publisher's queue: the first entry of `posts_due`. */
export const SELECT_NEXT_DUE_AT_SQL = `SELECT due_at FROM posts
WHERE ${IN_PUBLISHER_QUEUE} AND due_at IS NOT NULL
ORDER BY due_at
LIMIT 1`;

/**
 * The publisher's queue split at a time, for the metrics' gauges: counted from `posts_due` alone
 * (its rows are exactly the queue, and `due_at` is in it), never from the posts table.
 */
export const SELECT_QUEUE_DEPTH_SQL = `SELECT
  coalesce(sum(due_at <= @now), 0) AS due,
  coalesce(sum(due_at > @now), 0) AS upcoming
FROM posts
WHERE ${IN_PUBLISHER_QUEUE} AND due_at IS NOT NULL`;

const INSERT_POST_SQL = `INSERT INTO posts (${POST_COLUMNS.join(', ')})
VALUES (${POST_COLUMNS.map((c) => `@${c}`).join(', ')})`;

// json_each keeps the order the ids were recorded in, which is the order the batch had.
const SELECT_POSTS_BY_IDS_SQL = `SELECT p.* FROM json_each(?) AS j
JOIN posts AS p ON p.id = j.value
ORDER BY j.key`;

// Adds the batch to the owner's usage counter for the window, creating it on first use.
const ADD_QUOTA_USAGE_SQL = `INSERT INTO post_quota_usage (owner_id, window_start, used) VALUES (?, ?, ?)
ON CONFLICT (owner_id, window_start) DO UPDATE SET used = used + excluded.used`;

type IdempotencyRow = { fingerprint: string; post_ids: string };

/** The times an account's slot-holding posts take (core's `SLOT_HOLDING_STATUSES`), for the queue. */
const SLOT_TIMES_SQL = `SELECT scheduled_time FROM posts
WHERE owner_id = @owner_id AND deleted_at IS NULL
  AND status IN (${SLOT_HOLDING_STATUSES.map((s) => `'${s}'`).join(', ')})
  AND scheduled_time >= @from AND scheduled_time < @to
  AND EXISTS (SELECT 1 FROM json_each(posts.profile_ids) WHERE value = @account_id)`;

/**
 * The PostStore of a SQLite database. Statements are prepared once, here. Creates, approvals,
 * claims and lifecycle writes with events commit through `groupCommit`, together with those made
 * during the same turn of the event loop.
 */
export function createSqlitePostStore(
  db: Database.Database,
  journal: SqliteJournal,
  groupCommit: SqliteGroupCommit = createSqliteGroupCommit(db),
): PostStore & DraftApprovalStore {
  const insertPost = db.prepare<[PostRow]>(INSERT_POST_SQL);
  const selectPost = db.prepare<[string], PostRow>('SELECT * FROM posts WHERE id = ?');
  const selectGroup = db.prepare<[string, string], PostRow>(
    'SELECT * FROM posts WHERE owner_id = ? AND group_id = ? AND deleted_at IS NULL ORDER BY created_at, id',
  );
  const selectPostsByIds = db.prepare<[string], PostRow>(SELECT_POSTS_BY_IDS_SQL);
  const dueStatements = new Map<number, Database.Statement<[{ now: number; passOver: string }], PostRow>>();
  const selectDuePosts = (limit: number) => {
    const known = dueStatements.get(limit);
    if (known !== undefined) return known;
    if (dueStatements.size >= CLAIM_STATEMENTS)
      dueStatements.delete(dueStatements.keys().next().value as number);
    const statement = db.prepare<[{ now: number; passOver: string }], PostRow>(selectDuePostsSql(limit));
    dueStatements.set(limit, statement);
    return statement;
  };
  const selectNextDueAt = db.prepare<[], number>(SELECT_NEXT_DUE_AT_SQL).pluck();
  const selectQueueDepth = db.prepare<[{ now: number }], { due: number; upcoming: number }>(
    SELECT_QUEUE_DEPTH_SQL,
  );
  const selectQuotaUsage = db
    .prepare<[string, number], number>(
      'SELECT used FROM post_quota_usage WHERE owner_id = ? AND window_start = ?',
    )
    .pluck();
  const addQuotaUsage = db.prepare<[string, number, number]>(ADD_QUOTA_USAGE_SQL);
  const selectSlotTimes = db
    .prepare<[{ owner_id: string; account_id: string; from: number; to: number }], number>(SLOT_TIMES_SQL)
    .pluck();
  const selectIdempotency = db.prepare<[string, string], IdempotencyRow>(
    'SELECT fingerprint, post_ids FROM post_idempotency WHERE owner_id = ? AND external_id = ?',
  );
  const insertIdempotency = db.prepare<
    [{ owner_id: string; external_id: string; fingerprint: string; post_ids: string; created_at: number }]
  >(
    `INSERT INTO post_idempotency (owner_id, external_id, fingerprint, post_ids, created_at)
     VALUES (@owner_id, @external_id, @fingerprint, @post_ids, @created_at)`,
  );

  const postsByIds = (postIdsJson: string): Post[] => selectPostsByIds.all(postIdsJson).map(rowToPost);

  // Called inside a transaction: the write and its events land together.
  const writePost = createSqlitePostWrite(db, journal);

  // The small calls of core's insertPostsScript, answered at once inside the transaction.
  const batchTx: PostBatchTx = {
    // The immediate transaction already holds the database's write lock.
    lockOwner: () => {},
    earlierRequest: (ownerId, externalId) => {
      const row = selectIdempotency.get(ownerId, externalId);
      return row === undefined
        ? null
        : { fingerprint: row.fingerprint, postIds: jsonFromSql<string[]>(row.post_ids) };
    },
    postsByIds: (ids) => postsByIds(jsonToSql(ids)),
    postsWithContent: (query) => selectWithContent.all(repeatParams(query)).map(rowToPost),
    scheduledTimesOf: (ownerId, accountId, from, to) =>
      selectSlotTimes
        .all({ owner_id: ownerId, account_id: accountId, from: from.getTime(), to: to.getTime() })
        .map((ms) => new Date(ms)),
    quotaUsed: (ownerId, windowStart) => selectQuotaUsage.get(ownerId, windowStart.getTime()) ?? 0,
    insertPosts: (posts) => {
      const rows = posts.map(postToRow);
      for (const row of rows) insertPost.run(row);
      // Decoded from the rows just written, so callers get exactly what a later read returns.
      return rows.map(rowToPost);
    },
    addQuotaUsage: (ownerId, windowStart, count) => {
      addQuotaUsage.run(ownerId, windowStart.getTime(), count);
    },
    appendEvents: (events) => journal.append(events),
    recordRequest: (ownerId, key, postIds, at) => {
      insertIdempotency.run({
        owner_id: ownerId,
        external_id: key.externalId,
        fingerprint: key.fingerprint,
        post_ids: jsonToSql(postIds),
        created_at: at.getTime(),
      });
    },
  };

  // Run by groupCommit in its own savepoint of a BEGIN IMMEDIATE transaction: the write lock is
  // taken before the idempotency and quota reads, and the batches of a group run one after another,
  // so two requests with the same key, or two that together exceed the quota, cannot both pass.
  const insertBatch = (batch: NewPostsBatch): InsertPostsOutcome =>
    runScript(insertPostsScript(batch), batchTx);

  // The post and its events land together, or neither does: run by groupCommit in a savepoint of
  // its group's transaction, so the publisher's lifecycle steps made during one turn of the event
  // loop (a hundred publishes in flight finish steps together) pay for one COMMIT, not one each.
  const writeWithEvents = (
    post: Post,
    expectedVersion: number,
    events: readonly DomainEvent[],
    before?: Post,
  ) => groupCommit.run(() => writePost(post, expectedVersion, events, before));

  // Immediate, and all or nothing: a lost compare-and-set throws, rolling back the writes before it.
  const writeTogether = db.transaction((writes: readonly PostWrite[]): Post[] =>
    runScript(updatePostsScript(writes), { writePost }),
  ).immediate;

  // The small calls of core's claimDuePostsScript.
  const claimTx: PostClaimTx = {
    duePosts: (now, limit, passOver) =>
      selectDuePosts(limit)
        .all({ now: now.getTime(), passOver: JSON.stringify(passOver) })
        .map(rowToPost),
    writePost,
  };

  // Run by groupCommit in its own savepoint of a BEGIN IMMEDIATE transaction: another process
  // cannot read the same candidates between our read and our write.
  const claimBatch = (request: ClaimRequest): Post[] => runScript(claimDuePostsScript(request), claimTx);

  const selectWithContent = db.prepare<[RepeatParams], PostRow>(POSTS_WITH_CONTENT_BETWEEN_SQL);
  const decideApproval = db.prepare<[DecisionParams], ApprovalRow>(DECIDE_APPROVAL_SQL);

  // The small calls of core's approveDraftScript: the batch's, the draft's and the approval's.
  const approveTx: ApproveDraftTx = {
    ...batchTx,
    writePost,
    decideApproval: (id, decision) => {
      const row = decideApproval.get(decisionParams(id, decision));
      return row === undefined ? null : rowToApproval(row);
    },
  };

  // Run by groupCommit like insertBatch: the quota read and the writes cannot interleave with
  // another request of the owner. A lost approval after the draft's write throws, to roll back
  // its savepoint (and nothing else of the group).
  const approveBatch = (batch: ApprovedDraftBatch): ApprovedDraftOutcome =>
    runScript(approveDraftScript(batch), approveTx);

  // Deferred: one snapshot for the idempotency row and the posts it points to.
  const readIdempotency = db.transaction((ownerId: string, externalId: string) => {
    const earlier = selectIdempotency.get(ownerId, externalId);
    return earlier === undefined
      ? null
      : { fingerprint: earlier.fingerprint, posts: postsByIds(earlier.post_ids) };
  });

  const purge = createSqlitePostPurge(db, journal);

  return {
    ...createSqlitePostQueries(db),
    async purgeDeletedPosts(request) {
      return purge(request);
    },
    insertPosts(batch) {
      return groupCommit.run(() => insertBatch(batch));
    },
    async quotaUsed(ownerId, windowStart) {
      return selectQuotaUsage.get(ownerId, windowStart.getTime()) ?? 0;
    },
    async approveDraft(batch) {
      try {
        return await groupCommit.run(() => approveBatch(batch));
      } catch (error) {
        return conflictOnLostApproval(error);
      }
    },
    async findByExternalId(ownerId, externalId) {
      return readIdempotency(ownerId, externalId);
    },
    async getPost(id) {
      const row = selectPost.get(id);
      return row === undefined ? null : rowToPost(row);
    },
    async updatePost(post, expectedVersion, events = [], before) {
      return events.length === 0
        ? writePost(post, expectedVersion, [], before)
        : writeWithEvents(post, expectedVersion, events, before);
    },
    async updatePosts(writes) {
      try {
        return { kind: 'written', posts: writeTogether(writes) };
      } catch (error) {
        return changedOnLostWrite(error);
      }
    },
    async postsOfGroup(ownerId, groupId) {
      return selectGroup.all(ownerId, groupId).map(rowToPost);
    },
    claimDuePosts(request) {
      return groupCommit.run(() => claimBatch(request));
    },
    async nextDueAt() {
      const dueAt = selectNextDueAt.get();
      return dueAt === undefined ? null : new Date(dueAt);
    },
    async queueDepth(now) {
      const row = selectQueueDepth.get({ now: now.getTime() });
      return { due: row?.due ?? 0, upcoming: row?.upcoming ?? 0 };
    },
  };
}
