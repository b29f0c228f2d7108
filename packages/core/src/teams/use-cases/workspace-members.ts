import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import {
  type Actor,
  actorMember,
  actorWorkspaceId,
  checkAccountLimit,
  findUserByEmail,
  useCase,
} from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Role } from '../../roles/index.js';
import { type MemberView, memberView } from '../member-view.js';
import type { TeamActor } from '../team-actor.js';
import type { Invitation, Workspace } from '../workspace.js';
import { workspaceNotFound } from './acting-member.js';
import { grantableRole, insertNewMember } from './add-member.js';
import { changeMemberRole, removeMember } from './change-member.js';
import { type CreatedInvitation, createInvitation, listOpenInvitations } from './invitations.js';
import { listMembers } from './list-members.js';

// The use cases of the workspace a credential acts in (REST; the console's pages later). Each
// checks the credential's scope and the member's role (`useCase`), then runs the teams use case
// as the person, whose membership is read again from the store: never taken on trust.

/** The workspace an actor acts in, and the actor's role and account limit there. */
export type OwnWorkspace = {
  readonly workspace: Workspace;
  readonly role: Role;
  readonly accountIds: readonly string[] | null;
};

const asPerson = (actor: Actor): TeamActor => ({ kind: 'user', userId: actor.user.id });

/** The credential's workspace and the caller's place in it (`member:read`). */
export function getOwnWorkspace(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): ResultAsync<OwnWorkspace, SvcError> {
  return useCase(actor, 'member:read', async (): Promise<Result<OwnWorkspace, SvcError>> => {
    const id = actorWorkspaceId(actor);
    const workspace = await deps.store.workspaces.getWorkspace(id);
    if (workspace === null) return err(workspaceNotFound(id));
    const member = actorMember(actor);
    return ok({ workspace, role: member.role, accountIds: member.accountIds });
  });
}

/** The members of the credential's workspace, owners first (`member:read`). */
export function listWorkspaceMembers(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): ResultAsync<MemberView[], SvcError> {
  return useCase(actor, 'member:read', async () =>
    listMembers(deps, asPerson(actor), actorWorkspaceId(actor)),
  );
}

/** What adding an existing user takes. */
export type AddWorkspaceMemberInput = {
  readonly email: string;
  readonly role: string;
  readonly accountIds?: readonly string[] | null | undefined;
};

/**
 * Adds an existing user, by email, to the credential's workspace (`member:manage`):
 * `user_not_found` when no user has that address (invite them instead), `already_a_member`,
 * `invalid_profile_ids` for an account limit naming accounts the workspace does not have.
 */
export function addWorkspaceMember(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  input: AddWorkspaceMemberInput,
): ResultAsync<MemberView, SvcError> {
  return useCase(actor, 'member:write', async (): Promise<Result<MemberView, SvcError>> => {
    const role = grantableRole(input.role);
    if (role.isErr()) return err(role.error);
    const workspaceId = actorWorkspaceId(actor);
    const limit = await checkAccountLimit(deps, workspaceId, input.accountIds ?? null);
    if (limit.isErr()) return err(limit.error);
    const user = await findUserByEmail(deps, input.email);
    if (user.isErr()) return err(user.error);
    const now = deps.clock.now();
    const member = await insertNewMember(
      deps,
      {
        workspaceId,
        userId: user.value.id,
        role: role.value,
        accountIds: limit.value,
        createdAt: now,
        updatedAt: now,
      },
      user.value.email,
    );
    return member.isErr() ? err(member.error) : ok(await memberView(deps, member.value));
  });
}

/** A change of a member: the fields sent, the others kept. */
export type WorkspaceMemberChange = {
  readonly role?: string | undefined;
  readonly accountIds?: readonly string[] | null | undefined;
};

/** Changes a member's role or account limit (`member:manage`; ownership needs `workspace:admin`). */
export function changeWorkspaceMember(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  userId: string,
  change: WorkspaceMemberChange,
): ResultAsync<MemberView, SvcError> {
  return useCase(actor, 'member:write', async (): Promise<Result<MemberView, SvcError>> => {
    const workspaceId = actorWorkspaceId(actor);
    const current = await deps.store.workspaces.getMember(workspaceId, userId);
    if (current === null) {
      return err(svcError('member_not_found', `No member ${userId} in this workspace.`, { userId }));
    }
    const changed = await changeMemberRole(deps, asPerson(actor), {
      workspaceId,
      userId,
      role: change.role ?? current.role,
      accountIds: change.accountIds === undefined ? current.accountIds : change.accountIds,
    });
    return changed.isErr() ? err(changed.error) : ok(await memberView(deps, changed.value));
  });
}

/** Removes a member (their keys there are revoked); anyone may leave themself. */
export function removeWorkspaceMember(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  userId: string,
): ResultAsync<MemberView, SvcError> {
  const leaving = userId === actor.user.id;
  return useCase(actor, leaving ? 'member:read' : 'member:write', async () => {
    const removed = await removeMember(deps, asPerson(actor), {
      workspaceId: actorWorkspaceId(actor),
      userId,
    });
    return removed.isErr() ? err(removed.error) : ok(await memberView(deps, removed.value));
  });
}

/** Invites a person to the credential's workspace (`member:manage`); the token is in this answer only. */
export function inviteToWorkspace(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'keyHasher'>,
  actor: Actor,
  input: AddWorkspaceMemberInput,
): ResultAsync<CreatedInvitation, SvcError> {
  return useCase(actor, 'member:write', async () =>
    createInvitation(deps, asPerson(actor), {
      workspaceId: actorWorkspaceId(actor),
      email: input.email,
      role: input.role,
      accountIds: input.accountIds ?? null,
    }),
  );
}

/** The open invitations of the credential's workspace, newest first (`member:read`). */
export function listWorkspaceInvitations(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): ResultAsync<Invitation[], SvcError> {
  return useCase(actor, 'member:read', async () =>
    listOpenInvitations(deps, asPerson(actor), actorWorkspaceId(actor)),
  );
}

/** Withdraws an open invitation (`member:manage`): its token stops working; `invitation_not_found` otherwise. */
export function revokeInvitation(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  invitationId: string,
): ResultAsync<{ readonly id: string }, SvcError> {
  return useCase(
    actor,
    'member:write',
    async (): Promise<Result<{ readonly id: string }, SvcError>> =>
      (await deps.store.workspaces.deleteInvitation(actorWorkspaceId(actor), invitationId))
        ? ok({ id: invitationId })
        : err(
            svcError('invitation_not_found', `No open invitation ${invitationId} in this workspace.`, {
              invitationId,
            }),
          ),
  );
}
