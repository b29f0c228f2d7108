import { leavesNoOwner, type MemberChangeOutcome, type WorkspaceStore } from '@svc/core';
import {
  APPROVAL_POLICY_COLUMNS,
  type ApprovalPolicyRowOf,
  INVITATION_COLUMNS,
  type InvitationRowOf,
  insertSql,
  listMembershipsSql,
  listMembersSql,
  MEMBER_COLUMNS,
  type MemberRowOf,
  saveApprovalPolicySql,
  type WorkspaceRowOf,
} from '@svc/store-sql';
import type { Pool, PoolClient } from 'pg';
import { PG_ROWS, type PgTypes, POSITIONAL } from './pg-values.js';
import { withTransaction } from './with-transaction.js';

type WorkspaceRow = WorkspaceRowOf<PgTypes>;
type MemberRow = MemberRowOf<PgTypes>;
type InvitationRow = InvitationRowOf<PgTypes>;
type MembershipRow = WorkspaceRow & MemberRow & { member_created_at: Date; member_updated_at: Date };

const {
  workspaceToRow,
  rowToWorkspace,
  memberToRow,
  rowToMember,
  invitationToRow,
  rowToInvitation,
  approvalPolicyToRow,
  rowToApprovalPolicy,
} = PG_ROWS;
type ApprovalPolicyRow = ApprovalPolicyRowOf<PgTypes>;

const SAVE_POLICY_SQL = saveApprovalPolicySql(
  insertSql('approval_policies', APPROVAL_POLICY_COLUMNS, POSITIONAL),
);

const INSERT_MEMBER_SQL = `${insertSql('workspace_members', MEMBER_COLUMNS, POSITIONAL)}
ON CONFLICT (workspace_id, user_id) DO NOTHING`;
const INSERT_INVITATION_SQL = insertSql('workspace_invitations', INVITATION_COLUMNS, POSITIONAL);
const memberParams = (row: MemberRow) => MEMBER_COLUMNS.map((c) => row[c]);

/**
 * A workspace's members read under a lock on the workspace row: membership changes of one
 * workspace run one at a time, so two owners stepping down at once cannot both succeed.
 */
async function lockedMembers(client: PoolClient, workspaceId: string) {
  await client.query('SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE', [workspaceId]);
  return (await client.query<MemberRow>(listMembersSql('$1'), [workspaceId])).rows.map(rowToMember);
}

/** The WorkspaceStore of a PostgreSQL database. */
export function createPostgresWorkspaceStore(pool: Pool): WorkspaceStore {
  const change = (
    workspaceId: string,
    userId: string,
    write: (client: PoolClient, members: ReturnType<typeof rowToMember>[]) => Promise<MemberChangeOutcome>,
  ) =>
    withTransaction(pool, async (client): Promise<MemberChangeOutcome> => {
      const members = await lockedMembers(client, workspaceId);
      return members.some((m) => m.userId === userId) ? write(client, members) : 'member_not_found';
    });
  return {
    async getApprovalPolicy(workspaceId) {
      const row = (
        await pool.query<ApprovalPolicyRow>('SELECT * FROM approval_policies WHERE workspace_id = $1', [
          workspaceId,
        ])
      ).rows[0];
      return row === undefined ? null : rowToApprovalPolicy(row);
    },
    async setApprovalPolicy(workspaceId, policy, at, by) {
      const row = approvalPolicyToRow({ workspaceId, policy, at, by });
      await pool.query(
        SAVE_POLICY_SQL,
        APPROVAL_POLICY_COLUMNS.map((c) => row[c]),
      );
    },
    async insertWorkspace(workspace, owner) {
      const row = workspaceToRow(workspace);
      await withTransaction(pool, async (client) => {
        await client.query(
          'INSERT INTO workspaces (id, name, personal, created_at, updated_at) VALUES ($1, $2, $3, $4, $5)',
          [row.id, row.name, row.personal, row.created_at, row.updated_at],
        );
        await client.query(INSERT_MEMBER_SQL, memberParams(memberToRow(owner)));
      });
    },
    async getWorkspace(id) {
      const row = (await pool.query<WorkspaceRow>('SELECT * FROM workspaces WHERE id = $1', [id])).rows[0];
      return row === undefined ? null : rowToWorkspace(row);
    },
    async listMemberships(userId) {
      const rows = (await pool.query<MembershipRow>(listMembershipsSql('$1'), [userId])).rows;
      return rows.map((row) => ({
        workspace: rowToWorkspace(row),
        member: rowToMember({ ...row, created_at: row.member_created_at, updated_at: row.member_updated_at }),
      }));
    },
    async listMembers(workspaceId) {
      return (await pool.query<MemberRow>(listMembersSql('$1'), [workspaceId])).rows.map(rowToMember);
    },
    async getMember(workspaceId, userId) {
      const row = (
        await pool.query<MemberRow>(
          'SELECT * FROM workspace_members WHERE workspace_id = $1 AND user_id = $2',
          [workspaceId, userId],
        )
      ).rows[0];
      return row === undefined ? null : rowToMember(row);
    },
    async insertMember(member) {
      const result = await pool.query(INSERT_MEMBER_SQL, memberParams(memberToRow(member)));
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
    async insertInvitation(invitation) {
      const row = invitationToRow(invitation);
      await pool.query(
        INSERT_INVITATION_SQL,
        INVITATION_COLUMNS.map((c) => row[c]),
      );
    },
    async getInvitation(id) {
      const row = (await pool.query<InvitationRow>('SELECT * FROM workspace_invitations WHERE id = $1', [id]))
        .rows[0];
      return row === undefined ? null : rowToInvitation(row);
    },
    async listOpenInvitations(workspaceId) {
      const rows = await pool.query<InvitationRow>(
        'SELECT * FROM workspace_invitations WHERE workspace_id = $1 AND accepted_at IS NULL ORDER BY id DESC',
        [workspaceId],
      );
      return rows.rows.map(rowToInvitation);
    },
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
        const inserted = await client.query(INSERT_MEMBER_SQL, memberParams(memberToRow(member)));
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
