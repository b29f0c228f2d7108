import type { ProviderIdentity } from '@svc/core';

/** Where a sign-in returns once the provider answered: the console, or an agent's authorization request. */
export type SignOnPurpose =
  | { readonly kind: 'console'; readonly next: string }
  | { readonly kind: 'agent'; readonly interaction: string };

/** Why the provider's answer was not taken; each has its own sentence on the refusal page. */
export type SignOnFailure =
  | 'expired'
  | 'state_mismatch'
  | 'provider_error'
  | 'token_rejected'
  /** Its discovery document could not be read (down, or not an OpenID Connect issuer). */
  | 'provider_unreachable';

/** What came back from the provider. */
export type SignOnResult =
  | { readonly kind: 'identity'; readonly identity: ProviderIdentity; readonly purpose: SignOnPurpose }
  | { readonly kind: 'failed'; readonly reason: SignOnFailure; readonly purpose: SignOnPurpose | null };
