import type { Automation, CommentJob, InboxComment } from '@svc/core';
import {
  type AutomationWithCountsRowOf,
  automationToSqlRow,
  commentToSqlRow,
  type InboxRowOf,
  sqlRowToAutomation,
  sqlRowToCommentJob,
} from '@svc/store-sql';
import { PG_CODEC, type PgTypes } from './pg-values.js';

/** An `automations` row as pg reads it, with its counts as one jsonb object (null when none counted yet). */
export type AutomationRow = AutomationWithCountsRowOf<PgTypes>;

/** Every column of `automations`, in the order `automationParams` binds them. */
export const AUTOMATION_COLUMNS = [
  'id',
  'owner_id',
  'account_id',
  'template',
  'state',
  'post_id',
  'media_id',
  'live_since',
  'created_at',
  'updated_at',
] as const;

/**
 * `SELECT` columns of an automation (aliased `a`) with its counts, as AutomationRow reads them:
 * one subquery on the counts' primary key.
 */
export const AUTOMATION_WITH_COUNTS = `a.*, (SELECT jsonb_object_agg(c.counter, c.count)
  FROM automation_counts AS c WHERE c.automation_id = a.id) AS counts`;

/** The parameters that store an automation, in AUTOMATION_COLUMNS order (counts live elsewhere). */
export function automationParams(automation: Automation): unknown[] {
  const row = automationToSqlRow(PG_CODEC, automation);
  return AUTOMATION_COLUMNS.map((column) => row[column]);
}

/** The automation a row and its counts store. */
export function rowToAutomation(row: AutomationRow): Automation {
  return sqlRowToAutomation(PG_CODEC, row);
}

/** An `automation_inbox` row as pg reads it. */
export type InboxRow = InboxRowOf<PgTypes>;

/** The columns of `automation_inbox` that `commentParams` binds, in order. */
export const NEW_COMMENT_COLUMNS = [
  'comment_id',
  'ig_user_id',
  'media_id',
  'parent_id',
  'from_id',
  'from_username',
  'text',
  'commented_at',
  'received_at',
] as const;

/** One array parameter per NEW_COMMENT_COLUMNS entry, for an INSERT … SELECT FROM unnest(…). */
export function commentParams(comments: readonly InboxComment[]): unknown[] {
  const rows = comments.map((comment) => commentToSqlRow(PG_CODEC, comment));
  return NEW_COMMENT_COLUMNS.map((column) => rows.map((row) => row[column]));
}

/** The job an inbox row holds (its lease and due time aside). */
export function rowToCommentJob(row: InboxRow): CommentJob {
  return sqlRowToCommentJob(PG_CODEC, row);
}
