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
import { orNull } from './or-null.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** An `automations` row in a dialect's column types (its counts live in `automation_counts`). */
export type AutomationRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  account_id: string;
  template: T['json'];
  state: string;
  post_id: string | null;
  media_id: string | null;
  live_since: T['date'] | null;
  created_at: T['date'];
  updated_at: T['date'];
};

/** An `automations` row as read, with its counts as one JSON object (NULL when none counted yet). */
export type AutomationWithCountsRowOf<T extends SqlTypes> = AutomationRowOf<T> & { counts: T['json'] | null };

/** The row that stores an automation. */
export function automationToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  automation: Automation,
): AutomationRowOf<T> {
  return {
    id: automation.id,
    owner_id: automation.ownerId,
    account_id: automation.accountId,
    template: codec.jsonToSql(automation.template),
    state: automation.state,
    post_id: automation.postId,
    media_id: automation.mediaId,
    live_since: orNull(automation.liveSince, codec.dateToSql),
    created_at: codec.dateToSql(automation.createdAt),
    updated_at: codec.dateToSql(automation.updatedAt),
  };
}

/** Every counter, as stored or 0 when it has no row. */
function countsOf(stored: Partial<Record<AutomationCounter, number>> | null): AutomationCounts {
  return Object.fromEntries(
    AUTOMATION_COUNTERS.map((counter) => [counter, stored?.[counter] ?? 0]),
  ) as Record<AutomationCounter, number>;
}

/** The automation a row and its counts store. */
export function sqlRowToAutomation<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: AutomationWithCountsRowOf<T>,
): Automation {
  return {
    id: row.id,
    ownerId: row.owner_id,
    accountId: row.account_id,
    template: codec.jsonFromSql<AutomationTemplate>(row.template),
    state: row.state as AutomationState,
    postId: row.post_id,
    mediaId: row.media_id,
    liveSince: orNull(row.live_since, codec.dateFromSql),
    createdAt: codec.dateFromSql(row.created_at),
    updatedAt: codec.dateFromSql(row.updated_at),
    counts: countsOf(
      orNull(row.counts, (counts) => codec.jsonFromSql<Partial<Record<AutomationCounter, number>>>(counts)),
    ),
  };
}

/** The columns of `automation_inbox` a new comment binds (its stage, attempts and due time too). */
export type NewInboxRowOf<T extends SqlTypes> = {
  comment_id: string;
  ig_user_id: string;
  media_id: string;
  parent_id: string | null;
  from_id: string;
  from_username: string | null;
  text: string;
  commented_at: T['date'];
  received_at: T['date'];
};

/** An `automation_inbox` row, as `SELECT *` reads it. */
export type InboxRowOf<T extends SqlTypes> = NewInboxRowOf<T> & {
  stage: string;
  automation_id: string | null;
  outcome: string | null;
  attempts: number;
  next_at: T['date'];
  lease_owner: string | null;
  lease_until: T['date'] | null;
  private_marked_at: T['date'] | null;
};

/** The row of a comment just delivered. */
export function commentToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  comment: InboxComment,
): NewInboxRowOf<T> {
  return {
    comment_id: comment.commentId,
    ig_user_id: comment.igUserId,
    media_id: comment.mediaId,
    parent_id: comment.parentId,
    from_id: comment.fromId,
    from_username: comment.fromUsername,
    text: comment.text,
    commented_at: codec.dateToSql(comment.commentedAt),
    received_at: codec.dateToSql(comment.receivedAt),
  };
}

/** The job an inbox row holds (its lease and due time aside). */
export function sqlRowToCommentJob<T extends SqlTypes>(codec: SqlCodec<T>, row: InboxRowOf<T>): CommentJob {
  return {
    commentId: row.comment_id,
    igUserId: row.ig_user_id,
    mediaId: row.media_id,
    parentId: row.parent_id,
    fromId: row.from_id,
    fromUsername: row.from_username,
    text: row.text,
    commentedAt: codec.dateFromSql(row.commented_at),
    receivedAt: codec.dateFromSql(row.received_at),
    stage: row.stage as CommentStage,
    automationId: row.automation_id,
    attempts: row.attempts,
  };
}
