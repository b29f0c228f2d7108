import type { ApprovalPolicy, ApprovalRequiredFor, ReviewerRule } from '@svc/core';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** An `approval_policies` row in a dialect's column types. */
export type ApprovalPolicyRowOf<T extends SqlTypes> = {
  workspace_id: string;
  required_for: string;
  steps: T['json'];
  updated_at: T['date'];
  updated_by: string;
};

/** The columns of `approval_policies`, in the order `approvalPolicyToSqlRow` fills them. */
export const APPROVAL_POLICY_COLUMNS = [
  'workspace_id',
  'required_for',
  'steps',
  'updated_at',
  'updated_by',
] as const;

/** Saving a workspace's policy replaces the one before it: the insert, or the update on conflict. */
export function saveApprovalPolicySql(insert: string): string {
  return `${insert} ON CONFLICT (workspace_id) DO UPDATE SET required_for = excluded.required_for, steps = excluded.steps, updated_at = excluded.updated_at, updated_by = excluded.updated_by`;
}

/** The row that stores a workspace's policy. */
export function approvalPolicyToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  saved: { workspaceId: string; policy: ApprovalPolicy; at: Date; by: string },
): ApprovalPolicyRowOf<T> {
  return {
    workspace_id: saved.workspaceId,
    required_for: saved.policy.requiredFor,
    steps: codec.jsonToSql(saved.policy.steps),
    updated_at: codec.dateToSql(saved.at),
    updated_by: saved.by,
  };
}

/** The policy a row stores. */
export function sqlRowToApprovalPolicy<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: ApprovalPolicyRowOf<T>,
): ApprovalPolicy {
  return {
    requiredFor: row.required_for as ApprovalRequiredFor,
    steps: codec.jsonFromSql<ReviewerRule[]>(row.steps),
  };
}
