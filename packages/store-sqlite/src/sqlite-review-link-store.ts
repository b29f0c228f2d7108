import type { ReviewLinkStore } from '@svc/core';
import type { ReviewDecisionRowOf, ReviewLinkRowOf } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { idTable } from './id-table.js';
import { dateToSql, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';
import type { SqliteJournal } from './sqlite-journal.js';

type LinkRow = ReviewLinkRowOf<SqliteTypes>;
type DecisionRow = ReviewDecisionRowOf<SqliteTypes>;

const { reviewLinkToRow, rowToReviewLink, reviewDecisionToRow, rowToReviewDecision } = SQLITE_ROWS;

/** The ReviewLinkStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteReviewLinkStore(
  db: Database.Database,
  journal: Pick<SqliteJournal, 'append'>,
): ReviewLinkStore {
  const links = idTable(db, 'review_links', reviewLinkToRow, rowToReviewLink);
  const listOwned = links.list<[string]>('SELECT * FROM review_links WHERE owner_id = ? ORDER BY id DESC');
  const revoke = db.prepare<[number, string, string], LinkRow>(
    'UPDATE review_links SET revoked_at = coalesce(revoked_at, ?) WHERE id = ? AND owner_id = ? RETURNING *',
  );
  const selectDecisions = db.prepare<[string], DecisionRow>(
    'SELECT * FROM review_link_decisions WHERE link_id = ? ORDER BY decided_at, rowid',
  );
  const insertDecision = db.prepare<[DecisionRow]>(
    `INSERT INTO review_link_decisions (link_id, post_id, approved, note, reviewer_name, decided_at)
     VALUES (@link_id, @post_id, @approved, @note, @reviewer_name, @decided_at)
     ON CONFLICT (link_id, post_id) DO NOTHING`,
  );
  const record = db.transaction((row: DecisionRow, events: Parameters<SqliteJournal['append']>[0]) => {
    if (insertDecision.run(row).changes === 0) return false;
    journal.append(events);
    return true;
  });
  const appendOnly = db.transaction((events: Parameters<SqliteJournal['append']>[0]) =>
    journal.append(events),
  );

  return {
    insertReviewLink: links.insert,
    getReviewLink: links.get,
    async listReviewLinks(ownerId) {
      return listOwned(ownerId);
    },
    async revokeReviewLink(ownerId, id, at) {
      const row = revoke.get(dateToSql(at), id, ownerId);
      return row === undefined ? null : rowToReviewLink(row);
    },
    async reviewDecisions(linkId) {
      return selectDecisions.all(linkId).map(rowToReviewDecision);
    },
    async recordReviewDecision(decision, events) {
      return record(reviewDecisionToRow(decision), events);
    },
    async recordReviewEvents(events) {
      appendOnly(events);
    },
  };
}
