import type { AutomationStore } from '@svc/core';
import type { Pool } from 'pg';
import { type AccountRow, rowToAccount } from './account-row.js';
import {
  AUTOMATION_COLUMNS,
  type AutomationRow,
  automationParams,
  commentParams,
  type InboxRow,
  rowToAutomation,
  rowToCommentJob,
} from './automation-row.js';
import { jsonParam, leaseClaimParams, numberFromBigint } from './pg-values.js';
import {
  ADVANCE_COMMENT_SQL,
  CLAIM_COMMENTS_SQL,
  DEFER_COMMENT_SQL,
  DELETE_AUTOMATION_SQL,
  DELETE_COUNTS_SQL,
  GET_AUTOMATION_SQL,
  GET_COMMENT_SQL,
  INSERT_AUTOMATION_SQL,
  LIST_AUTOMATIONS_SQL,
  LIVE_AUTOMATIONS_SQL,
  PRIVATE_REPLIES_SINCE_SQL,
  RECORD_COMMENTS_SQL,
  UPDATE_AUTOMATION_SQL,
} from './postgres-automation-queries.js';
import { appendEvents, eventParams, withEvents } from './postgres-journal.js';
import { withTransaction } from './with-transaction.js';

/** The parameters after which `withEvents` binds the events of INSERT_AUTOMATION_SQL. */
const INSERT_PARAMS = AUTOMATION_COLUMNS.length;
/** The same for UPDATE_AUTOMATION_SQL. */
const UPDATE_PARAMS = 7;

/**
 * The AutomationStore of a PostgreSQL database. Any number of reply workers may share it: they
 * claim comments with SKIP LOCKED, and each step is one statement with its counters.
 */
export function createPostgresAutomationStore(pool: Pool): AutomationStore {
  return {
    async createAutomation(automation, events) {
      const sql =
        events.length === 0 ? INSERT_AUTOMATION_SQL : withEvents(INSERT_AUTOMATION_SQL, INSERT_PARAMS + 1);
      await pool.query(sql, [
        ...automationParams(automation),
        ...(events.length === 0 ? [] : eventParams(events)),
      ]);
    },

    async getAutomation(id) {
      const row = (await pool.query<AutomationRow>(GET_AUTOMATION_SQL, [id])).rows[0];
      return row === undefined ? null : rowToAutomation(row);
    },

    async listAutomations(ownerId, accountIds) {
      const listed = await pool.query<AutomationRow>(LIST_AUTOMATIONS_SQL, [ownerId, accountIds]);
      return listed.rows.map(rowToAutomation);
    },

    async updateAutomation(automation, events) {
      const sql =
        events.length === 0 ? UPDATE_AUTOMATION_SQL : withEvents(UPDATE_AUTOMATION_SQL, UPDATE_PARAMS + 1);
      const updated = await pool.query(sql, [
        automation.id,
        jsonParam(automation.template),
        automation.state,
        automation.postId,
        automation.mediaId,
        automation.updatedAt,
        automation.liveSince,
        ...(events.length === 0 ? [] : eventParams(events)),
      ]);
      return updated.rowCount === 1;
    },

    deleteAutomation(id, events) {
      // Two statements, not one: see DELETE_AUTOMATION_SQL.
      return withTransaction(pool, async (client) => {
        const deleted = await client.query(DELETE_AUTOMATION_SQL, [id]);
        if (deleted.rowCount !== 1) return false;
        await client.query(DELETE_COUNTS_SQL, [id]);
        await appendEvents(client, events);
        return true;
      });
    },

    async liveAutomations(igUserId, mediaId) {
      const live = await pool.query<AutomationRow & { account: AccountRow }>(LIVE_AUTOMATIONS_SQL, [
        igUserId,
        mediaId,
      ]);
      return live.rows.map((row) => ({
        automation: rowToAutomation(row),
        account: rowToAccount(row.account),
      }));
    },

    async recordComments(comments) {
      if (comments.length === 0) return 0;
      const recorded = await pool.query(RECORD_COMMENTS_SQL, commentParams(comments));
      return recorded.rowCount ?? 0;
    },

    async claimComments(request) {
      const claimed = await pool.query<InboxRow>(CLAIM_COMMENTS_SQL, leaseClaimParams(request));
      return claimed.rows.map(rowToCommentJob);
    },

    async advanceComment(step) {
      const advanced = await pool.query(ADVANCE_COMMENT_SQL, [
        step.commentId,
        step.leaseOwner,
        step.stage,
        step.automationId,
        step.outcome,
        step.at,
        step.counters.map((c) => c.automationId),
        step.counters.map((c) => c.counter),
      ]);
      return advanced.rowCount === 1;
    },

    async deferComment(commentId, leaseOwner, until) {
      const deferred = await pool.query(DEFER_COMMENT_SQL, [commentId, leaseOwner, until]);
      return deferred.rowCount === 1;
    },

    async privateRepliesSince(igUserId, since) {
      const counted = await pool.query<{ n: string }>(PRIVATE_REPLIES_SINCE_SQL, [igUserId, since]);
      return numberFromBigint(counted.rows[0]?.n ?? 0);
    },

    async getComment(commentId) {
      const row = (await pool.query<InboxRow>(GET_COMMENT_SQL, [commentId])).rows[0];
      return row === undefined ? null : { ...rowToCommentJob(row), outcome: row.outcome };
    },
  };
}
