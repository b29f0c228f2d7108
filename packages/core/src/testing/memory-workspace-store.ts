import type { User } from '../identity/index.js';
import type { MemberRights } from '../roles/index.js';
import {
  type ApprovalPolicy,
  type Invitation,
  leavesNoOwner,
  type Member,
  type Workspace,
  type WorkspaceStore,
} from '../teams/index.js';
import { copy, copyOrNull, insertCopy } from './memory-copy.js';
import { memoryTable } from './memory-table.js';

/** The memory WorkspaceStore, and the personal workspace the user store writes with each user. */
export type MemoryWorkspaceStore = WorkspaceStore & {
  /** Writes a new user's personal workspace and owner membership (inside the user's insert). */
  /** Writes a new user's personal workspace and, with `joining`, their membership of another. */
  addPersonal(user: User, joining?: MemberRights): void;
};

const ROLE_ORDER = ['owner', 'admin', 'editor', 'contributor', 'viewer'];
const key = (workspaceId: string, userId: string) => `${workspaceId}\u0000${userId}`;
// Owners first, then by when they joined (user id breaks ties, as the SQL stores order).
const memberOrder = (a: Member, b: Member) =>
  ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/** The WorkspaceStore of the memory store; `live` throws once the store is closed. */
export function createMemoryWorkspaceStore(live: () => void): MemoryWorkspaceStore {
  const workspaceTable = memoryTable<Workspace>(live, 'Workspace');
  const invitationTable = memoryTable<Invitation>(live, 'Invitation');
  const [workspaces, invitations] = [workspaceTable.rows, invitationTable.rows];
  const members = new Map<string, Member>();
  const policies = new Map<string, ApprovalPolicy>();
  const membersOf = (workspaceId: string) =>
    [...members.values()].filter((m) => m.workspaceId === workspaceId);
  const insertWorkspace = (workspace: Workspace, owner: Member) => {
    insertCopy(workspaces, 'Workspace', workspace);
    members.set(key(owner.workspaceId, owner.userId), copy(owner));
  };
  return {
    async getApprovalPolicy(workspaceId) {
      live();
      return copyOrNull(policies.get(workspaceId));
    },
    async setApprovalPolicy(workspaceId, policy) {
      live();
      policies.set(workspaceId, copy(policy));
    },
    addPersonal(user, joining) {
      insertWorkspace(
        {
          id: user.id,
          name: user.email,
          personal: true,
          createdAt: user.createdAt,
          updatedAt: user.createdAt,
        },
        {
          workspaceId: user.id,
          userId: user.id,
          role: 'owner',
          accountIds: null,
          createdAt: user.createdAt,
          updatedAt: user.createdAt,
        },
      );
      if (joining !== undefined) {
        const at = user.createdAt;
        members.set(key(joining.workspaceId, user.id), {
          ...joining,
          userId: user.id,
          createdAt: at,
          updatedAt: at,
        });
      }
    },
    async insertWorkspace(workspace, owner) {
      live();
      insertWorkspace(workspace, owner);
    },
    getWorkspace: workspaceTable.get,
    async listMemberships(userId) {
      live();
      return [...members.values()]
        .filter((m) => m.userId === userId)
        .flatMap((member) => {
          const workspace = workspaces.get(member.workspaceId);
          return workspace === undefined ? [] : [copy({ workspace, member })];
        })
        .sort(
          (a, b) =>
            Number(b.workspace.id === userId) - Number(a.workspace.id === userId) ||
            a.member.createdAt.getTime() - b.member.createdAt.getTime() ||
            (a.workspace.id < b.workspace.id ? -1 : 1),
        );
    },
    async listMembers(workspaceId) {
      live();
      return membersOf(workspaceId).sort(memberOrder).map(copy);
    },
    async getMember(workspaceId, userId) {
      live();
      return copyOrNull(members.get(key(workspaceId, userId)));
    },
    async insertMember(member) {
      live();
      if (members.has(key(member.workspaceId, member.userId))) return 'already_member';
      members.set(key(member.workspaceId, member.userId), copy(member));
      return 'inserted';
    },
    async updateMember(workspaceId, userId, change, at) {
      live();
      const member = members.get(key(workspaceId, userId));
      if (member === undefined) return 'member_not_found';
      if (leavesNoOwner(membersOf(workspaceId), userId, change.role)) return 'last_owner';
      members.set(key(workspaceId, userId), copy({ ...member, ...change, updatedAt: at }));
      return 'changed';
    },
    async removeMember(workspaceId, userId) {
      live();
      if (!members.has(key(workspaceId, userId))) return 'member_not_found';
      if (leavesNoOwner(membersOf(workspaceId), userId, null)) return 'last_owner';
      members.delete(key(workspaceId, userId));
      return 'changed';
    },
    insertInvitation: invitationTable.insert,
    getInvitation: invitationTable.get,
    async listOpenInvitations(workspaceId) {
      live();
      return [...invitations.values()]
        .filter((i) => i.workspaceId === workspaceId && i.acceptedAt === null)
        .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .map(copy);
    },
    async deleteInvitation(workspaceId, invitationId) {
      live();
      const invitation = invitations.get(invitationId);
      if (invitation?.workspaceId !== workspaceId || invitation.acceptedAt !== null) return false;
      return invitations.delete(invitationId);
    },
    async acceptInvitation(invitationId, member, at) {
      live();
      const invitation = invitations.get(invitationId);
      if (invitation === undefined || invitation.acceptedAt !== null) return 'invitation_used';
      if (members.has(key(member.workspaceId, member.userId))) return 'already_member';
      invitations.set(invitationId, { ...invitation, acceptedAt: at, acceptedBy: member.userId });
      members.set(key(member.workspaceId, member.userId), copy(member));
      return 'accepted';
    },
  };
}
