import type { DomainEvent, Post } from '@svc/core';
import { beforeAtVersion, changedPostColumns, statementPerColumnSet, updatePostSql } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { type PostRow, postToRow, rowToPost } from './post-row.js';
import { NAMED } from './sql-values.js';
import type { SqliteJournal } from './sqlite-journal.js';

/** The compare-and-set write of one post with its events; the caller holds the transaction. */
export type SqlitePostWrite = (
  post: Post,
  expectedVersion: number,
  events: readonly DomainEvent[],
  before?: Post,
) => Post | null;

type UpdateParams = PostRow & { expected_version: number };

/**
 * Writes a post naming only the columns that changed since it was read, so SQLite maintains only
 * the indexes on those (it picks them from the SET list when it prepares the statement, whatever
 * the values): a progress mark rewrites no index, a claim three of the eight. The row it was read
 * as is `before` when the caller has it, else the stored row, read here by its key. Either way the
 * UPDATE still checks the version: every write bumps it, so a row still at the expected version is
 * the row the columns were compared with.
 */
export function createSqlitePostWrite(db: Database.Database, journal: SqliteJournal): SqlitePostWrite {
  const selectRow = db.prepare<[string], PostRow>('SELECT * FROM posts WHERE id = ?');
  const updateOf = statementPerColumnSet((columns) =>
    db.prepare<[UpdateParams], PostRow>(updatePostSql(columns, NAMED)),
  );
  return (post, expectedVersion, events, before) => {
    const row = postToRow(post);
    const known = beforeAtVersion(post, expectedVersion, before);
    const read = known === undefined ? selectRow.get(post.id) : postToRow(known);
    // Absent, or changed since the caller read it: the UPDATE would match no row either.
    if (read === undefined || read.version !== expectedVersion) return null;
    const stored = updateOf(changedPostColumns(read, row)).get({ ...row, expected_version: expectedVersion });
    if (stored === undefined) return null;
    journal.append(events);
    return rowToPost(stored);
  };
}
