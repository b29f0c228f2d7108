import { tokenOf } from '../shared/authenticate.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { readToken, type TokenPayload } from '../shared/signed-token.js';
import { tiktokError } from './tiktok-error.js';

/** The per-token, per-minute limits platforms.md 2.2 documents. */
export const TIKTOK_RATE_LIMITS = { creator_info: 20, init: 6, status: 30 } as const;

const WINDOW_MS = 60_000;

const invalidToken = () =>
  tiktokError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');

/**
 * The payload of the call's `Authorization: Bearer` access token, or 401 `access_token_invalid`
 * when it is missing, forged, a refresh token, expired by the sandbox clock, or refused by a test
 * (`expireToken`, `invalidateTokensOf`).
 */
export function authenticateTikTok(ctx: SandboxContext, request: SandboxRequest): TokenPayload {
  const token = tokenOf(request);
  if (token === null) throw invalidToken();
  const payload = readToken(ctx.secret, token);
  if (payload === null || payload.p !== 'tiktok' || payload.k !== 'access') throw invalidToken();
  if (ctx.state.deniedTokens.has(token)) throw invalidToken();
  const invalidation = ctx.state.invalidations.get(`tiktok:${payload.uid}`);
  if (invalidation !== undefined && (payload.g ?? 0) < invalidation.generation) throw invalidToken();
  if (payload.exp !== null && nowOf(ctx) >= payload.exp) throw invalidToken();
  return payload;
}

/**
 * Refuses with 401 `scope_not_authorized` unless the creator granted one of `scopes`: those the
 * token carries (minted with `scopes`), else those of the last code exchange. Accounts the sandbox
 * has not seen connect (minted ones, or after a restart) hold every scope.
 */
export function requireTikTokScope(
  ctx: SandboxContext,
  token: TokenPayload,
  scopes: readonly string[],
): void {
  const granted = token.s ?? ctx.state.tiktok.grantedScopes.get(token.uid);
  if (granted === undefined) return;
  const held = new Set(granted.split(',').map((s) => s.trim()));
  if (scopes.some((scope) => held.has(scope))) return;
  throw tiktokError(
    401,
    'scope_not_authorized',
    `The user did not authorize the scope required for completing this request: ${scopes.join(' or ')}.`,
  );
}

/** Counts a call against the token's per-minute limit of `bucket`; 429 `rate_limit_exceeded` past it. */
export function spendTikTokCall(
  ctx: SandboxContext,
  request: SandboxRequest,
  bucket: keyof typeof TIKTOK_RATE_LIMITS,
): void {
  const key = `${bucket}\n${tokenOf(request) ?? ''}`;
  const now = nowOf(ctx);
  const recent = (ctx.state.tiktok.calls.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
  if (recent.length >= TIKTOK_RATE_LIMITS[bucket]) {
    ctx.state.tiktok.calls.set(key, recent);
    throw tiktokError(
      429,
      'rate_limit_exceeded',
      `The API rate limit was exceeded: ${TIKTOK_RATE_LIMITS[bucket]} ${bucket} requests per minute per access token.`,
    );
  }
  recent.push(now);
  const { calls } = ctx.state.tiktok;
  calls.set(key, recent);
  // Rotated tokens leave their windows behind; drop the quiet ones now and then.
  if (calls.size > 1000) {
    for (const [name, times] of calls) if ((times.at(-1) ?? 0) <= now - WINDOW_MS) calls.delete(name);
  }
}
