import type { ApprovalDecision, ApprovalStore } from '@svc/core';
import { type ApprovalRowOf, stepsToSql } from '@svc/store-sql';
import type { Pool } from 'pg';
import { idTable } from './id-table.js';
import { PG_CODEC, PG_ROWS, type PgTypes } from './pg-values.js';

/**
 * Records a decision on a pending approval. The `status = 'pending'` guard makes deciding a
 * compare-and-set: of two racing reviewers, one wins. Approving a draft runs it too.
 */
export const DECIDE_APPROVAL_SQL = `UPDATE approvals SET status = $2, reviewer_note = $3, decided_at = $4,
  steps = COALESCE($6::jsonb, steps)
WHERE id = $1 AND status = 'pending' AND current_step = $5
RETURNING *`;

/** Opens the step after an approved one, under the same guard as a decision. */
const ADVANCE_APPROVAL_SQL = `UPDATE approvals SET steps = $3::jsonb, current_step = $2 + 1
WHERE id = $1 AND status = 'pending' AND current_step = $2
RETURNING *`;

/** An approvals row as pg returns it. */
export type ApprovalRow = ApprovalRowOf<PgTypes>;

/** Decodes an approvals row. */
export const { rowToApproval } = PG_ROWS;

/** DECIDE_APPROVAL_SQL's parameters for a decision. */
export function decisionParams(id: string, decision: ApprovalDecision): unknown[] {
  return [
    id,
    decision.status,
    decision.reviewerNote,
    decision.decidedAt,
    decision.step ?? 1,
    stepsToSql(PG_CODEC, decision.steps),
  ];
}

/** The ApprovalStore of a PostgreSQL database. */
export function createPostgresApprovalStore(pool: Pool): ApprovalStore {
  const approvals = idTable(pool, 'approvals', PG_ROWS.approvalToRow, rowToApproval);
  return {
    insertApproval: approvals.insert,
    getApproval: approvals.get,
    getLatestForPost: (postId) =>
      approvals.one(
        'SELECT * FROM approvals WHERE post_id = $1 ORDER BY requested_at DESC, id DESC LIMIT 1',
        [postId],
      ),
    decideApproval: (id, decision) => approvals.one(DECIDE_APPROVAL_SQL, decisionParams(id, decision)),
    advanceApproval: (id, step, steps) =>
      approvals.one(ADVANCE_APPROVAL_SQL, [id, step, stepsToSql(PG_CODEC, steps)]),
  };
}
