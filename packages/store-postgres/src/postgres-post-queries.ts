import type { Post, PostListQuery, PostPage, PublicPostStatus, RepeatQuery } from '@svc/core';
import { internalStatuses, PUBLIC_POST_STATUSES, REPEAT_CANDIDATES, textFilterPattern } from '@svc/core';
import type { PostQueries } from '@svc/store-sql';
import type { Pool, PoolClient } from 'pg';
import { limitParam } from './pg-values.js';
import { type PostRow, rowToPost } from './post-row.js';

// Every profile id of the post must be in $2 (a text[]), or $2 is NULL. An empty profile list is
// contained in any list, so a post without targets passes, as in the memory store.
const WITHIN_ACCOUNTS = '($2::text[] IS NULL OR profile_ids <@ $2::text[])';

/**
 * The newest-first list, served in order by the partial index `posts_owner_list`; the cursor is a
 * row comparison, which the index serves too. The platform, profile and time filters are checked
 * on the rows the index walk reads: an index on them would not give list order, and each page
 * would sort the whole match again. So is the text filter: $11 is `textFilterPattern`'s pattern
 * (`%`, `_` and `\` escaped; `'\'` is one backslash, standard_conforming_strings being on since
 * PostgreSQL 9.1). Exported for the query-plan test.
 */
export const LIST_POSTS_SQL = `SELECT * FROM posts
WHERE owner_id = $1 AND deleted_at IS NULL
  AND ${WITHIN_ACCOUNTS}
  AND ($3::text[] IS NULL OR status = ANY ($3::text[]))
  AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::text))
  AND ($7::text IS NULL OR $7::text = ANY (platforms))
  AND ($8::text IS NULL OR $8::text = ANY (profile_ids))
  AND ($9::timestamptz IS NULL OR scheduled_time >= $9::timestamptz)
  AND ($10::timestamptz IS NULL OR scheduled_time < $10::timestamptz)
  AND ($11::text IS NULL OR caption ILIKE $11::text ESCAPE '\\' OR title ILIKE $11::text ESCAPE '\\')
ORDER BY created_at DESC, id DESC
LIMIT $6`;

/** A calendar's posts, soonest first. */
const POSTS_SCHEDULED_BETWEEN_SQL = `SELECT * FROM posts
WHERE owner_id = $1 AND deleted_at IS NULL AND scheduled_time >= $2 AND scheduled_time < $3
ORDER BY scheduled_time, id
LIMIT $4`;

/** Soft-deleted posts still restorable, most recently deleted first. */
const LIST_DELETED_POSTS_SQL = `SELECT * FROM posts
WHERE owner_id = $1 AND deleted_at IS NOT NULL AND deleted_at > $2
ORDER BY deleted_at DESC, id DESC
LIMIT $3`;

// Served by the partial index posts_evergreen (migration 0030): only evergreen posts are in it.
const EVERGREEN_POSTS_SQL = `SELECT * FROM posts
WHERE evergreen IS NOT NULL AND status = 'posted' AND deleted_at IS NULL AND ($1::text IS NULL OR id > $1::text)
ORDER BY id
LIMIT $2`;

const RECYCLED_COPIES_SQL = `SELECT * FROM posts WHERE recycled_from = $1 ORDER BY recycle_number`;

const COUNT_BY_STATUS_SQL = `SELECT status, COUNT(*)::integer AS n FROM posts
WHERE owner_id = $1 AND deleted_at IS NULL AND ${WITHIN_ACCOUNTS}
GROUP BY status`;

/** Upcoming posts, soonest first, served by the partial index `posts_owner_upcoming`. */
export const UPCOMING_POSTS_SQL = `SELECT * FROM posts
WHERE status IN ('scheduled', 'publishing') AND deleted_at IS NULL
  AND owner_id = $1 AND ${WITHIN_ACCOUNTS} AND scheduled_time > $3
ORDER BY scheduled_time, id
LIMIT $4`;

