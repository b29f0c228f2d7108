import type { Post, PostListQuery, PostPage, PublicPostStatus, RepeatQuery } from '@svc/core';
import { internalStatuses, PUBLIC_POST_STATUSES, REPEAT_CANDIDATES, textFilterPattern } from '@svc/core';
import type { PostQueries } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { type PostRow, rowToPost } from './post-row.js';
import { jsonToSql } from './sql-values.js';

// Every profile id of the post must be in @account_ids (a JSON array), or @account_ids is NULL.
// Matches the memory store: a post without targets passes.
const WITHIN_ACCOUNTS = `(@account_ids IS NULL OR NOT EXISTS (
    SELECT 1 FROM json_each(posts.profile_ids) AS target
    WHERE target.value NOT IN (SELECT value FROM json_each(@account_ids))))`;

/**
 * The newest-first list. `deleted_at IS NULL` repeats the WHERE clause of the partial index
 * `posts_owner_list`, which serves the ORDER BY, so a page reads only the rows it returns (plus
 * the ones the filters skip). The platform, profile and time filters are checked on the rows the
 * index walk reads, on purpose: `platforms` and `profile_ids` are JSON lists no index can serve
 * in list order, and an index on scheduled_time would hand back rows to sort on every page of an
 * export. So is the text filter: `@text` is `textFilterPattern`'s pattern (`%`, `_` and `\` escaped),
 * and lower() on both sides folds ASCII letters whatever `case_sensitive_like` says. Exported for
 * the query-plan test.
 */
export const LIST_POSTS_SQL = `SELECT * FROM posts
WHERE owner_id = @owner_id AND deleted_at IS NULL
  AND (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))
  AND ${WITHIN_ACCOUNTS}
  AND (@platform IS NULL OR EXISTS (SELECT 1 FROM json_each(posts.platforms) WHERE value = @platform))
  AND (@profile_id IS NULL OR EXISTS (SELECT 1 FROM json_each(posts.profile_ids) WHERE value = @profile_id))
  AND (@scheduled_from IS NULL OR scheduled_time >= @scheduled_from)
  AND (@scheduled_to IS NULL OR scheduled_time < @scheduled_to)
  AND (@text IS NULL OR lower(caption) LIKE lower(@text) ESCAPE '\\'
       OR lower(title) LIKE lower(@text) ESCAPE '\\')
  AND (@after_created_at IS NULL OR created_at < @after_created_at
       OR (created_at = @after_created_at AND id < @after_id))
ORDER BY created_at DESC, id DESC
LIMIT @limit`;

/** A calendar's posts, soonest first. */
const POSTS_SCHEDULED_BETWEEN_SQL = `SELECT * FROM posts
WHERE owner_id = @owner_id AND deleted_at IS NULL AND scheduled_time >= @from AND scheduled_time < @to
ORDER BY scheduled_time, id
LIMIT @limit`;

/** Soft-deleted posts still restorable, most recently deleted first. */
const LIST_DELETED_POSTS_SQL = `SELECT * FROM posts
WHERE owner_id = @owner_id AND deleted_at IS NOT NULL AND deleted_at > @after
ORDER BY deleted_at DESC, id DESC
LIMIT @limit`;

// Served by the partial index posts_evergreen (migration 0030): only evergreen posts are in it.
const EVERGREEN_POSTS_SQL = `SELECT * FROM posts
WHERE evergreen IS NOT NULL AND status = 'posted' AND deleted_at IS NULL AND (@after IS NULL OR id > @after)
ORDER BY id
LIMIT @limit`;

const RECYCLED_COPIES_SQL = `SELECT * FROM posts WHERE recycled_from = @original ORDER BY recycle_number`;

const COUNT_BY_STATUS_SQL = `SELECT status, COUNT(*) AS n FROM posts
WHERE owner_id = @owner_id AND deleted_at IS NULL AND ${WITHIN_ACCOUNTS}
GROUP BY status`;

/**
 * Upcoming posts, soonest first. The first WHERE terms repeat the partial index
 * `posts_owner_upcoming` term for term. Exported for the query-plan test.
 */
export const UPCOMING_POSTS_SQL = `SELECT * FROM posts
WHERE status IN ('scheduled', 'publishing') AND deleted_at IS NULL
  AND owner_id = @owner_id AND scheduled_time > @after AND ${WITHIN_ACCOUNTS}
ORDER BY scheduled_time, id
LIMIT @limit`;

/**
 * An owner's posts of one content around a time, for the duplicate-content check. The first WHERE
 * terms repeat the partial index `posts_owner_content` term for term. No ORDER BY: `findRepeat`
 * picks the nearest itself, and the sort cost three times the index seek (measured: 21 against 7 µs);
 * the LIMIT is written in, since a bound one cost more again.
 */
