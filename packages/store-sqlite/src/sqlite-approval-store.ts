import type { ApprovalDecision, ApprovalStore } from '@svc/core';
import { type ApprovalRowOf, stepsToSql } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { idTable } from './id-table.js';
import { dateToSql, SQLITE_CODEC, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

/**
 * Records a decision on a pending approval. The `status = 'pending'` guard makes deciding a
 * compare-and-set: of two racing reviewers, one wins. Approving a draft runs it too.
 */
export const DECIDE_APPROVAL_SQL = `UPDATE approvals SET status = @status, reviewer_note = @reviewer_note, decided_at = @decided_at,
  steps = COALESCE(@steps, steps)
WHERE id = @id AND status = 'pending' AND current_step = @step
RETURNING *`;

/** Opens the step after an approved one, under the same guard as a decision. */
const ADVANCE_APPROVAL_SQL = `UPDATE approvals SET steps = @steps, current_step = @step + 1
WHERE id = @id AND status = 'pending' AND current_step = @step
RETURNING *`;

/** An approvals row as SQLite returns it. */
export type ApprovalRow = ApprovalRowOf<SqliteTypes>;

/** The row that stores an approval, and the approval a row stores. */
export const { approvalToRow, rowToApproval } = SQLITE_ROWS;

/** The parameters of DECIDE_APPROVAL_SQL. */
export type DecisionParams = {
  id: string;
  status: string;
  reviewer_note: string | null;
  decided_at: number;
  step: number;
  steps: string | null;
};

/** DECIDE_APPROVAL_SQL's parameters for a decision. */
export function decisionParams(id: string, decision: ApprovalDecision): DecisionParams {
  return {
    id,
    status: decision.status,
    reviewer_note: decision.reviewerNote,
    decided_at: dateToSql(decision.decidedAt),
    step: decision.step ?? 1,
    steps: stepsToSql(SQLITE_CODEC, decision.steps),
  };
}

/** The ApprovalStore of a SQLite database. */
export function createSqliteApprovalStore(db: Database.Database): ApprovalStore {
  const approvals = idTable(db, 'approvals', approvalToRow, rowToApproval);
  const selectLatest = db.prepare<[string], ApprovalRow>(
    'SELECT * FROM approvals WHERE post_id = ? ORDER BY requested_at DESC, id DESC LIMIT 1',
  );
  const decide = db.prepare<[DecisionParams], ApprovalRow>(DECIDE_APPROVAL_SQL);
  const advance = db.prepare<[{ id: string; step: number; steps: string | null }], ApprovalRow>(
    ADVANCE_APPROVAL_SQL,
  );
  return {
    insertApproval: approvals.insert,
    getApproval: approvals.get,
    async getLatestForPost(postId) {
      const row = selectLatest.get(postId);
      return row === undefined ? null : rowToApproval(row);
    },
    async decideApproval(id, decision) {
      const row = decide.get(decisionParams(id, decision));
      return row === undefined ? null : rowToApproval(row);
    },
    async advanceApproval(id, step, steps) {
      const row = advance.get({ id, step, steps: stepsToSql(SQLITE_CODEC, steps) });
      return row === undefined ? null : rowToApproval(row);
    },
  };
}
