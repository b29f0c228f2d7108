import {
  AUTOMATION_COUNTERS,
  type Automation,
  type AutomationCounter,
  type AutomationCounts,
  type AutomationState,
  type AutomationTemplate,
  type CommentJob,
  type CommentStage,
  type InboxComment,
} from '@svc/core';
import { dateFromSql, dateToSql, jsonFromSql, jsonToSql, nullableJsonFromSql } from './sql-values.js';

/** An `automations` row, as better-sqlite3 binds it. */
export type AutomationRow = {
  id: string;
  owner_id: string;
  account_id: string;
  template: string;
  state: string;
  post_id: string | null;
  media_id: string | null;
  live_since: number | null;
  created_at: number;
  updated_at: number;
};

/** An `automations` row as read, with its counts as one JSON object (NULL when none counted yet). */
export type AutomationWithCountsRow = AutomationRow & { counts: string | null };

/**
 * `SELECT` columns of an automation (aliased `a`) with its counts, as AutomationWithCountsRow
 * reads them: one subquery on the counts' primary key.
 */
export const AUTOMATION_WITH_COUNTS = `a.*, (SELECT json_group_object(c.counter, c.count)
  FROM automation_counts AS c WHERE c.automation_id = a.id) AS counts`;

/** The row that stores an automation (its counts live in `automation_counts`). */
export function automationToRow(automation: Automation): AutomationRow {
  return {
    id: automation.id,
    owner_id: automation.ownerId,
    account_id: automation.accountId,
    template: jsonToSql(automation.template),
    state: automation.state,
    post_id: automation.postId,
    media_id: automation.mediaId,
    live_since: automation.liveSince === null ? null : dateToSql(automation.liveSince),
    created_at: dateToSql(automation.createdAt),
    updated_at: dateToSql(automation.updatedAt),
  };
}

/** Every counter, as stored or 0 when it has no row. */
function countsFromSql(text: string | null): AutomationCounts {
  const stored = nullableJsonFromSql<Partial<Record<AutomationCounter, number>>>(text) ?? {};
  return Object.fromEntries(AUTOMATION_COUNTERS.map((counter) => [counter, stored[counter] ?? 0])) as Record<
    AutomationCounter,
    number
  >;
}

/** The automation a row and its counts store. */
export function rowToAutomation(row: AutomationWithCountsRow): Automation {
  return {
    id: row.id,
    ownerId: row.owner_id,
    accountId: row.account_id,
    template: jsonFromSql<AutomationTemplate>(row.template),
    state: row.state as AutomationState,
    postId: row.post_id,
    mediaId: row.media_id,
    liveSince: row.live_since === null ? null : dateFromSql(row.live_since),
    createdAt: dateFromSql(row.created_at),
    updatedAt: dateFromSql(row.updated_at),
    counts: countsFromSql(row.counts),
  };
}

/** The columns of `automation_inbox` a new comment binds (its stage, attempts and due time too). */
export type NewInboxRow = {
  comment_id: string;
  ig_user_id: string;
  media_id: string;
  parent_id: string | null;
  from_id: string;
  from_username: string | null;
  text: string;
  commented_at: number;
  received_at: number;
};

/** An `automation_inbox` row, as `SELECT *` reads it. */
export type InboxRow = NewInboxRow & {
  stage: string;
  automation_id: string | null;
  outcome: string | null;
  attempts: number;
  next_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  private_marked_at: number | null;
};

/** The row of a comment just delivered. */
export function commentToRow(comment: InboxComment): NewInboxRow {
  return {
    comment_id: comment.commentId,
    ig_user_id: comment.igUserId,
    media_id: comment.mediaId,
    parent_id: comment.parentId,
    from_id: comment.fromId,
    from_username: comment.fromUsername,
    text: comment.text,
    commented_at: dateToSql(comment.commentedAt),
    received_at: dateToSql(comment.receivedAt),
  };
}

/** The job an inbox row holds (its lease and due time aside). */
export function rowToCommentJob(row: InboxRow): CommentJob {
  return {
    commentId: row.comment_id,
    igUserId: row.ig_user_id,
    mediaId: row.media_id,
    parentId: row.parent_id,
    fromId: row.from_id,
    fromUsername: row.from_username,
    text: row.text,
    commentedAt: dateFromSql(row.commented_at),
    receivedAt: dateFromSql(row.received_at),
    stage: row.stage as CommentStage,
    automationId: row.automation_id,
    attempts: row.attempts,
  };
}
