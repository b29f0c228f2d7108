import { leavesNoOwner, type Member, type WorkspaceStore } from '@svc/core';
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
import type Database from 'better-sqlite3';
import { dateToSql, NAMED, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

type WorkspaceRow = WorkspaceRowOf<SqliteTypes>;
type MemberRow = MemberRowOf<SqliteTypes>;
type InvitationRow = InvitationRowOf<SqliteTypes>;
type MembershipRow = WorkspaceRow & MemberRow & { member_created_at: number; member_updated_at: number };

const {
  workspaceToRow,
  rowToWorkspace,
  memberToRow,
  rowToMember,
  invitationToRow,
  rowToInvitation,
  approvalPolicyToRow,
  rowToApprovalPolicy,
} = SQLITE_ROWS;
type ApprovalPolicyRow = ApprovalPolicyRowOf<SqliteTypes>;

/** The WorkspaceStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteWorkspaceStore(db: Database.Database): WorkspaceStore {
  const insertWorkspaceRow = db.prepare<[WorkspaceRow]>(
    insertSql('workspaces', ['id', 'name', 'personal', 'created_at', 'updated_at'], NAMED),
  );
  // Only an existing membership is an expected clash (the primary key); anything else throws.
  const insertMemberRow = db.prepare<[MemberRow]>(
    `${insertSql('workspace_members', MEMBER_COLUMNS, NAMED)} ON CONFLICT (workspace_id, user_id) DO NOTHING`,
  );
  const selectWorkspace = db.prepare<[string], WorkspaceRow>('SELECT * FROM workspaces WHERE id = ?');
  const selectPolicy = db.prepare<[string], ApprovalPolicyRow>(
    'SELECT * FROM approval_policies WHERE workspace_id = ?',
  );
  const savePolicy = db.prepare<[ApprovalPolicyRow]>(
    saveApprovalPolicySql(insertSql('approval_policies', APPROVAL_POLICY_COLUMNS, NAMED)),
  );
  const selectMemberships = db.prepare<[string], MembershipRow>(listMembershipsSql('?'));
  const selectMembers = db.prepare<[string], MemberRow>(listMembersSql('?'));
  const selectMember = db.prepare<[string, string], MemberRow>(
    'SELECT * FROM workspace_members WHERE workspace_id = ? AND user_id = ?',
  );
  const updateMemberRow = db.prepare<[string, string | null, number, string, string]>(
    'UPDATE workspace_members SET role = ?, account_ids = ?, updated_at = ? WHERE workspace_id = ? AND user_id = ?',
  );
  const deleteMemberRow = db.prepare<[string, string]>(
    'DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?',
  );
  const insertInvitationRow = db.prepare<[InvitationRow]>(
    insertSql('workspace_invitations', INVITATION_COLUMNS, NAMED),
  );
  const selectInvitation = db.prepare<[string], InvitationRow>(
    'SELECT * FROM workspace_invitations WHERE id = ?',
  );
  const deleteOpenInvitation = db.prepare<[string, string]>(
    'DELETE FROM workspace_invitations WHERE workspace_id = ? AND id = ? AND accepted_at IS NULL',
  );
  const selectOpenInvitations = db.prepare<[string], InvitationRow>(
    'SELECT * FROM workspace_invitations WHERE workspace_id = ? AND accepted_at IS NULL ORDER BY id DESC',
  );
  const markAccepted = db.prepare<[number, string, string]>(
    'UPDATE workspace_invitations SET accepted_at = ?, accepted_by = ? WHERE id = ? AND accepted_at IS NULL',
  );

  const insertWorkspace = db.transaction((row: WorkspaceRow, owner: MemberRow) => {
    insertWorkspaceRow.run(row);
    insertMemberRow.run(owner);
  });
  // The owner rule is read and the write made under one write lock (BEGIN IMMEDIATE).
  const members = (workspaceId: string) => selectMembers.all(workspaceId).map(rowToMember);
  const update = db.transaction(
    (workspaceId: string, userId: string, role: Member['role'], accountIds: string | null, at: number) => {
      const all = members(workspaceId);
      if (!all.some((m) => m.userId === userId)) return 'member_not_found' as const;
      if (leavesNoOwner(all, userId, role)) return 'last_owner' as const;
      updateMemberRow.run(role, accountIds, at, workspaceId, userId);
      return 'changed' as const;
    },
  );
  const remove = db.transaction((workspaceId: string, userId: string) => {
    const all = members(workspaceId);
    if (!all.some((m) => m.userId === userId)) return 'member_not_found' as const;
    if (leavesNoOwner(all, userId, null)) return 'last_owner' as const;
    deleteMemberRow.run(workspaceId, userId);
    return 'changed' as const;
  });
  const accept = db.transaction((invitationId: string, member: MemberRow, at: number) => {
    if (selectMember.get(member.workspace_id, member.user_id) !== undefined) {
      const open = selectInvitation.get(invitationId);
      return open === undefined || open.accepted_at !== null
        ? ('invitation_used' as const)
        : ('already_member' as const);
    }
    if (markAccepted.run(at, member.user_id, invitationId).changes !== 1) return 'invitation_used' as const;
    insertMemberRow.run(member);
    return 'accepted' as const;
  });

  return {
    async insertWorkspace(workspace, owner) {
      insertWorkspace(workspaceToRow(workspace), memberToRow(owner));
    },
    async getApprovalPolicy(workspaceId) {
      const row = selectPolicy.get(workspaceId);
      return row === undefined ? null : rowToApprovalPolicy(row);
    },
    async setApprovalPolicy(workspaceId, policy, at, by) {
      savePolicy.run(approvalPolicyToRow({ workspaceId, policy, at, by }));
    },
    async getWorkspace(id) {
      const row = selectWorkspace.get(id);
      return row === undefined ? null : rowToWorkspace(row);
    },
    async listMemberships(userId) {
      return selectMemberships.all(userId).map((row) => ({
        workspace: rowToWorkspace(row),
        member: rowToMember({ ...row, created_at: row.member_created_at, updated_at: row.member_updated_at }),
      }));
    },
    async listMembers(workspaceId) {
      return members(workspaceId);
    },
    async getMember(workspaceId, userId) {
      const row = selectMember.get(workspaceId, userId);
      return row === undefined ? null : rowToMember(row);
    },
    async insertMember(member) {
      return insertMemberRow.run(memberToRow(member)).changes === 1 ? 'inserted' : 'already_member';
    },
    async updateMember(workspaceId, userId, change, at) {
      const accountIds = memberToRow({
        workspaceId,
        userId,
        ...change,
        createdAt: at,
        updatedAt: at,
      }).account_ids;
      return update.immediate(workspaceId, userId, change.role, accountIds, dateToSql(at));
    },
    async removeMember(workspaceId, userId) {
      return remove.immediate(workspaceId, userId);
    },
    async insertInvitation(invitation) {
      insertInvitationRow.run(invitationToRow(invitation));
    },
    async getInvitation(id) {
      const row = selectInvitation.get(id);
      return row === undefined ? null : rowToInvitation(row);
    },
    async listOpenInvitations(workspaceId) {
      return selectOpenInvitations.all(workspaceId).map(rowToInvitation);
    },
    async deleteInvitation(workspaceId, invitationId) {
      return deleteOpenInvitation.run(workspaceId, invitationId).changes === 1;
    },
    async acceptInvitation(invitationId, member, at) {
      return accept.immediate(invitationId, memberToRow(member), dateToSql(at));
    },
  };
}