/** An owner's posts of one content around a time, for the duplicate-content check (index `posts_owner_content`). */
export const POSTS_WITH_CONTENT_BETWEEN_SQL = `SELECT * FROM posts
WHERE status IN ('scheduled', 'publishing', 'posted') AND deleted_at IS NULL
  AND owner_id = $1 AND content_hash = $2 AND scheduled_time BETWEEN $3 AND $4
LIMIT ${REPEAT_CANDIDATES}`;

/** Runs POSTS_WITH_CONTENT_BETWEEN_SQL on the pool or inside a transaction. */
export async function postsWithContent(client: Pool | PoolClient, query: RepeatQuery): Promise<Post[]> {
  const result = await client.query<PostRow>(POSTS_WITH_CONTENT_BETWEEN_SQL, [
    query.ownerId,
    query.contentHash,
    query.from,
    query.to,
  ]);
  return result.rows.map(rowToPost);
}

/** The read queries of the PostgreSQL PostStore. */
export function createPostgresPostQueries(pool: Pool): PostQueries {
  return {
    async evergreenPosts(afterId, limit) {
      const result = await pool.query<PostRow>(EVERGREEN_POSTS_SQL, [afterId, limit]);
      return result.rows.map(rowToPost);
    },
    async recycledCopiesOf(originalId) {
      const result = await pool.query<PostRow>(RECYCLED_COPIES_SQL, [originalId]);
      return result.rows.map(rowToPost);
    },
    async postsScheduledBetween(ownerId, from, to, limit) {
      const result = await pool.query<PostRow>(POSTS_SCHEDULED_BETWEEN_SQL, [ownerId, from, to, limit]);
      return result.rows.map(rowToPost);
    },
    async listDeletedPosts(ownerId, deletedAfter, limit) {
      const result = await pool.query<PostRow>(LIST_DELETED_POSTS_SQL, [ownerId, deletedAfter, limit]);
      return result.rows.map(rowToPost);
    },
    async listPosts(query: PostListQuery): Promise<PostPage> {
      const limit = limitParam(query.limit);
      // One row more than asked tells whether another page follows.
      const result = await pool.query<PostRow>(LIST_POSTS_SQL, [
        query.ownerId,
        query.accountIds,
        query.statuses === null ? null : internalStatuses(query.statuses),
        query.after?.createdAt ?? null,
        query.after?.id ?? null,
        limit + 1,
        query.platform ?? null,
        query.profileId ?? null,
        query.scheduledFrom ?? null,
        query.scheduledTo ?? null,
        query.text == null || query.text === '' ? null : textFilterPattern(query.text),
      ]);
      const posts: Post[] = result.rows.slice(0, limit).map(rowToPost);
      const last = posts.at(-1);
      const next =
        result.rows.length > limit && last !== undefined ? { createdAt: last.createdAt, id: last.id } : null;
      return { posts, next };
    },
    async countPostsByStatus(ownerId, accountIds) {
      const counts = Object.fromEntries(PUBLIC_POST_STATUSES.map((s) => [s, 0])) as Record<
        PublicPostStatus,
        number
      >;
      const result = await pool.query<{ status: string; n: number }>(COUNT_BY_STATUS_SQL, [
        ownerId,
        accountIds,
      ]);
      for (const row of result.rows) {
        const status = (row.status === 'publishing' ? 'scheduled' : row.status) as PublicPostStatus;
        counts[status] += row.n;
      }
      return counts;
    },
    async upcomingPosts(ownerId, accountIds, after, limit) {
      const result = await pool.query<PostRow>(UPCOMING_POSTS_SQL, [
        ownerId,
        accountIds,
        after,
        limitParam(limit),
      ]);
      return result.rows.map(rowToPost);
    },
    async postsWithContentBetween(query) {
      return postsWithContent(pool, query);
    },
  };
}
