import { err, ok, type Result } from 'neverthrow';
import { type SvcError, svcError } from '../kernel/index.js';
import { ROLE_MATRIX } from './role-matrix.js';
import type { Role } from './roles.js';
import type { TeamAction } from './team-actions.js';

/** What an action is aimed at, as far as the rules look at it. */
export type TeamResource = {
  /** The workspace that owns it; a member of another workspace may do nothing with it. */
  readonly workspaceId?: string;
  /** The connected account it belongs to, if any; an account-limited member may touch only theirs. */
  readonly accountId?: string | null;
};

/** The part of a workspace member the rules read: where, in what role, limited to which accounts. */
export type MemberRights = {
  readonly workspaceId: string;
  readonly role: Role;
  /** Connected-account ids the member is limited to; null means every account of the workspace. */
  readonly accountIds: readonly string[] | null;
};

/**
 * THE rule of teams (named so beside the post state machine's `can`): whether `member` may do `action` on `resource`. The role decides through
 * `ROLE_MATRIX` alone; a resource of another workspace, or of an account outside the member's
 * account limit, is refused whatever the role.
 */
export function memberCan(member: MemberRights, action: TeamAction, resource: TeamResource = {}): boolean {
  if (resource.workspaceId !== undefined && resource.workspaceId !== member.workspaceId) return false;
  const accountId = resource.accountId;
  if (accountId != null && member.accountIds !== null && !member.accountIds.includes(accountId)) return false;
  return ROLE_MATRIX[action].roles.includes(member.role);
}

/** `memberCan` as a Result: the member, or `role_not_allowed` naming the action and the role. */
export function requireCan(
  member: MemberRights,
  action: TeamAction,
  resource: TeamResource = {},
): Result<MemberRights, SvcError> {
  return memberCan(member, action, resource)
    ? ok(member)
    : err(
        svcError(
          'role_not_allowed',
          `A member with the role ${member.role} may not ${ROLE_MATRIX[action].covers} here (${action}).`,
          {
            action,
            role: member.role,
            ...(resource.accountId == null ? {} : { accountId: resource.accountId }),
          },
        ),
      );
}
