import type {
  Automation,
  AutomationStore,
  CommentAdvance,
  DomainEvent,
  InboxComment,
  LiveAutomation,
} from '@svc/core';
import type Database from 'better-sqlite3';
import {
  AUTOMATION_WITH_COUNTS,
  type AutomationRow,
  type AutomationWithCountsRow,
  automationToRow,
  commentToRow,
  type InboxRow,
  type NewInboxRow,
  rowToAutomation,
  rowToCommentJob,
} from './automation-row.js';
import { dateToSql, jsonToSql, type LeaseClaimParams, leaseClaimParams } from './sql-values.js';
import { type AccountRow, rowToAccount } from './sqlite-account-store.js';
import type { SqliteJournal } from './sqlite-journal.js';

const INSERT_AUTOMATION_SQL = `INSERT INTO automations
  (id, owner_id, account_id, template, state, post_id, media_id, live_since, created_at, updated_at)
VALUES (@id, @owner_id, @account_id, @template, @state, @post_id, @media_id, @live_since, @created_at,
  @updated_at)`;

// Owner, account and creation time are the automation's identity; counts are never written here.
const UPDATE_AUTOMATION_SQL = `UPDATE automations SET template = @template, state = @state,
  post_id = @post_id, media_id = @media_id, live_since = @live_since, updated_at = @updated_at
WHERE id = @id`;

/**
 * An owner's automations (of the accounts in the JSON list, when there is one), newest first.
 * Exported for the query-plan test, as are the queries below.
 */
export const LIST_AUTOMATIONS_SQL = `SELECT ${AUTOMATION_WITH_COUNTS} FROM automations AS a
WHERE a.owner_id = @owner_id
  AND (@account_ids IS NULL OR a.account_id IN (SELECT value FROM json_each(@account_ids)))
ORDER BY a.created_at DESC, a.id DESC`;

/**
 * The live automations watching a post (index `automations_live`, in its order) whose account is
 * the active Instagram account with that platform id, oldest first.
 */
export const LIVE_AUTOMATIONS_SQL = `SELECT ${AUTOMATION_WITH_COUNTS} FROM automations AS a
JOIN connected_accounts AS acc ON acc.id = a.account_id
WHERE a.state = 'live' AND a.media_id = @media_id
  AND acc.status = 'active' AND acc.platform = 'instagram' AND acc.platform_account_id = @ig_user_id
ORDER BY a.created_at, a.id`;

// Meta redelivers: a comment already in the inbox is left as it is. A new one is due at once.
const INSERT_COMMENT_SQL = `INSERT INTO automation_inbox
  (comment_id, ig_user_id, media_id, parent_id, from_id, from_username, text, commented_at, received_at,
   stage, attempts, next_at)
VALUES (@comment_id, @ig_user_id, @media_id, @parent_id, @from_id, @from_username, @text, @commented_at,
  @received_at, 'new', 0, @received_at)
ON CONFLICT (comment_id) DO NOTHING`;

/**
 * The reply workers' claim: leases the due comments without a live lease, oldest due first, and
 * answers them (RETURNING has no order: the caller sorts). `stage <> 'done'` is the partial
 * index's condition written out, so `automation_inbox_due` serves the WHERE and the ORDER BY.
 */
export const CLAIM_COMMENTS_SQL = `UPDATE automation_inbox SET lease_owner = @lease_owner, lease_until = @lease_until
WHERE comment_id IN (
  SELECT comment_id FROM automation_inbox
  WHERE stage <> 'done' AND next_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
  ORDER BY next_at, comment_id
  LIMIT @limit)
RETURNING *`;

/**
 * The lease holder's step. The right-hand sides read the row as it was, so the private reply is
 * stamped when the comment moves to `private_sending`, not again when it stays there; a `done`
 * comment's lease is released.
 */
const ADVANCE_COMMENT_SQL = `UPDATE automation_inbox SET stage = @stage, automation_id = @automation_id,
  outcome = @outcome,
  private_marked_at = CASE WHEN @stage = 'private_sending' AND stage <> 'private_sending'
    THEN @at ELSE private_marked_at END,
  lease_owner = CASE WHEN @stage = 'done' THEN NULL ELSE lease_owner END,
  lease_until = CASE WHEN @stage = 'done' THEN NULL ELSE lease_until END
WHERE comment_id = @comment_id AND lease_owner = @lease_owner`;

/** Adds one to a counter of an automation that still exists (a deleted one's counts are gone). */
const COUNT_SQL = `INSERT INTO automation_counts (automation_id, counter, count)
SELECT @automation_id, @counter, 1 WHERE EXISTS (SELECT 1 FROM automations WHERE id = @automation_id)
ON CONFLICT (automation_id, counter) DO UPDATE SET count = count + 1`;

const DEFER_COMMENT_SQL = `UPDATE automation_inbox
SET attempts = attempts + 1, next_at = ?, lease_owner = NULL, lease_until = NULL
WHERE comment_id = ? AND lease_owner = ?`;

/** Served by `automation_inbox_private_replies`: `>=` implies its NOT NULL condition. */
export const PRIVATE_REPLIES_SINCE_SQL = `SELECT count(*) FROM automation_inbox
WHERE ig_user_id = ? AND private_marked_at >= ?`;

type AdvanceParams = {
  comment_id: string;
  lease_owner: string;
  at: number;
  stage: string;
  automation_id: string | null;
  outcome: string | null;
};

// Plain code-unit order, as SQLite's BINARY collation sorts the comment ids in the claim.
const byDueThenId = (a: InboxRow, b: InboxRow) =>
  a.next_at - b.next_at || (a.comment_id < b.comment_id ? -1 : a.comment_id > b.comment_id ? 1 : 0);

