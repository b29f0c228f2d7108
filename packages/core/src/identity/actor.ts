import { err, ok, type Result } from 'neverthrow';
import { type SvcError, svcError } from '../kernel/index.js';
import { hasScope, type Scope } from './scopes.js';
import type { User } from './user.js';

/**
 * Who is calling: the authenticated user and what their credential (API key, later an OAuth
 * token) allows. Every use case takes one.
 */
export type Actor = {
  readonly user: User;
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
};

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

/** The server operator acting for a user (the `svc` CLI): every scope, every account of theirs. */
export function operatorActor(user: User): Actor {
  return { user, credentialId: 'operator', scopes: ['*'], accountIds: null };
}
