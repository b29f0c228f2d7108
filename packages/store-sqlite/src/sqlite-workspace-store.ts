import { leavesNoOwner, type Member, type Workspace, type WorkspaceStore } from '@svc/core';
import {
  APPROVAL_POLICY_COLUMNS,
  type ApprovalPolicyRowOf,
  insertMemberSql,
  insertSql,
  listMembershipsSql,
  listMembersSql,
  type MemberRowOf,
  type MembershipRowOf,
  saveApprovalPolicySql,
} from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { idTable } from './id-table.js';
import { rowInserter } from './row-inserter.js';
import { dateToSql, NAMED, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

type MemberRow = MemberRowOf<SqliteTypes>;

const { memberToRow, rowToMember } = SQLITE_ROWS;

/** The WorkspaceStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteWorkspaceStore(db: Database.Database): WorkspaceStore {
  const workspaces = idTable(db, 'workspaces', SQLITE_ROWS.workspaceToRow, SQLITE_ROWS.rowToWorkspace);
  const insertWorkspaceRow = rowInserter(db, 'workspaces');
  const insertMemberRow = db.prepare<[MemberRow]>(insertMemberSql(NAMED));
  const selectMemberships = db.prepare<[string], MembershipRowOf<SqliteTypes>>(listMembershipsSql('?'));
  const selectPolicy = db.prepare<[string], ApprovalPolicyRowOf<SqliteTypes>>(
    'SELECT * FROM approval_policies WHERE workspace_id = ?',
  );
  const savePolicy = db.prepare<[ApprovalPolicyRowOf<SqliteTypes>]>(
    saveApprovalPolicySql(insertSql('approval_policies', APPROVAL_POLICY_COLUMNS, NAMED)),
  );
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
  const invitations = idTable(
    db,
    'workspace_invitations',
    SQLITE_ROWS.invitationToRow,
    SQLITE_ROWS.rowToInvitation,
  );
  const selectAccepted = db.prepare<[string], { accepted_at: number | null }>(
    'SELECT accepted_at FROM workspace_invitations WHERE id = ?',
  );
  const deleteOpenInvitation = db.prepare<[string, string]>(
    'DELETE FROM workspace_invitations WHERE workspace_id = ? AND id = ? AND accepted_at IS NULL',
  );
  const openInvitations = invitations.list<[string]>(
    'SELECT * FROM workspace_invitations WHERE workspace_id = ? AND accepted_at IS NULL ORDER BY id DESC',
  );
  const markAccepted = db.prepare<[number, string, string]>(
    'UPDATE workspace_invitations SET accepted_at = ?, accepted_by = ? WHERE id = ? AND accepted_at IS NULL',
  );

  const insertWorkspace = db.transaction((workspace: Workspace, owner: Member) => {
    insertWorkspaceRow(SQLITE_ROWS.workspaceToRow(workspace));
    insertMemberRow.run(memberToRow(owner));
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
      const open = selectAccepted.get(invitationId);
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
      insertWorkspace(workspace, owner);
    },
    async getApprovalPolicy(workspaceId) {
      const row = selectPolicy.get(workspaceId);
      return row === undefined ? null : SQLITE_ROWS.rowToApprovalPolicy(row);
    },
    async setApprovalPolicy(workspaceId, policy, at, by) {
      savePolicy.run(SQLITE_ROWS.approvalPolicyToRow({ workspaceId, policy, at, by }));
    },
    getWorkspace: workspaces.get,
    async listMemberships(userId) {
      return selectMemberships.all(userId).map(SQLITE_ROWS.rowToMembership);
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
    insertInvitation: invitations.insert,
    getInvitation: invitations.get,
    async listOpenInvitations(workspaceId) {
      return openInvitations(workspaceId);
    },
    async deleteInvitation(workspaceId, invitationId) {
      return deleteOpenInvitation.run(workspaceId, invitationId).changes === 1;
    },
    async acceptInvitation(invitationId, member, at) {
      return accept.immediate(invitationId, memberToRow(member), dateToSql(at));
    },
  };
}
