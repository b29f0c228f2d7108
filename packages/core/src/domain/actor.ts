import type { Scope } from './scopes.js';
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
};

/** Whether the actor's credential may see and touch a connected account. */
export function actorCanSeeAccount(actor: Actor, accountId: string): boolean {
  return actor.accountIds === null || actor.accountIds.includes(accountId);
}
