import { leavesNoOwner, type Member, type MemberChangeOutcome, type WorkspaceStore } from '@svc/core';
import {
  APPROVAL_POLICY_COLUMNS,
  insertMemberSql,
  insertSql,
  listMembershipsSql,
  listMembersSql,
  MEMBER_COLUMNS,
  saveApprovalPolicySql,
} from '@svc/store-sql';
import type { Pool, PoolClient } from 'pg';
import { idTable } from './id-table.js';
import { insertRow } from './insert-row.js';
import { manyRows } from './many-rows.js';
import { oneRow } from './one-row.js';
import { PG_ROWS, POSITIONAL } from './pg-values.js';
import { withTransaction } from './with-transaction.js';

const { memberToRow, rowToMember } = PG_ROWS;

const INSERT_MEMBER_SQL = insertMemberSql(POSITIONAL);
const memberParams = (member: Member) => {
  const row = memberToRow(member);
  return MEMBER_COLUMNS.map((c) => row[c]);
};
const SAVE_POLICY_SQL = saveApprovalPolicySql(
  insertSql('approval_policies', APPROVAL_POLICY_COLUMNS, POSITIONAL),
);

/**
 * A workspace's members read under a lock on the workspace row: membership changes of one
 * workspace run one at a time, so two owners stepping down at once cannot both succeed.
 */
async function lockedMembers(client: PoolClient, workspaceId: string) {
  await client.query('SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE', [workspaceId]);
  return manyRows(client, rowToMember)(listMembersSql('$1'), [workspaceId]);
}

/** The WorkspaceStore of a PostgreSQL database. */
export function createPostgresWorkspaceStore(pool: Pool): WorkspaceStore {
  const change = (
    workspaceId: string,
    userId: string,
    write: (client: PoolClient, members: Member[]) => Promise<MemberChangeOutcome>,
  ) =>
    withTransaction(pool, async (client): Promise<MemberChangeOutcome> => {
      const members = await lockedMembers(client, workspaceId);
      return members.some((m) => m.userId === userId) ? write(client, members) : 'member_not_found';
    });
  const workspaces = idTable(pool, 'workspaces', PG_ROWS.workspaceToRow, PG_ROWS.rowToWorkspace);
  const invitations = idTable(
    pool,
    'workspace_invitations',
    PG_ROWS.invitationToRow,
    PG_ROWS.rowToInvitation,
  );
  const members = manyRows(pool, rowToMember);
  return {
    getApprovalPolicy: (workspaceId) =>
      oneRow(pool, PG_ROWS.rowToApprovalPolicy)('SELECT * FROM approval_policies WHERE workspace_id = $1', [
        workspaceId,
      ]),
    async setApprovalPolicy(workspaceId, policy, at, by) {
      const row = PG_ROWS.approvalPolicyToRow({ workspaceId, policy, at, by });
      await pool.query(
        SAVE_POLICY_SQL,
        APPROVAL_POLICY_COLUMNS.map((c) => row[c]),
      );
    },
    async insertWorkspace(workspace, owner) {
      await withTransaction(pool, async (client) => {
        await insertRow(client, 'workspaces', PG_ROWS.workspaceToRow(workspace));
        await client.query(INSERT_MEMBER_SQL, memberParams(owner));
      });
    },
    getWorkspace: workspaces.get,
    listMemberships: (userId) => manyRows(pool, PG_ROWS.rowToMembership)(listMembershipsSql('$1'), [userId]),
    listMembers: (workspaceId) => members(listMembersSql('$1'), [workspaceId]),
    getMember: (workspaceId, userId) =>
      oneRow(pool, rowToMember)('SELECT * FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [
        workspaceId,
        userId,
      ]),
    async insertMember(member) {
      const result = await pool.query(INSERT_MEMBER_SQL, memberParams(member));
      return result.rowCount === 1 ? 'inserted' : 'already_member';
    },
    async updateMember(workspaceId, userId, next, at) {
      return change(workspaceId, userId, async (client, members) => {
        if (leavesNoOwner(members, userId, next.role)) return 'last_owner';
        await client.query(
          'UPDATE workspace_members SET role = $1, account_ids = $2, updated_at = $3 WHERE workspace_id = $4 AND user_id = $5',
          [next.role, next.accountIds === null ? null : [...next.accountIds], at, workspaceId, userId],
        );
        return 'changed';
      });
    },
    async removeMember(workspaceId, userId) {
      return change(workspaceId, userId, async (client, members) => {
        if (leavesNoOwner(members, userId, null)) return 'last_owner';
        await client.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [
          workspaceId,
          userId,
        ]);
        return 'changed';
      });
    },
    insertInvitation: invitations.insert,
    getInvitation: invitations.get,
    listOpenInvitations: (workspaceId) =>
      invitations.many(
        'SELECT * FROM workspace_invitations WHERE workspace_id = $1 AND accepted_at IS NULL ORDER BY id DESC',
        [workspaceId],
      ),
    async deleteInvitation(workspaceId, invitationId) {
      const result = await pool.query(
        'DELETE FROM workspace_invitations WHERE workspace_id = $1 AND id = $2 AND accepted_at IS NULL',
        [workspaceId, invitationId],
      );
      return result.rowCount === 1;
    },
    async acceptInvitation(invitationId, member, at) {
      return withTransaction(pool, async (client) => {
        // The invitation's row lock orders concurrent accepts: the second sees it accepted.
        const invitation = (
          await client.query<{ accepted_at: Date | null }>(
            'SELECT accepted_at FROM workspace_invitations WHERE id = $1 FOR UPDATE',
            [invitationId],
          )
        ).rows[0];
        if (invitation === undefined || invitation.accepted_at !== null) return 'invitation_used';
        const inserted = await client.query(INSERT_MEMBER_SQL, memberParams(member));
        if (inserted.rowCount !== 1) return 'already_member';
        await client.query(
          'UPDATE workspace_invitations SET accepted_at = $1, accepted_by = $2 WHERE id = $3',
          [at, member.userId, invitationId],
        );
        return 'accepted';
      });
    },
  };
}
