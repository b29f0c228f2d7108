// @svc/core/teams — Workspaces, their members and roles, invitations, and the one rule `memberCan`.
// The pure rules (roles, actions, the matrix, `memberCan`) live in the roles area and are
// re-exported here, so `@svc/core/teams` stays the one place a surface reads teams from.
// This file is the area's contract: other areas and packages import only what it exports.

export {
  GRANTABLE_ROLES,
  type MemberRights,
  memberCan,
  ROLE_MATRIX,
  ROLES,
  type Role,
  type RoleMatrixRow,
  requireCan,
  roleMatrixMarkdown,
  roleSchema,
  TEAM_ACTIONS,
  type TeamAction,
  type TeamResource,
} from '../roles/index.js';

export {
  APPROVAL_REQUIRED_FOR,
  type ApprovalPolicy,
  type ApprovalRequiredFor,
  approvalPolicySchema,
  DEFAULT_APPROVAL_POLICY,
  MAX_REVIEW_STEPS,
  type ReviewerRule,
  reviewerRuleSchema,
} from './approval-policy.js';

export { formatInvitationToken, INVITATION_LIFETIME_MS, parseInvitationToken } from './invitation-token.js';
export { leavesNoOwner } from './last-owner.js';
export { ruleNames, type StepDecider, type StepRefusal, stepRefusal } from './may-decide-step.js';
export {
  type MemberView,
  memberAccountIdsSchema,
  memberView,
  memberViewSchema,
  memberViews,
} from './member-view.js';
export { type ApprovalRequester, mustAskForApproval } from './must-ask-for-approval.js';
export type {
  AcceptInvitationOutcome,
  MemberChangeOutcome,
  WorkspaceStore,
} from './ports/workspace-store.js';
export {
  type ProviderIdentity,
  providerIdentityRefusal,
  providerUsedSecondFactor,
  type SingleSignOnRefusal,
  type SingleSignOnRules,
} from './single-sign-on-rules.js';
export { OPERATOR, type TeamActor } from './team-actor.js';
export { actingMember, workspaceNotFound } from './use-cases/acting-member.js';
export { type AddedMember, type AddMemberInput, addMember, grantableRole } from './use-cases/add-member.js';
export {
  type ApprovalPolicyView,
  approvalPolicyOf,
  getApprovalPolicy,
  setApprovalPolicy,
} from './use-cases/approval-policy.js';
export { approvalRequester, approvalRequiredRefusal } from './use-cases/approval-required.js';
export { type ChangeMemberInput, changeMemberRole, removeMember } from './use-cases/change-member.js';
export { chooseWorkspace } from './use-cases/choose-workspace.js';
export { createWorkspace, createWorkspaceByEmail, WORKSPACE_NAME_MAX } from './use-cases/create-workspace.js';
export {
  acceptInvitation,
  type CreatedInvitation,
  type CreateInvitationInput,
  createInvitation,
  listOpenInvitations,
} from './use-cases/invitations.js';
export {
  acceptInvitationAsNewPerson,
  type InvitationPreview,
  type JoinedAsNewPerson,
  type NewPersonDeps,
  openInvitation,
} from './use-cases/invitee-invitations.js';
export { listMembers } from './use-cases/list-members.js';
export { listWorkspaces, listWorkspacesByEmail } from './use-cases/list-workspaces.js';
export { type ProviderSignIn, signInWithProvider } from './use-cases/sign-in-with-provider.js';
export {
  type AddWorkspaceMemberInput,
  addWorkspaceMember,
  changeWorkspaceMember,
  getOwnWorkspace,
  inviteToWorkspace,
  listWorkspaceInvitations,
  listWorkspaceMembers,
  type OwnWorkspace,
  removeWorkspaceMember,
  revokeInvitation,
  type WorkspaceMemberChange,
} from './use-cases/workspace-members.js';
export type { Invitation, Member, Membership, Workspace } from './workspace.js';
