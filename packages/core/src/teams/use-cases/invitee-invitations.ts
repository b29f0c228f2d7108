import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { createUser, type PasswordHasher, passwordProblem, type User } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Invitation, Member } from '../workspace.js';
import { joinByInvitation, notFound, usableInvitation } from './invitations.js';

// The invitee's side of an invitation, before they are a member: reading what it invites to, and
// joining as a person without an account (docs/teams.md, "Invitations").

/** What the invitee sees before accepting: the invitation, its workspace, who invited, and whether they have an account. */
export type InvitationPreview = {
  readonly invitation: Invitation;
  readonly workspaceName: string;
  /** The inviter's address; null when the operator invited or the inviter is gone. */
  readonly inviterEmail: string | null;
  /** Whether a user has the invited address (they sign in), or not (they choose a password). */
  readonly hasAccount: boolean;
};

/**
 * Reads an invitation by its token for the person holding it, before they accept: refused as
 * `invitation_not_found`, `invitation_used` or `invitation_expired` like accepting would be. The
 * token is the credential here: whoever holds it may learn what it invites to.
 */
export function openInvitation(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'keyHasher'>,
  token: string,
): ResultAsync<InvitationPreview, SvcError> {
  return usableInvitation(deps, token).andThen((invitation) => new ResultAsync(previewOf(deps, invitation)));
}

async function previewOf(
  deps: Pick<CoreDeps, 'store'>,
  invitation: Invitation,
): Promise<Result<InvitationPreview, SvcError>> {
  const [workspace, inviter, invitee] = await Promise.all([
    deps.store.workspaces.getWorkspace(invitation.workspaceId),
    deps.store.users.getUser(invitation.invitedBy),
    deps.store.users.getUserByEmail(invitation.email),
  ]);
  if (workspace === null) return err(notFound());
  return ok({
    invitation,
    workspaceName: workspace.name,
    inviterEmail: inviter?.email ?? null,
    hasAccount: invitee !== null,
  });
}

/** What accepting as a new person needs besides the store: the password hasher. */
export type NewPersonDeps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'keyHasher' | 'newUserPlan'> & {
  readonly passwords: Pick<PasswordHasher, 'hash'>;
};

/** A new person who accepted: their user and their membership. */
export type JoinedAsNewPerson = { readonly user: User; readonly member: Member };

/**
 * Accepts an invitation sent to an address no user has: the invitee chooses their password, and
 * becomes a user (with their personal workspace, as every user) and a member of the inviting
 * workspace. The token proves they received the invitation at that address, which is what the
 * operator's `svc users create` would otherwise vouch for. `email_taken` when the address has a
 * user by now (they sign in and accept instead); `validation_failed` for a password the rules
 * refuse; refusals of the invitation as `acceptInvitation`. Everything is checked before the
 * first write; the user and the membership are then written as `addMember` writes them.
 */
export function acceptInvitationAsNewPerson(
  deps: NewPersonDeps,
  token: string,
  password: string,
): ResultAsync<JoinedAsNewPerson, SvcError> {
  return usableInvitation(deps, token).andThen(
    (invitation) => new ResultAsync(joinAsNewPerson(deps, invitation, password)),
  );
}

async function joinAsNewPerson(
  deps: NewPersonDeps,
  invitation: Invitation,
  password: string,
): Promise<Result<JoinedAsNewPerson, SvcError>> {
  const problem = passwordProblem(password);
  if (problem !== null) return err(svcError('validation_failed', problem, { field: 'password' }));
  const passwordHash = await deps.passwords.hash(password);
  const created = await createUser(deps, { email: invitation.email, betaTester: false, passwordHash });
  if (created.isErr()) return err(created.error);
  const joined = await joinByInvitation(deps, invitation, created.value.id, deps.clock.now());
  return joined.map((member) => ({ user: created.value, member }));
}
