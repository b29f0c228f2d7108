import type { AutomationWithCountsRowOf, InboxRowOf } from '@svc/store-sql';
import { arrayParamsIn, PG_ROWS, type PgTypes, paramsIn } from './pg-values.js';

const { automationToRow, commentToRow } = PG_ROWS;

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
export const automationParams = paramsIn(AUTOMATION_COLUMNS, automationToRow);

/** The automation a row and its counts store. */
export const { rowToAutomation } = PG_ROWS;

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
export const commentParams = arrayParamsIn(NEW_COMMENT_COLUMNS, commentToRow);

/** The job an inbox row holds (its lease and due time aside). */
export const { rowToCommentJob } = PG_ROWS;
