import type { CoreDeps } from '../../deps/index.js';
import { createUser, emailSchema, type User } from '../../identity/index.js';
import {
  type ProviderIdentity,
  providerIdentityRefusal,
  providerUsedSecondFactor,
  type SingleSignOnRefusal,
  type SingleSignOnRules,
} from '../single-sign-on-rules.js';

/** The outcome of a sign-in through the identity provider. */
export type ProviderSignIn =
  | {
      readonly kind: 'signed_in';
      readonly user: User;
      /** Whether the person was created by this sign-in. */
      readonly created: boolean;
      /** Whether the provider reported a second factor (`amr` has `mfa`). */
      readonly secondFactor: boolean;
    }
  | { readonly kind: 'refused'; readonly reason: SingleSignOnRefusal; readonly email: string };

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'newUserPlan'>;

/**
 * Signs a person in with what the identity provider asserted (docs/security.md, "Single sign-on"):
 * matched by verified e-mail to an existing user, a password user included (the same address is
 * the same person: the operator trusts this provider's verification); otherwise created with their
 * personal workspace and, with `rules.join`, made a member of that workspace in the same
 * transaction. A user whose access is disabled is refused, as the password sign-in refuses them.
 */
export async function signInWithProvider(
  deps: Deps,
  identity: ProviderIdentity,
  rules: SingleSignOnRules,
): Promise<ProviderSignIn> {
  const parsed = emailSchema.safeParse(identity.email ?? '');
  const email = parsed.success ? parsed.data : null;
  const refusal = providerIdentityRefusal(identity, rules, email);
  if (refusal !== null || email === null)
    return { kind: 'refused', reason: refusal ?? 'email_missing', email: email ?? '' };
  const secondFactor = providerUsedSecondFactor(identity);
  const existing = await deps.store.users.getUserByEmail(email);
  if (existing !== null)
    return existing.apiAccessDisabled
      ? { kind: 'refused', reason: 'access_disabled', email }
      : { kind: 'signed_in', user: existing, created: false, secondFactor };
  const join = rules.join;
  if (join !== null && (await deps.store.workspaces.getWorkspace(join.workspaceId)) === null)
    return { kind: 'refused', reason: 'workspace_missing', email };
  const rights = join === null ? undefined : { ...join, accountIds: null };
  const created = await createUser(deps, { email, betaTester: false }, rights);
  if (created.isOk()) return { kind: 'signed_in', user: created.value, created: true, secondFactor };
  // Created by a sign-in at the same moment (two tabs): that user is the person.
  const raced = await deps.store.users.getUserByEmail(email);
  if (raced === null) throw new Error(`single sign-on could not create the user: ${created.error.code}`);
  return { kind: 'signed_in', user: raced, created: false, secondFactor };
}
