// @svc/core/teams — Workspaces, their members and roles, invitations, and the one rule `memberCan`.
// This file is the area's contract: other areas and packages import only what it exports.
export { type MemberRights, memberCan, requireCan, type TeamResource } from './can.js';
export { formatInvitationToken, INVITATION_LIFETIME_MS, parseInvitationToken } from './invitation-token.js';
export { leavesNoOwner } from './last-owner.js';
export type {
  AcceptInvitationOutcome,
  MemberChangeOutcome,
  WorkspaceStore,
} from './ports/workspace-store.js';
export { ROLE_MATRIX, type RoleMatrixRow } from './role-matrix.js';
export { roleMatrixMarkdown } from './role-matrix-markdown.js';
export { GRANTABLE_ROLES, ROLES, type Role, roleSchema } from './roles.js';
export { TEAM_ACTIONS, type TeamAction } from './team-actions.js';
export { OPERATOR, type TeamActor } from './team-actor.js';
export { actingMember, checkAccountLimit, workspaceNotFound } from './use-cases/acting-member.js';
export { type AddedMember, type AddMemberInput, addMember, grantableRole } from './use-cases/add-member.js';
export { type ChangeMemberInput, changeMemberRole, removeMember } from './use-cases/change-member.js';
export { createWorkspace, WORKSPACE_NAME_MAX } from './use-cases/create-workspace.js';
export {
  acceptInvitation,
  type CreatedInvitation,
  type CreateInvitationInput,
  createInvitation,
  listOpenInvitations,
} from './use-cases/invitations.js';
export { listMembers } from './use-cases/list-members.js';
export { listWorkspaces, listWorkspacesByEmail } from './use-cases/list-workspaces.js';
export type { Invitation, Member, Membership, Workspace } from './workspace.js';
