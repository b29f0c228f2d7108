import { type Approval, type ApprovalStatus, type ApprovalStep, openStepNumber } from '@svc/core';
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
  /** The review steps (dates as ISO strings); null for approvals from before steps. */
  steps: T['json'] | null;
  /** The open step's number, which decisions compare and set (1 once decided, as before). */
  current_step: number;
  requester_id: string | null;
};

/** A review step as stored in the `steps` JSON. */
type StoredStep = Omit<ApprovalStep, 'decidedAt'> & { decidedAt: string | null };

/** The `steps` column's value for these steps. */
export function stepsToSql<T extends SqlTypes>(
  codec: SqlCodec<T>,
  steps: readonly ApprovalStep[] | undefined,
): T['json'] | null {
  if (steps === undefined) return null;
  return codec.jsonToSql(
    steps.map((s): StoredStep => ({ ...s, decidedAt: s.decidedAt?.toISOString() ?? null })),
  );
}

function stepsFromSql<T extends SqlTypes>(
  codec: SqlCodec<T>,
  value: T['json'] | null,
): ApprovalStep[] | undefined {
  if (value === null) return undefined;
  return codec
    .jsonFromSql<StoredStep[]>(value)
    .map((s) => ({ ...s, decidedAt: s.decidedAt === null ? null : new Date(s.decidedAt) }));
}

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
    steps: stepsToSql(codec, approval.steps),
    current_step: openStepNumber(approval) ?? 1,
    requester_id: approval.requesterId ?? null,
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
    ...optionalSteps(stepsFromSql(codec, row.steps)),
    ...(row.requester_id === null ? {} : { requesterId: row.requester_id }),
  };
}

// Approvals from before steps have none: the domain rebuilds their one step (`stepsOf`).
function optionalSteps(steps: ApprovalStep[] | undefined): { steps?: ApprovalStep[] } {
  return steps === undefined ? {} : { steps };
}