export const POSTS_WITH_CONTENT_BETWEEN_SQL = `SELECT * FROM posts
WHERE status IN ('scheduled', 'publishing', 'posted') AND deleted_at IS NULL
  AND owner_id = @owner_id AND content_hash = @content_hash AND scheduled_time BETWEEN @from AND @to
LIMIT ${REPEAT_CANDIDATES}`;

/** The parameters of POSTS_WITH_CONTENT_BETWEEN_SQL. */
export type RepeatParams = { owner_id: string; content_hash: string; from: number; to: number };

/** POSTS_WITH_CONTENT_BETWEEN_SQL's parameters for a repeat check. */
export function repeatParams(query: RepeatQuery): RepeatParams {
  return {
    owner_id: query.ownerId,
    content_hash: query.contentHash,
    from: query.from.getTime(),
    to: query.to.getTime(),
  };
}

type Filter = { owner_id: string; account_ids: string | null };
type ListParams = Filter & {
  statuses: string | null;
  platform: string | null;
  profile_id: string | null;
  scheduled_from: number | null;
  scheduled_to: number | null;
  text: string | null;
  after_created_at: number | null;
  after_id: string | null;
  limit: number;
};

/** The read queries of the SQLite PostStore. Statements are prepared once, here. */
export function createSqlitePostQueries(db: Database.Database): PostQueries {
  const list = db.prepare<[ListParams], PostRow>(LIST_POSTS_SQL);
  const count = db.prepare<[Filter], { status: string; n: number }>(COUNT_BY_STATUS_SQL);
  const upcoming = db.prepare<[Filter & { after: number; limit: number }], PostRow>(UPCOMING_POSTS_SQL);
  const withContent = db.prepare<[RepeatParams], PostRow>(POSTS_WITH_CONTENT_BETWEEN_SQL);
  const accounts = (ids: readonly string[] | null) => (ids === null ? null : jsonToSql(ids));
  const deleted = db.prepare<[{ owner_id: string; after: number; limit: number }], PostRow>(
    LIST_DELETED_POSTS_SQL,
  );

  const between = db.prepare<[{ owner_id: string; from: number; to: number; limit: number }], PostRow>(
    POSTS_SCHEDULED_BETWEEN_SQL,
  );

  const evergreen = db.prepare<[{ after: string | null; limit: number }], PostRow>(EVERGREEN_POSTS_SQL);
  const copies = db.prepare<[{ original: string }], PostRow>(RECYCLED_COPIES_SQL);

  return {
    async evergreenPosts(afterId, limit) {
      return evergreen.all({ after: afterId, limit }).map(rowToPost);
    },
    async recycledCopiesOf(originalId) {
      return copies.all({ original: originalId }).map(rowToPost);
    },
    async postsScheduledBetween(ownerId, from, to, limit) {
      return between.all({ owner_id: ownerId, from: from.getTime(), to: to.getTime(), limit }).map(rowToPost);
    },
    async listDeletedPosts(ownerId, deletedAfter, limit) {
      return deleted.all({ owner_id: ownerId, after: deletedAfter.getTime(), limit }).map(rowToPost);
    },
    async listPosts(query: PostListQuery): Promise<PostPage> {
      const limit = Math.max(0, Math.floor(query.limit));
      // One row more than asked tells whether another page follows.
      const rows = list.all({
        owner_id: query.ownerId,
        account_ids: accounts(query.accountIds),
        statuses: query.statuses === null ? null : jsonToSql(internalStatuses(query.statuses)),
        platform: query.platform ?? null,
        profile_id: query.profileId ?? null,
        scheduled_from: query.scheduledFrom?.getTime() ?? null,
        scheduled_to: query.scheduledTo?.getTime() ?? null,
        text: query.text == null || query.text === '' ? null : textFilterPattern(query.text),
        after_created_at: query.after === null ? null : query.after.createdAt.getTime(),
        after_id: query.after === null ? null : query.after.id,
        limit: limit + 1,
      });
      const posts: Post[] = rows.slice(0, limit).map(rowToPost);
      const last = posts.at(-1);
      const next =
        rows.length > limit && last !== undefined ? { createdAt: last.createdAt, id: last.id } : null;
      return { posts, next };
    },
    async countPostsByStatus(ownerId, accountIds) {
      const counts = Object.fromEntries(PUBLIC_POST_STATUSES.map((s) => [s, 0])) as Record<
        PublicPostStatus,
        number
      >;
      for (const row of count.all({ owner_id: ownerId, account_ids: accounts(accountIds) })) {
        const status = (row.status === 'publishing' ? 'scheduled' : row.status) as PublicPostStatus;
        counts[status] += row.n;
      }
      return counts;
    },
    async upcomingPosts(ownerId, accountIds, after, limit) {
      return upcoming
        .all({
          owner_id: ownerId,
          account_ids: accounts(accountIds),
          after: after.getTime(),
          limit: Math.max(0, Math.floor(limit)),
        })
        .map(rowToPost);
    },
    async postsWithContentBetween(query) {
      return withContent.all(repeatParams(query)).map(rowToPost);
    },
  };
}
