import type { ReviewLink, ReviewLinkDecision, ReviewLinkStore } from '@svc/core';
import type Database from 'better-sqlite3';
import { dateFromSql, dateToSql, nullableDateFromSql } from './sql-values.js';
import type { SqliteJournal } from './sqlite-journal.js';

type LinkRow = {
  id: string;
  owner_id: string;
  post_ids: string;
  label: string | null;
  token_hash: string;
  created_by: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
};

type DecisionRow = {
  link_id: string;
  post_id: string;
  approved: number;
  note: string | null;
  reviewer_name: string | null;
  decided_at: number;
};

const toLink = (row: LinkRow): ReviewLink => ({
  id: row.id,
  ownerId: row.owner_id,
  postIds: JSON.parse(row.post_ids) as string[],
  label: row.label,
  tokenHash: row.token_hash,
  createdBy: row.created_by,
  createdAt: dateFromSql(row.created_at),
  expiresAt: dateFromSql(row.expires_at),
  revokedAt: nullableDateFromSql(row.revoked_at),
});

const toDecision = (row: DecisionRow): ReviewLinkDecision => ({
  linkId: row.link_id,
  postId: row.post_id,
  approved: row.approved !== 0,
  note: row.note,
  reviewerName: row.reviewer_name,
  decidedAt: dateFromSql(row.decided_at),
});

/** The ReviewLinkStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteReviewLinkStore(
  db: Database.Database,
  journal: Pick<SqliteJournal, 'append'>,
): ReviewLinkStore {
  const insertLink = db.prepare<[LinkRow]>(
    `INSERT INTO review_links (id, owner_id, post_ids, label, token_hash, created_by, created_at, expires_at, revoked_at)
     VALUES (@id, @owner_id, @post_ids, @label, @token_hash, @created_by, @created_at, @expires_at, @revoked_at)`,
  );
  const selectLink = db.prepare<[string], LinkRow>('SELECT * FROM review_links WHERE id = ?');
  const selectOwned = db.prepare<[string], LinkRow>(
    'SELECT * FROM review_links WHERE owner_id = ? ORDER BY id DESC',
  );
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
    async insertReviewLink(link) {
      insertLink.run({
        id: link.id,
        owner_id: link.ownerId,
        post_ids: JSON.stringify(link.postIds),
        label: link.label,
        token_hash: link.tokenHash,
        created_by: link.createdBy,
        created_at: dateToSql(link.createdAt),
        expires_at: dateToSql(link.expiresAt),
        revoked_at: link.revokedAt === null ? null : dateToSql(link.revokedAt),
      });
    },
    async getReviewLink(id) {
      const row = selectLink.get(id);
      return row === undefined ? null : toLink(row);
    },
    async listReviewLinks(ownerId) {
      return selectOwned.all(ownerId).map(toLink);
    },
    async revokeReviewLink(ownerId, id, at) {
      const row = revoke.get(dateToSql(at), id, ownerId);
      return row === undefined ? null : toLink(row);
    },
    async reviewDecisions(linkId) {
      return selectDecisions.all(linkId).map(toDecision);
    },
    async recordReviewDecision(decision, events) {
      return record(
        {
          link_id: decision.linkId,
          post_id: decision.postId,
          approved: decision.approved ? 1 : 0,
          note: decision.note,
          reviewer_name: decision.reviewerName,
          decided_at: dateToSql(decision.decidedAt),
        },
        events,
      );
    },
    async recordReviewEvents(events) {
      appendOnly(events);
    },
  };
}
