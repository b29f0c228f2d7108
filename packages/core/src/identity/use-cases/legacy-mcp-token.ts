import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Actor } from '../actor.js';
import { actorOfWorkspaceKey, authenticateApiKey } from './authenticate-api-key.js';
import { type LastUseFault, recordKeyUse } from './record-key-use.js';

/** What the deprecated key-to-token exchange hands out (spec 9). */
export type LegacyMcpToken = { readonly token: string; readonly expiresAt: Date };

/** How long an exchanged token works: the 24 hours old clients refresh on. */
export const LEGACY_MCP_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;

// Marks exchanged tokens so the bearer check can tell them from API keys without a lookup.
const PREFIX = 'svcmt_';
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

type Deps = Pick<CoreDeps, 'store' | 'keyHasher' | 'clock' | 'secretBox'>;

/**
 * The deprecated exchange of `POST /auth` and `POST /api/auth/mcp-token` (spec 9): an API key
 * (in the Authorization header) for a token that works as a Bearer on the tool endpoint for 24
 * hours. The token is the key id and expiry sealed with the service secret, so nothing is stored
 * and revoking the key ends its tokens at once.
 */
export function exchangeKeyForMcpToken(
  deps: Deps,
  authorization: string | undefined,
): ResultAsync<LegacyMcpToken, SvcError> {
  return authenticateApiKey(deps, authorization).map((actor) => {
    const expiresAt = new Date(deps.clock.now().getTime() + LEGACY_MCP_TOKEN_LIFETIME_MS);
    const sealed = deps.secretBox.seal(JSON.stringify({ k: actor.credentialId, e: expiresAt.getTime() }));
    return { token: `${PREFIX}${sealed}`, expiresAt };
  });
}

/**
 * The Actor behind an `Authorization` header on the tool endpoint: an API key, or a token from
 * the deprecated exchange. An exchanged token carries its key's scopes and account limits, and
 * stops working when it expires or the key is revoked.
 */
export function authenticateBearer(
  deps: Deps,
  authorization: string | undefined,
  onFault?: LastUseFault,
): ResultAsync<Actor, SvcError> {
  const token = BEARER.exec(authorization ?? '')?.[1];
  if (token === undefined || !token.startsWith(PREFIX))
    return authenticateApiKey(deps, authorization, onFault);
  return new ResultAsync(fromExchangedToken(deps, token.slice(PREFIX.length), onFault));
}

async function fromExchangedToken(
  deps: Deps,
  sealed: string,
  onFault: LastUseFault | undefined,
): Promise<Result<Actor, SvcError>> {
  let claims: { k?: unknown; e?: unknown };
  try {
    claims = JSON.parse(deps.secretBox.open(sealed)) as { k?: unknown; e?: unknown };
  } catch {
    return err(expired('The token is not one this service issued.'));
  }
  if (typeof claims.k !== 'string' || typeof claims.e !== 'number') {
    return err(expired('The token is not one this service issued.'));
  }
  const now = deps.clock.now();
  if (claims.e <= now.getTime()) return err(expired('The token expired.'));
  const found = await deps.store.apiKeys.getApiKeyWithOwner(claims.k);
  const actor = await actorOfWorkspaceKey(deps, found, now);
  if (actor.isErr()) return err(actor.error);
  // An exchanged token is its key at work: the key's last use is the token's.
  if (found !== null) await recordKeyUse(deps, found.key, now, onFault);
  return ok(actor.value);
}

function expired(reason: string): SvcError {
  return svcError(
    'invalid_api_key',
    `${reason} Send the API key itself as the Bearer token; the token exchange is deprecated.`,
  );
}
