import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { User } from '../user.js';

/**
 * Where a new API key acts and as whom: its workspace (`ownerId`), the member who made it
 * (`createdBy`, null for a personal-workspace key of its own user, as every key before
 * workspaces) and that member's account limit, which the key may narrow but never widen.
 */
export type KeyHolder = {
  readonly ownerId: string;
  readonly createdBy: string | null;
  readonly memberAccountIds: readonly string[] | null;
};

/**
 * The holder of a key `user` makes in `workspaceId` (their personal workspace when absent).
 * The operator may make a key for any member, whatever their role (docs/teams.md, "Keys for a
 * team workspace"): the key carries the member's role, so it can do no more than they can.
 * `workspace_not_found` when there is no such workspace, `member_not_found` when the user is
 * not one of its members.
 */
export async function keyHolder(
  deps: Pick<CoreDeps, 'store'>,
  user: User,
  workspaceId: string | undefined,
): Promise<Result<KeyHolder, SvcError>> {
  if (workspaceId === undefined || workspaceId === user.id) {
    return ok({ ownerId: user.id, createdBy: null, memberAccountIds: null });
  }
  const [workspace, member] = await Promise.all([
    deps.store.workspaces.getWorkspace(workspaceId),
    deps.store.workspaces.getMember(workspaceId, user.id),
  ]);
  if (workspace === null) {
    return err(svcError('workspace_not_found', `No workspace ${workspaceId}.`, { workspaceId }));
  }
  if (member === null) {
    return err(
      svcError('member_not_found', `${user.email} is not a member of the workspace ${workspaceId}.`, {
        workspaceId,
      }),
    );
  }
  return ok({ ownerId: workspaceId, createdBy: user.id, memberAccountIds: member.accountIds });
}
