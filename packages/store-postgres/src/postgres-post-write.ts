import type { DomainEvent, Post } from '@svc/core';
import { beforeAtVersion, changedPostColumns, statementPerColumnSet, updatePostSql } from '@svc/store-sql';
import type { Pool, PoolClient } from 'pg';
import { PG_ROWS, POSITIONAL } from './pg-values.js';
import { type PostRow, rowToPost } from './post-row.js';
import { eventParams, withEvents } from './postgres-journal.js';

// Each column set's UPDATE, alone and with its events appended in the same statement (only when
// the version still matched). The events' parameters follow id, the columns and the version.
const statementsOf = statementPerColumnSet((columns) => {
  const update = updatePostSql(columns, POSITIONAL);
  return { update, withEvents: withEvents(update, columns.length + 3) };
});

/**
 * Compare-and-set: writes a post with its events if its stored version is still the expected one;
 * the stored post, or null. With the row it was read as (`before`, at the expected version) the
 * UPDATE names only the columns that changed: less to send and parse, and unchanged large values
 * are not written again. Without it every column is named, as reading the row first would cost a
 * round trip. Whether PostgreSQL can make the update HOT depends on the values, not on the SET
 * list: no indexed column may change (see docs/post-lifecycle.md).
 */
export async function writePostgresPost(
  client: PoolClient | Pool,
  post: Post,
  expectedVersion: number,
  events: readonly DomainEvent[] = [],
  before?: Post,
): Promise<Post | null> {
  const row = PG_ROWS.postToRow(post);
  const known = beforeAtVersion(post, expectedVersion, before);
  const columns = changedPostColumns(known && PG_ROWS.postToRow(known), row);
  const statements = statementsOf(columns);
  // updatePostSql's parameters by position: id, the columns, the expected version.
  const params = [row.id, ...columns.map((column) => row[column]), expectedVersion];
  const result =
    events.length === 0
      ? await client.query<PostRow>(statements.update, params)
      : await client.query<PostRow>(statements.withEvents, [...params, ...eventParams(events)]);
  const stored = result.rows[0];
  return stored === undefined ? null : rowToPost(stored);
}
