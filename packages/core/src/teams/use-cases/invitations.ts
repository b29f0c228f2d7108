import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { checkAccountLimit, parseEmail } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { formatInvitationToken, INVITATION_LIFETIME_MS, INVITATION_TOKEN } from '../invitation-token.js';
import type { TeamActor } from '../team-actor.js';
import type { Invitation, Member } from '../workspace.js';
import { actingMember, whenMemberMay } from './acting-member.js';
import { grantableRole, type MemberGrant } from './add-member.js';

/** What an inviter gives: the workspace, and whom they invite with which role and accounts. */
export type CreateInvitationInput = MemberGrant & { readonly workspaceId: string };

/** A new invitation: the record, and its token, which exists only in this answer. */
export type CreatedInvitation = { readonly invitation: Invitation; readonly token: string };

/**
 * Invites a person by email (`member:manage`): an expiring, single-use token whose hash alone is
 * stored, for the inviter to pass on (or for the notifier to send). `already_a_member` when the
 * person is one.
 */
export function createInvitation(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'keyHasher'>,
  actor: TeamActor,
  input: CreateInvitationInput,
): ResultAsync<CreatedInvitation, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<CreatedInvitation, SvcError>> => {
      const email = parseEmail(input.email);
      if (email.isErr()) return err(email.error);
      const role = grantableRole(input.role);
      if (role.isErr()) return err(role.error);
      const rights = await actingMember(deps, actor, input.workspaceId, 'member:manage');
      if (rights.isErr()) return err(rights.error);
      const limit = await checkAccountLimit(deps, input.workspaceId, input.accountIds);
      if (limit.isErr()) return err(limit.error);
      const invitee = await deps.store.users.getUserByEmail(email.value);
      if (invitee !== null && (await deps.store.workspaces.getMember(input.workspaceId, invitee.id)) !== null)
        return err(alreadyMember(input.workspaceId, invitee.id));
      const now = deps.clock.now();
      const id = deps.ids.id('inv');
      const secret = deps.ids.secret();
      const invitation: Invitation = {
        id,
        workspaceId: input.workspaceId,
        email: email.value,
        role: role.value,
        accountIds: limit.value,
        tokenHash: deps.keyHasher.hash(secret),
        invitedBy: actor.kind === 'user' ? actor.userId : 'operator',
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
        acceptedAt: null,
        acceptedBy: null,
      };
      await deps.store.workspaces.insertInvitation(invitation);
      return ok({ invitation, token: formatInvitationToken(id, secret) });
    })(),
  );
}

const alreadyMember = (workspaceId: string, userId: string): SvcError =>
  svcError('already_a_member', 'That person is already a member of this workspace.', { workspaceId, userId });

export const notFound = (): SvcError =>
  svcError('invitation_not_found', 'No such invitation for you. Ask whoever invited you for a new link.');

/** An invitation a token names, once its secret matches; null for anything else. */
async function invitationOf(
  deps: Pick<CoreDeps, 'store' | 'keyHasher'>,
  token: string,
): Promise<Invitation | null> {
  return INVITATION_TOKEN.find(token, deps.keyHasher, (id) => deps.store.workspaces.getInvitation(id));
}

/** `invitation_used` or `invitation_expired` when the invitation can no longer be accepted. */
function stillOpen(invitation: Invitation, now: Date): Result<Invitation, SvcError> {
  if (invitation.acceptedAt !== null) return err(used());
  if (now.getTime() >= invitation.expiresAt.getTime()) {
    return err(
      svcError('invitation_expired', 'This invitation has expired. Ask whoever invited you for a new link.', {
        expiresAt: invitation.expiresAt.toISOString(),
      }),
    );
  }
  return ok(invitation);
}

/** The invitation a token names while it can still be accepted; its refusal otherwise. */
export function usableInvitation(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'keyHasher'>,
  token: string,
): ResultAsync<Invitation, SvcError> {
  return ResultAsync.fromSafePromise(invitationOf(deps, token)).andThen((invitation) =>
    invitation === null ? err(notFound()) : stillOpen(invitation, deps.clock.now()),
  );
}

/**
 * Accepts an invitation for the signed-in user, who must have the address it was sent to: they
 * become a member with its role and account limit. `invitation_not_found` for an unknown token
 * or another address, `invitation_expired`, `invitation_used` (also when a concurrent accept
 * won), `already_a_member`.
 */
export function acceptInvitation(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'keyHasher'>,
  userId: string,
  token: string,
): ResultAsync<Member, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<Member, SvcError>> => {
      const invitation = await invitationOf(deps, token);
      if (invitation === null) return err(notFound());
      const user = await deps.store.users.getUser(userId);
      if (user === null || user.email !== invitation.email) return err(notFound());
      const now = deps.clock.now();
      const open = stillOpen(invitation, now);
      if (open.isErr()) return err(open.error);
      return joinByInvitation(deps, invitation, userId, now);
    })(),
  );
}

/** Marks the invitation accepted by `userId` and makes them a member with its role and limit, together. */
export async function joinByInvitation(
  deps: Pick<CoreDeps, 'store'>,
  invitation: Invitation,
  userId: string,
  now: Date,
): Promise<Result<Member, SvcError>> {
  const member: Member = {
    workspaceId: invitation.workspaceId,
    userId,
    role: invitation.role,
    accountIds: invitation.accountIds,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await deps.store.workspaces.acceptInvitation(invitation.id, member, now);
  if (outcome === 'invitation_used') return err(used());
  if (outcome === 'already_member') return err(alreadyMember(invitation.workspaceId, userId));
  return ok(member);
}

const used = (): SvcError =>
  svcError(
    'invitation_used',
    'This invitation has been used already. Ask whoever invited you for a new link.',
  );

/** A workspace's invitations not accepted yet, newest first, expired ones included (`member:manage`). */
export function listOpenInvitations(
  deps: Pick<CoreDeps, 'store'>,
  actor: TeamActor,
  workspaceId: string,
): ResultAsync<Invitation[], SvcError> {
  return whenMemberMay(deps, actor, workspaceId, 'member:manage', () =>
    deps.store.workspaces.listOpenInvitations(workspaceId),
  );
}
