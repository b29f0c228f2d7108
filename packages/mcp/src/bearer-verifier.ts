import { type Actor, authenticateBearer, type CoreDeps, parseApiKey, type SvcError } from '@svc/core';
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
  logger?: { warn(fields: Record<string, unknown>, message: string): void },
): BearerVerifier {
  // A key's last use that cannot be recorded is logged by key id and refuses nothing.
  const onFault = ({ credentialId, error }: { credentialId: string; error: unknown }) =>
    logger?.warn({ keyId: credentialId, error: String(error) }, 'A key’s last use could not be recorded.');
  return {
    // The core reads the key from a header value; rebuilding one keeps a single parser of keys.
    verify: async (token) => authenticateBearer(core, `Bearer ${token}`, onFault),
  };
}

/** Prefix of the deprecated exchange's tokens (spec 9); see the core's legacy-mcp-token. */
const LEGACY_TOKEN_PREFIX = 'svcmt_';

/**
 * API keys first, else OAuth (spec 5.2: either works as the Bearer token). Our keys and exchanged
 * tokens have a shape of their own (a `svc_key_` id and a dot, or the `svcmt_` prefix), which
 * OAuth access tokens (base64url, no dot) never have, so each token is checked by one verifier
 * and a key's refusal stays a key's refusal.
 */
export function apiKeyOrOAuthVerifier(apiKeys: BearerVerifier, oauth: BearerVerifier): BearerVerifier {
  return {
    verify: (token) =>
      parseApiKey(token) !== null || token.startsWith(LEGACY_TOKEN_PREFIX)
        ? apiKeys.verify(token)
        : oauth.verify(token),
  };
}
