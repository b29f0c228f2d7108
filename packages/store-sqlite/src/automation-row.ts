import type { Automation, CommentJob, InboxComment } from '@svc/core';
import {
  type AutomationRowOf,
  type AutomationWithCountsRowOf,
  automationToSqlRow,
  commentToSqlRow,
  type InboxRowOf,
  type NewInboxRowOf,
  sqlRowToAutomation,
  sqlRowToCommentJob,
} from '@svc/store-sql';
import { SQLITE_CODEC, type SqliteTypes } from './sql-values.js';

/** An `automations` row, as better-sqlite3 binds it. */
export type AutomationRow = AutomationRowOf<SqliteTypes>;

/** An `automations` row as read, with its counts as one JSON object (NULL when none counted yet). */
export type AutomationWithCountsRow = AutomationWithCountsRowOf<SqliteTypes>;

/**
 * `SELECT` columns of an automation (aliased `a`) with its counts, as AutomationWithCountsRow
 * reads them: one subquery on the counts' primary key.
 */
export const AUTOMATION_WITH_COUNTS = `a.*, (SELECT json_group_object(c.counter, c.count)
  FROM automation_counts AS c WHERE c.automation_id = a.id) AS counts`;

/** The row that stores an automation (its counts live in `automation_counts`). */
export function automationToRow(automation: Automation): AutomationRow {
  return automationToSqlRow(SQLITE_CODEC, automation);
}

/** The automation a row and its counts store. */
export function rowToAutomation(row: AutomationWithCountsRow): Automation {
  return sqlRowToAutomation(SQLITE_CODEC, row);
}

/** The columns of `automation_inbox` a new comment binds (its stage, attempts and due time too). */
export type NewInboxRow = NewInboxRowOf<SqliteTypes>;

/** An `automation_inbox` row, as `SELECT *` reads it. */
export type InboxRow = InboxRowOf<SqliteTypes>;

/** The row of a comment just delivered. */
export function commentToRow(comment: InboxComment): NewInboxRow {
  return commentToSqlRow(SQLITE_CODEC, comment);
}

/** The job an inbox row holds (its lease and due time aside). */
export function rowToCommentJob(row: InboxRow): CommentJob {
  return sqlRowToCommentJob(SQLITE_CODEC, row);
}
