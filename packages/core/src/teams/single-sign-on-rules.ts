import type { Role } from '../roles/index.js';

/** What an identity provider asserted about the person in its ID token (OpenID Connect claims). */
export type ProviderIdentity = {
  /** The provider's `iss`, and its `sub` for the person. */
  readonly issuer: string;
  readonly subject: string;
  /** `email`; absent when the provider did not release it (the `email` scope). */
  readonly email: string | undefined;
  /** `email_verified`: only `true` counts, a missing claim is not a verification. */
  readonly emailVerified: boolean | undefined;
  /** `amr`: how the provider authenticated the person (RFC 8176); empty when not reported. */
  readonly amr: readonly string[];
};

/** The operator's rules for single sign-on (`SVC_OIDC_*`, docs/configuration.md). */
export type SingleSignOnRules = {
  /** Domains whose addresses may sign in (lower-case, no `@`); empty: any domain. */
  readonly allowedDomains: readonly string[];
  /** The workspace a person signing in for the first time joins, and their role there; null: none. */
  readonly join: { readonly workspaceId: string; readonly role: Role } | null;
};

/** Why a provider's sign-in is refused; each has its own sentence on the refusal page. */
export type SingleSignOnRefusal =
  | 'email_missing'
  | 'email_unverified'
  | 'domain_not_allowed'
  | 'access_disabled'
  | 'workspace_missing';

/**
 * Whether the provider's assertion may sign someone in at all: an e-mail the provider verified
 * (`email_verified: true`, nothing less, since the address is what matches an account here) in an
 * allowed domain. Answers the refusal, or null with the normalised address to match on.
 */
export function providerIdentityRefusal(
  identity: ProviderIdentity,
  rules: SingleSignOnRules,
  normalised: string | null,
): SingleSignOnRefusal | null {
  if (normalised === null) return 'email_missing';
  if (identity.emailVerified !== true) return 'email_unverified';
  const domain = normalised.slice(normalised.lastIndexOf('@') + 1);
  if (rules.allowedDomains.length > 0 && !rules.allowedDomains.includes(domain)) return 'domain_not_allowed';
  return null;
}

/**
 * Whether the provider says it used more than one factor (`amr` holds `mfa`, RFC 8176): the one
 * sign-in that may stand in for the service's own second factor when one is required.
 */
export function providerUsedSecondFactor(identity: ProviderIdentity): boolean {
  return identity.amr.includes('mfa');
}
