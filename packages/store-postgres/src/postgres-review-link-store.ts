import type { ReviewLink, ReviewLinkDecision, ReviewLinkStore } from '@svc/core';
import type { Pool } from 'pg';
import { appendEvents, eventParams, withEvents } from './postgres-journal.js';
import { withTransaction } from './with-transaction.js';

type LinkRow = {
  id: string;
  owner_id: string;
  post_ids: string[];
  label: string | null;
  token_hash: string;
  created_by: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
};

type DecisionRow = {
  link_id: string;
  post_id: string;
  approved: boolean;
  note: string | null;
  reviewer_name: string | null;
  decided_at: Date;
};

const toLink = (row: LinkRow): ReviewLink => ({
  id: row.id,
  ownerId: row.owner_id,
  postIds: row.post_ids,
  label: row.label,
  tokenHash: row.token_hash,
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

const toDecision = (row: DecisionRow): ReviewLinkDecision => ({
  linkId: row.link_id,
  postId: row.post_id,
  approved: row.approved,
  note: row.note,
  reviewerName: row.reviewer_name,
  decidedAt: row.decided_at,
});

// A decision and its events in one statement: the events go in only when the row did.
const RECORD_DECISION_SQL = withEvents(
  `INSERT INTO review_link_decisions (link_id, post_id, approved, note, reviewer_name, decided_at)
   VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (link_id, post_id) DO NOTHING RETURNING link_id`,
  7,
);

/** The ReviewLinkStore of a PostgreSQL database. */
export function createPostgresReviewLinkStore(pool: Pool): ReviewLinkStore {
  return {
    async insertReviewLink(link) {
      await pool.query(
        `INSERT INTO review_links
           (id, owner_id, post_ids, label, token_hash, created_by, created_at, expires_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          link.id,
          link.ownerId,
          link.postIds,
          link.label,
          link.tokenHash,
          link.createdBy,
          link.createdAt,
          link.expiresAt,
          link.revokedAt,
        ],
      );
    },
    async getReviewLink(id) {
      const row = (await pool.query<LinkRow>('SELECT * FROM review_links WHERE id = $1', [id])).rows[0];
      return row === undefined ? null : toLink(row);
    },
    async listReviewLinks(ownerId) {
      const rows = await pool.query<LinkRow>(
        'SELECT * FROM review_links WHERE owner_id = $1 ORDER BY id DESC',
        [ownerId],
      );
      return rows.rows.map(toLink);
    },
    async revokeReviewLink(ownerId, id, at) {
      const row = (
        await pool.query<LinkRow>(
          'UPDATE review_links SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2 AND owner_id = $3 RETURNING *',
          [at, id, ownerId],
        )
      ).rows[0];
      return row === undefined ? null : toLink(row);
    },
    async reviewDecisions(linkId) {
      const rows = await pool.query<DecisionRow>(
        'SELECT link_id, post_id, approved, note, reviewer_name, decided_at FROM review_link_decisions WHERE link_id = $1 ORDER BY decided_at, seq',
        [linkId],
      );
      return rows.rows.map(toDecision);
    },
    async recordReviewDecision(decision, events) {
      const inserted = await pool.query(RECORD_DECISION_SQL, [
        decision.linkId,
        decision.postId,
        decision.approved,
        decision.note,
        decision.reviewerName,
        decision.decidedAt,
        ...eventParams(events),
      ]);
      return (inserted.rowCount ?? 0) > 0;
    },
    async recordReviewEvents(events) {
      await withTransaction(pool, (client) => appendEvents(client, events));
    },
  };
}
