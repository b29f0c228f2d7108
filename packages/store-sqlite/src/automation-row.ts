import type { AutomationRowOf, AutomationWithCountsRowOf, InboxRowOf, NewInboxRowOf } from '@svc/store-sql';
import { SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

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

/** The columns of `automation_inbox` a new comment binds (its stage, attempts and due time too). */
export type NewInboxRow = NewInboxRowOf<SqliteTypes>;

/** An `automation_inbox` row, as `SELECT *` reads it. */
export type InboxRow = InboxRowOf<SqliteTypes>;

/** The rows that store an automation and a new comment, and what such rows store. */
export const { automationToRow, rowToAutomation, commentToRow, rowToCommentJob } = SQLITE_ROWS;
