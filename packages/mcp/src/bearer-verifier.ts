import { type Actor, authenticateBearer, type CoreDeps, type SvcError } from '@svc/core';
import type { Result } from 'neverthrow';

/**
 * The port that turns a Bearer token into the calling Actor, or a refusal (`invalid_api_key`,
 * `api_access_disabled`). API keys plug in today; OAuth access tokens plug in later without
 * touching the transport.
 */
export type BearerVerifier = {
  verify(token: string): Promise<Result<Actor, SvcError>>;
};

/**
 * A BearerVerifier that accepts the service's API keys as Bearer tokens (spec 5.2: no exchange
 * step), and the 24-hour tokens of the deprecated exchange (`POST /auth`, spec 9).
 */
export function apiKeyBearerVerifier(
  core: Pick<CoreDeps, 'store' | 'keyHasher' | 'clock' | 'secretBox'>,
): BearerVerifier {
  return {
    // The core reads the key from a header value; rebuilding one keeps a single parser of keys.
    verify: async (token) => authenticateBearer(core, `Bearer ${token}`),
  };
}
