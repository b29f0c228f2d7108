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
import { jsonParam } from './pg-values.js';

/** An `automations` row as pg reads it, with its counts as one jsonb object (null when none counted yet). */
export type AutomationRow = {
  id: string;
  owner_id: string;
  account_id: string;
  template: AutomationTemplate;
  state: string;
  post_id: string | null;
  media_id: string | null;
  live_since: Date | null;
  created_at: Date;
  updated_at: Date;
  counts: Partial<Record<AutomationCounter, number>> | null;
};

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
  return [
    automation.id,
    automation.ownerId,
    automation.accountId,
    jsonParam(automation.template),
    automation.state,
    automation.postId,
    automation.mediaId,
    automation.liveSince,
    automation.createdAt,
    automation.updatedAt,
  ];
}

/** Every counter, as stored or 0 when it has no row. */
function countsFromPg(stored: AutomationRow['counts']): AutomationCounts {
  return Object.fromEntries(
    AUTOMATION_COUNTERS.map((counter) => [counter, stored?.[counter] ?? 0]),
  ) as Record<AutomationCounter, number>;
}

/** The automation a row and its counts store. */
export function rowToAutomation(row: AutomationRow): Automation {
  return {
    id: row.id,
    ownerId: row.owner_id,
    accountId: row.account_id,
    template: row.template,
    state: row.state as AutomationState,
    postId: row.post_id,
    mediaId: row.media_id,
    liveSince: row.live_since,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    counts: countsFromPg(row.counts),
  };
}

/** An `automation_inbox` row as pg reads it. */
export type InboxRow = {
  comment_id: string;
  ig_user_id: string;
  media_id: string;
  parent_id: string | null;
  from_id: string;
  from_username: string | null;
  text: string;
  commented_at: Date;
  received_at: Date;
  stage: string;
  automation_id: string | null;
  outcome: string | null;
  attempts: number;
  next_at: Date;
  lease_owner: string | null;
  lease_until: Date | null;
  private_marked_at: Date | null;
};

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
  return [
    comments.map((c) => c.commentId),
    comments.map((c) => c.igUserId),
    comments.map((c) => c.mediaId),
    comments.map((c) => c.parentId),
    comments.map((c) => c.fromId),
    comments.map((c) => c.fromUsername),
    comments.map((c) => c.text),
    comments.map((c) => c.commentedAt),
    comments.map((c) => c.receivedAt),
  ];
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
    commentedAt: row.commented_at,
    receivedAt: row.received_at,
    stage: row.stage as CommentStage,
    automationId: row.automation_id,
    attempts: row.attempts,
  };
}
