import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { type MemberRights, requireCan, type TeamAction } from '../../roles/index.js';
import type { TeamActor } from '../team-actor.js';

/** `workspace_not_found`: absent, or the actor is not a member (the two look the same on purpose). */
export const workspaceNotFound = (workspaceId: string): SvcError =>
  svcError('workspace_not_found', `No workspace ${workspaceId} among yours.`, { workspaceId });

/**
 * The rights `actor` has in the workspace, once they may do `action` there: the operator as an
 * owner of any existing workspace, a user as their membership says. `workspace_not_found` when
 * the workspace is absent or the user no member, `role_not_allowed` when their role may not.
 */
export async function actingMember(
  deps: Pick<CoreDeps, 'store'>,
  actor: TeamActor,
  workspaceId: string,
  action: TeamAction,
): Promise<Result<MemberRights, SvcError>> {
  if (actor.kind === 'operator') {
    const workspace = await deps.store.workspaces.getWorkspace(workspaceId);
    return workspace === null
      ? err(workspaceNotFound(workspaceId))
      : ok({ workspaceId, role: 'owner', accountIds: null });
  }
  const member = await deps.store.workspaces.getMember(workspaceId, actor.userId);
  if (member === null) return err(workspaceNotFound(workspaceId));
  return requireCan(member, action, { workspaceId });
}

/** What `read` answers, once the actor may do `action` in the workspace (`actingMember`'s refusals otherwise). */
export function whenMemberMay<T>(
  deps: Pick<CoreDeps, 'store'>,
  actor: TeamActor,
  workspaceId: string,
  action: TeamAction,
  read: () => Promise<T>,
): ResultAsync<T, SvcError> {
  return new ResultAsync(actingMember(deps, actor, workspaceId, action)).map(() => read());
}
