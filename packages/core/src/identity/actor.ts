import { err, ok, type Result } from 'neverthrow';
import { type SvcError, svcError } from '../kernel/index.js';
import type { MemberRights } from '../roles/index.js';
import { hasScope, type Scope } from './scopes.js';
import type { User } from './user.js';

/** The acting person's membership in the actor's workspace, as the rules (`requireCan`) read it. */
export type ActingMember = MemberRights;

/**
 * Who is calling: the authenticated person, the workspace their credential acts in, their
 * membership there, and what the credential (API key, OAuth token, console session) allows.
 * Every use case takes one.
 *
 * `workspaceId`, `member` and `planHolder` are absent for an actor of the user's personal
 * workspace built before workspaces existed (and in tests): such an actor acts in the personal
 * workspace (id = user id) as its owner, exactly as every actor did before. Read them through
 * `actorWorkspaceId`, `actorMember` and `actorOwner`, never directly.
 */
export type Actor = {
  /** The person acting (their time zone, their name in the journal). Never the owner of rows. */
  readonly user: User;
  /** The workspace whose data the actor reads and changes: every `owner_id` it touches. */
  readonly workspaceId?: string;
  /** The acting person's role and account limit in that workspace. */
  readonly member?: ActingMember;
  /**
   * The user whose plan, quota and billing the workspace uses: the user for a personal
   * workspace, the workspace's first owner for a team one (docs/teams.md).
   */
  readonly planHolder?: User;
  /** Id of the key or token used, for logs. */
  readonly credentialId: string;
  readonly scopes: readonly Scope[];
  /** Connected-account ids the credential is limited to; null means every account of the user. */
  readonly accountIds: readonly string[] | null;
  /**
   * The OAuth scopes of the access token, when the credential is one. The tool endpoint names the
   * missing one in a 403 step-up challenge; a key has none, and its refusals stay tool results.
   */
  readonly oauthScopes?: readonly string[];
  /**
   * The API key was created with "needs approval" (`svc keys create --needs-approval`): a
   * workspace whose policy is `keys_marked` makes it draft and ask instead of scheduling.
   */
  readonly needsApproval?: boolean;
};

/** The workspace the actor acts in: every row it owns or reads has this `owner_id`. */
export function actorWorkspaceId(actor: Actor): string {
  return actor.workspaceId ?? actor.user.id;
}

/** The actor's membership in its workspace: owner of the personal workspace when none is given. */
export function actorMember(actor: Actor): ActingMember {
  return actor.member ?? { workspaceId: actorWorkspaceId(actor), role: 'owner', accountIds: null };
}

/**
 * The workspace as the owner of rows and the holder of a plan: its id, with the plan, quota and
 * billing of its plan holder. For a personal workspace this is the actor's own user, unchanged.
 * Use cases that write or count owned rows and check plan limits take this, not `actor.user`.
 */
export function actorOwner(actor: Actor): User {
  const holder = actor.planHolder ?? actor.user;
  const id = actorWorkspaceId(actor);
  return holder.id === id ? holder : { ...holder, id };
}

/** Whether the actor's credential may see and touch a connected account. */
export function actorCanSeeAccount(actor: Actor, accountId: string): boolean {
  return actor.accountIds === null || actor.accountIds.includes(accountId);
}

/** Refuses with `insufficient_scope` unless the actor's credential carries `scope`. */
export function requireScope(actor: Actor, scope: Scope): Result<Actor, SvcError> {
  return hasScope(actor.scopes, scope)
    ? ok(actor)
    : err(
        svcError('insufficient_scope', `This key lacks the ${scope} scope. Create a key that includes it.`, {
          requiredScope: scope,
        }),
      );
}

/**
 * The server operator acting for a user (the `svc` CLI): owner of the user's personal workspace,
 * every scope, every account of it.
 */
export function operatorActor(user: User): Actor {
  return {
    user,
    workspaceId: user.id,
    member: { workspaceId: user.id, role: 'owner', accountIds: null },
    credentialId: 'operator',
    scopes: ['*'],
    accountIds: null,
  };
}

/**
 * The service acting for a workspace on its own behalf (an approval decided, a review link read):
 * owner of the workspace, with its plan holder's plan; `credentialId` names for whom it acts.
 */
export function workspaceOperator(
  holder: User,
  workspaceId: string,
  credentialId: string,
  scopes: readonly Scope[] = ['*'],
): Actor {
  return {
    user: holder,
    credentialId,
    scopes,
    accountIds: null,
    workspaceId,
    member: { workspaceId, role: 'owner', accountIds: null },
    planHolder: holder,
  };
}