/**
 * The AutomationStore of a SQLite database. Statements are prepared once, here. Writes run in
 * immediate transactions: the write lock is held from the first statement, and SQLite has one
 * writer, so two reply workers never lease the same comment.
 */
export function createSqliteAutomationStore(db: Database.Database, journal: SqliteJournal): AutomationStore {
  const insertAutomation = db.prepare<[AutomationRow]>(INSERT_AUTOMATION_SQL);
  const selectAutomation = db.prepare<[string], AutomationWithCountsRow>(
    `SELECT ${AUTOMATION_WITH_COUNTS} FROM automations AS a WHERE a.id = ?`,
  );
  const selectOwnerAutomations = db.prepare<
    [{ owner_id: string; account_ids: string | null }],
    AutomationWithCountsRow
  >(LIST_AUTOMATIONS_SQL);
  const updateAutomation = db.prepare<[AutomationRow]>(UPDATE_AUTOMATION_SQL);
  const deleteAutomation = db.prepare<[string]>('DELETE FROM automations WHERE id = ?');
  const deleteCounts = db.prepare<[string]>('DELETE FROM automation_counts WHERE automation_id = ?');
  const selectLive = db.prepare<[{ media_id: string; ig_user_id: string }], AutomationWithCountsRow>(
    LIVE_AUTOMATIONS_SQL,
  );
  const selectAccount = db.prepare<[string], AccountRow>('SELECT * FROM connected_accounts WHERE id = ?');
  const insertComment = db.prepare<[NewInboxRow]>(INSERT_COMMENT_SQL);
  const claimDue = db.prepare<[LeaseClaimParams], InboxRow>(CLAIM_COMMENTS_SQL);
  const advanceHeld = db.prepare<[AdvanceParams]>(ADVANCE_COMMENT_SQL);
  const count = db.prepare<[{ automation_id: string; counter: string }]>(COUNT_SQL);
  const defer = db.prepare<[number, string, string]>(DEFER_COMMENT_SQL);
  const countPrivateReplies = db.prepare<[string, number], number>(PRIVATE_REPLIES_SINCE_SQL).pluck();
  const selectComment = db.prepare<[string], InboxRow>('SELECT * FROM automation_inbox WHERE comment_id = ?');

  const create = db.transaction((automation: Automation, events: readonly DomainEvent[]) => {
    insertAutomation.run(automationToRow(automation));
    journal.append(events);
  }).immediate;

  const update = db.transaction((automation: Automation, events: readonly DomainEvent[]): boolean => {
    if (updateAutomation.run(automationToRow(automation)).changes === 0) return false;
    journal.append(events);
    return true;
  }).immediate;

  const remove = db.transaction((id: string, events: readonly DomainEvent[]): boolean => {
    if (deleteAutomation.run(id).changes === 0) return false;
    deleteCounts.run(id);
    journal.append(events);
    return true;
  }).immediate;

  // One read transaction, so each automation comes with its account as of the same moment.
  const live = db.transaction((igUserId: string, mediaId: string): LiveAutomation[] =>
    selectLive.all({ media_id: mediaId, ig_user_id: igUserId }).map((row) => {
      const account = selectAccount.get(row.account_id);
      if (account === undefined) throw new Error(`Account ${row.account_id} vanished while read.`);
      return { automation: rowToAutomation(row), account: rowToAccount(account) };
    }),
  );

  const record = db.transaction((comments: readonly InboxComment[]): number => {
    let added = 0;
    for (const comment of comments) added += insertComment.run(commentToRow(comment)).changes;
    return added;
  }).immediate;

  const claim = db.transaction((params: LeaseClaimParams) =>
    claimDue.all(params).sort(byDueThenId).map(rowToCommentJob),
  ).immediate;

  // A lost lease writes nothing: the counters are added only after the step was.
  const advance = db.transaction((step: CommentAdvance): boolean => {
    const moved = advanceHeld.run({
      comment_id: step.commentId,
      lease_owner: step.leaseOwner,
      at: dateToSql(step.at),
      stage: step.stage,
      automation_id: step.automationId,
      outcome: step.outcome,
    });
    if (moved.changes === 0) return false;
    for (const { automationId, counter } of step.counters)
      count.run({ automation_id: automationId, counter });
    return true;
  }).immediate;

  return {
    async createAutomation(automation, events) {
      create(automation, events);
    },
    async getAutomation(id) {
      const row = selectAutomation.get(id);
      return row === undefined ? null : rowToAutomation(row);
    },
    async listAutomations(ownerId, accountIds) {
      return selectOwnerAutomations
        .all({ owner_id: ownerId, account_ids: accountIds === null ? null : jsonToSql(accountIds) })
        .map(rowToAutomation);
    },
    async updateAutomation(automation, events) {
      return update(automation, events);
    },
    async deleteAutomation(id, events) {
      return remove(id, events);
    },
    async liveAutomations(igUserId, mediaId) {
      return live(igUserId, mediaId);
    },
    async recordComments(comments) {
      return comments.length === 0 ? 0 : record(comments);
    },
    async claimComments(request) {
      const params = leaseClaimParams(request);
      return params === null ? [] : claim(params);
    },
    async advanceComment(step) {
      return advance(step);
    },
    async deferComment(commentId, leaseOwner, until) {
      return defer.run(dateToSql(until), commentId, leaseOwner).changes > 0;
    },
    async privateRepliesSince(igUserId, since) {
      return countPrivateReplies.get(igUserId, dateToSql(since)) ?? 0;
    },
    async getComment(commentId) {
      const row = selectComment.get(commentId);
      return row === undefined ? null : { ...rowToCommentJob(row), outcome: row.outcome };
    },
  };
}
