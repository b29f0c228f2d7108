import type { Approval, ApprovalStatus } from '@svc/core';
import { orNull } from './or-null.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** An `approvals` row in a dialect's column types, as `SELECT *` reads it. */
export type ApprovalRowOf<T extends SqlTypes> = {
  id: string;
  post_id: string;
  owner_id: string;
  status: string;
  request_note: string | null;
  reviewer_note: string | null;
  requested_at: T['date'];
  decided_at: T['date'] | null;
  requested_by: string;
};

/** The row that stores an approval. */
export function approvalToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  approval: Approval,
): ApprovalRowOf<T> {
  return {
    id: approval.id,
    post_id: approval.postId,
    owner_id: approval.ownerId,
    status: approval.status,
    request_note: approval.requestNote,
    reviewer_note: approval.reviewerNote,
    requested_at: codec.dateToSql(approval.requestedAt),
    decided_at: orNull(approval.decidedAt, codec.dateToSql),
    requested_by: approval.requestedBy,
  };
}

/** The approval a row stores. */
export function sqlRowToApproval<T extends SqlTypes>(codec: SqlCodec<T>, row: ApprovalRowOf<T>): Approval {
  return {
    id: row.id,
    postId: row.post_id,
    ownerId: row.owner_id,
    status: row.status as ApprovalStatus,
    requestNote: row.request_note,
    reviewerNote: row.reviewer_note,
    requestedAt: codec.dateFromSql(row.requested_at),
    decidedAt: orNull(row.decided_at, codec.dateFromSql),
    requestedBy: row.requested_by,
  };
}
