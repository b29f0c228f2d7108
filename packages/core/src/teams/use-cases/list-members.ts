import type { ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { SvcError } from '../../kernel/index.js';
import { type MemberView, memberViews } from '../member-view.js';
import type { TeamActor } from '../team-actor.js';
import { whenMemberMay } from './acting-member.js';

/** A workspace's members as shown, owners first (`member:read`: any member may read them). */
export function listMembers(
  deps: Pick<CoreDeps, 'store'>,
  actor: TeamActor,
  workspaceId: string,
): ResultAsync<MemberView[], SvcError> {
  return whenMemberMay(deps, actor, workspaceId, 'member:read', async () =>
    memberViews(deps, await deps.store.workspaces.listMembers(workspaceId)),
  );
}
