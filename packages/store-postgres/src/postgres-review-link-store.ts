import type { ReviewLinkStore } from '@svc/core';
import type { ReviewDecisionRowOf } from '@svc/store-sql';
import type { Pool } from 'pg';
import { idTable } from './id-table.js';
import { PG_ROWS, type PgTypes } from './pg-values.js';
import { appendEvents, eventParams, withEvents } from './postgres-journal.js';
import { withTransaction } from './with-transaction.js';

const { reviewLinkToRow, rowToReviewLink, reviewDecisionToRow, rowToReviewDecision } = PG_ROWS;

// A decision and its events in one statement: the events go in only when the row did.
const RECORD_DECISION_SQL = withEvents(
  `INSERT INTO review_link_decisions (link_id, post_id, approved, note, reviewer_name, decided_at)
   VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (link_id, post_id) DO NOTHING RETURNING link_id`,
  7,
);

/** The ReviewLinkStore of a PostgreSQL database. */
export function createPostgresReviewLinkStore(pool: Pool): ReviewLinkStore {
  const links = idTable(pool, 'review_links', reviewLinkToRow, rowToReviewLink);
  return {
    insertReviewLink: links.insert,
    getReviewLink: links.get,
    listReviewLinks: (ownerId) =>
      links.many('SELECT * FROM review_links WHERE owner_id = $1 ORDER BY id DESC', [ownerId]),
    revokeReviewLink: (ownerId, id, at) =>
      links.one(
        'UPDATE review_links SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2 AND owner_id = $3 RETURNING *',
        [at, id, ownerId],
      ),
    async reviewDecisions(linkId) {
      const rows = await pool.query<ReviewDecisionRowOf<PgTypes>>(
        'SELECT * FROM review_link_decisions WHERE link_id = $1 ORDER BY decided_at, seq',
        [linkId],
      );
      return rows.rows.map(rowToReviewDecision);
    },
    async recordReviewDecision(decision, events) {
      const row = reviewDecisionToRow(decision);
      const inserted = await pool.query(RECORD_DECISION_SQL, [
        row.link_id,
        row.post_id,
        row.approved,
        row.note,
        row.reviewer_name,
        row.decided_at,
        ...eventParams(events),
      ]);
      return (inserted.rowCount ?? 0) > 0;
    },
    async recordReviewEvents(events) {
      await withTransaction(pool, (client) => appendEvents(client, events));
    },
  };
}
