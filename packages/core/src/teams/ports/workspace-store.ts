import type { Role } from '../../roles/index.js';
import type { ApprovalPolicy } from '../approval-policy.js';
import type { Invitation, Member, Membership, Workspace } from '../workspace.js';

/** How a membership change came out. */
export type MemberChangeOutcome = 'changed' | 'member_not_found' | 'last_owner';

/** How accepting an invitation came out. */
export type AcceptInvitationOutcome = 'accepted' | 'invitation_used' | 'already_member';

/**
 * Storage of workspaces, their members and invitations. A user's personal workspace and owner
 * membership are written by `UserStore.insertUser`, in the user's own transaction. Each method
 * is atomic; the rule that a workspace keeps an owner is checked under the same lock as the write.
 */
export type WorkspaceStore = {
  /** Inserts a workspace with its first member (its owner), together. A duplicate id throws. */
  insertWorkspace(workspace: Workspace, owner: Member): Promise<void>;
  /** A workspace by id; null when absent. */
  getWorkspace(id: string): Promise<Workspace | null>;
  /** The workspaces a user belongs to with their membership: their own personal one first, then by when they joined (then id). */
  listMemberships(userId: string): Promise<Membership[]>;
  /** A workspace's members, owners first, then by when they joined. */
  listMembers(workspaceId: string): Promise<Member[]>;
  /** One membership; null when the user is not a member. */
  getMember(workspaceId: string, userId: string): Promise<Member | null>;
  /** Adds a member; `already_member` (nothing changed) when the user is one already. */
  insertMember(member: Member): Promise<'inserted' | 'already_member'>;
  /**
   * Changes a member's role and account limit and sets `updatedAt`; `last_owner` (nothing
   * changed) when that would leave the workspace without an owner.
   */
  updateMember(
    workspaceId: string,
    userId: string,
    change: { readonly role: Role; readonly accountIds: readonly string[] | null },
    at: Date,
  ): Promise<MemberChangeOutcome>;
  /** Removes a member; `last_owner` (nothing changed) when they are its only owner. */
  removeMember(workspaceId: string, userId: string): Promise<MemberChangeOutcome>;
  /** Stores a new invitation. A duplicate id throws. */
  insertInvitation(invitation: Invitation): Promise<void>;
  /** An invitation by id; null when absent. */
  getInvitation(id: string): Promise<Invitation | null>;
  /** A workspace's invitations not accepted yet, newest first (expired ones included). */
  listOpenInvitations(workspaceId: string): Promise<Invitation[]>;
  /** Deletes an invitation of the workspace not accepted yet; false when there is none. */
  deleteInvitation(workspaceId: string, invitationId: string): Promise<boolean>;
  /**
   * Marks the invitation accepted by `member.userId` at `at` and adds the member, together;
   * `invitation_used` when it was accepted before (also by a concurrent call), `already_member`
   * when the user is a member already (the invitation stays open).
   */
  acceptInvitation(invitationId: string, member: Member, at: Date): Promise<AcceptInvitationOutcome>;
  /** The workspace's saved approval policy; null when it saved none (the default applies). */
  getApprovalPolicy(workspaceId: string): Promise<ApprovalPolicy | null>;
  /** Saves the workspace's approval policy, replacing any before it; `by` is the member who set it. */
  setApprovalPolicy(workspaceId: string, policy: ApprovalPolicy, at: Date, by: string): Promise<void>;
};
