import type { Store } from '../../deps/index.js';
import type { Actor } from '../actor.js';
import type { User } from '../user.js';
import { intersectAccountLimits, planHolderOf } from './workspace-plan-holder.js';

/** What a credential allows before its workspace is read: the person, its id, scopes and limit. */
export type CredentialActor = Pick<Actor, 'user' | 'credentialId' | 'scopes' | 'accountIds' | 'oauthScopes'>;

/**
 * The Actor of a credential bound to a workspace (an API key, an agent grant, a console session),
 * read again at every request, never taken on trust (docs/teams.md): in the person's personal
 * workspace, its owner, with nothing more read; in another, the member's role, and the
 * credential's account limit intersected with the member's, with the plan of the workspace's plan
 * holder (`holder` when the caller read it already). Null when the person is no longer a member
 * (or the workspace has no owner left): each surface refuses that as it refuses a revoked
 * credential, so a crash after a membership went leaves no credential acting there.
 */
export async function actorInWorkspace(
  deps: { readonly store: Pick<Store, 'users' | 'workspaces'> },
  credential: CredentialActor,
  workspaceId: string,
  holder: User | null = null,
): Promise<Actor | null> {
  if (workspaceId === credential.user.id) return personalActor(credential);
  const member = await deps.store.workspaces.getMember(workspaceId, credential.user.id);
  if (member === null) return null;
  const planHolder = holder ?? (await planHolderOf(deps, workspaceId));
  if (planHolder === null) return null;
  return {
    ...credential,
    workspaceId,
    member: { workspaceId, role: member.role, accountIds: member.accountIds },
    planHolder,
    accountIds: intersectAccountLimits(credential.accountIds, member.accountIds),
  };
}

/** A console session's Actor, and whether the session had to leave the workspace it was bound to. */
export type SessionActor = { readonly actor: Actor; readonly left: boolean };

/**
 * The Actor of a console session bound to `workspaceId`: as `actorInWorkspace` says while the
 * person is a member there; once they are not, the owner of their personal workspace, with
 * `left` set so the console rebinds the session and says why (docs/console.md). Signed out of
 * that workspace, never of the console: their own workspace is still theirs.
 */
export async function sessionActor(
  deps: { readonly store: Pick<Store, 'users' | 'workspaces'> },
  credential: CredentialActor,
  workspaceId: string,
): Promise<SessionActor> {
  const acting = await actorInWorkspace(deps, credential, workspaceId);
  if (acting !== null) return { actor: acting, left: false };
  return { actor: personalActor(credential), left: true };
}

/** The credential acting in its person's personal workspace, as its owner. */
function personalActor(credential: CredentialActor): Actor {
  const workspaceId = credential.user.id;
  return { ...credential, workspaceId, member: { workspaceId, role: 'owner', accountIds: null } };
}
