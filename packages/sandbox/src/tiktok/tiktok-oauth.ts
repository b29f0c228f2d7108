import { createHash } from 'node:crypto';
import { accountIdFor } from '../shared/account-ids.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { TIKTOK_SCOPES } from '../shared/mint-sandbox-account.js';
import { SANDBOX_APPS } from '../shared/sandbox-apps.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { generationOf } from '../shared/sandbox-state.js';
import { issueToken, LIFETIMES_MS, readCode, readToken, type TokenPayload } from '../shared/signed-token.js';
import { tiktokClientToken } from './tiktok-client-token.js';
import { tiktokOAuthError } from './tiktok-error.js';

const badGrant = (description: string) => tiktokOAuthError(400, 'invalid_grant', description);

/**
 * `POST /v2/oauth/token/` (form): `grant_type=authorization_code` redeems a single-use code
 * (client, redirect_uri and, when the authorize request carried a challenge, the PKCE verifier
 * must match); `grant_type=refresh_token` rotates: it answers a new access token and a new refresh
 * token, and the older refresh token stops working.
 */
export function tiktokToken(ctx: SandboxContext, r: SandboxRequest): Reply {
  const app = SANDBOX_APPS.tiktok;
  if (r.input.get('client_key') !== app.clientId || r.input.get('client_secret') !== app.clientSecret) {
    throw tiktokOAuthError(401, 'invalid_client', 'Client key or secret is incorrect.');
  }
  const grant = r.input.get('grant_type');
  if (grant === 'authorization_code') return redeemCode(ctx, r);
  if (grant === 'refresh_token') return rotate(ctx, r);
  if (grant === 'client_credentials') return tiktokClientToken(ctx);
  throw tiktokOAuthError(
    400,
    'unsupported_grant_type',
    'grant_type must be authorization_code or refresh_token.',
  );
}

function redeemCode(ctx: SandboxContext, r: SandboxRequest): Reply {
  const code = readCode(ctx.secret, r.input.get('code') ?? '');
  if (code === null || code.p !== 'tiktok' || code.c !== SANDBOX_APPS.tiktok.clientId) {
    throw badGrant('Authorization code is invalid.');
  }
  if (ctx.state.usedCodes.has(code.n)) throw badGrant('Authorization code has been used.');
  if (nowOf(ctx) >= code.exp) throw badGrant('Authorization code is expired.');
  if (code.r !== r.input.get('redirect_uri')) {
    throw badGrant('redirect_uri does not match the one of the authorization request.');
  }
  if (code.pk !== undefined) {
    const verifier = r.input.get('code_verifier');
    if (verifier === undefined || verifier === '') {
      throw tiktokOAuthError(
        400,
        'invalid_request',
        'code_verifier is required for this authorization code.',
      );
    }
    // TikTok documents its S256 challenge in hex (Login Kit for Desktop), RFC 7636 says base64url:
    // the app's setting decides which this simulator expects, as the adapter sends it.
    const encoding = ctx.state.settings.tiktok.pkceEncoding;
    if (createHash('sha256').update(verifier).digest(encoding) !== code.pk) {
      throw tiktokOAuthError(400, 'invalid_request', 'Code verifier or code challenge is invalid.');
    }
  }
  ctx.state.usedCodes.add(code.n);
  const openId = accountIdFor('tiktok', code.h);
  const scope = code.s ?? TIKTOK_SCOPES;
  ctx.state.tiktok.grantedScopes.set(openId, scope);
  return tokens(ctx, openId, code.h, scope);
}

function rotate(ctx: SandboxContext, r: SandboxRequest): Reply {
  const payload = usableRefreshToken(ctx, r.input.get('refresh_token') ?? '');
  if (payload === null) throw badGrant('Refresh token is invalid or expired.');
  const scope = ctx.state.tiktok.grantedScopes.get(payload.uid) ?? TIKTOK_SCOPES;
  return tokens(ctx, payload.uid, payload.h, scope);
}

/**
 * The payload of a refresh token that may still be used: genuine, unexpired, not invalidated by a
 * test, and the newest one issued to its creator (when the sandbox knows which that is).
 */
function usableRefreshToken(ctx: SandboxContext, token: string): TokenPayload | null {
  const payload = readToken(ctx.secret, token);
  if (payload === null || payload.p !== 'tiktok' || payload.k !== 'refresh') return null;
  if (ctx.state.deniedTokens.has(token)) return null;
  if ((payload.g ?? 0) < generationOf(ctx.state, 'tiktok', payload.uid)) return null;
  if (payload.exp !== null && nowOf(ctx) >= payload.exp) return null;
  const newest = ctx.state.tiktok.newestRefresh.get(payload.uid);
  return newest === undefined || newest === payload.n ? payload : null;
}

function tokens(ctx: SandboxContext, openId: string, handle: string, scope: string): Reply {
  const mint = (kind: 'access' | 'refresh', lifetimeMs: number) =>
    issueToken(ctx.secret, {
      platform: 'tiktok',
      kind,
      uid: openId,
      handle,
      now: nowOf(ctx),
      lifetimeMs,
      generation: generationOf(ctx.state, 'tiktok', openId),
    });
  const refreshToken = mint('refresh', LIFETIMES_MS.tiktokRefresh);
  const nonce = readToken(ctx.secret, refreshToken)?.n;
  if (nonce !== undefined) ctx.state.tiktok.newestRefresh.set(openId, nonce);
  return jsonReply(200, {
    open_id: openId,
    scope,
    access_token: mint('access', LIFETIMES_MS.tiktokAccess),
    expires_in: LIFETIMES_MS.tiktokAccess / 1000,
    refresh_token: refreshToken,
    refresh_expires_in: LIFETIMES_MS.tiktokRefresh / 1000,
    token_type: 'Bearer',
  });
}

/**
 * `POST /v2/oauth/revoke/` (form: client_key, client_secret, token): every token of the creator
 * stops working, as when a user removes the app.
 */
export function tiktokRevoke(ctx: SandboxContext, r: SandboxRequest): Reply {
  const app = SANDBOX_APPS.tiktok;
  if (r.input.get('client_key') !== app.clientId || r.input.get('client_secret') !== app.clientSecret) {
    throw tiktokOAuthError(401, 'invalid_client', 'Client key or secret is incorrect.');
  }
  const payload = readToken(ctx.secret, r.input.get('token') ?? '');
  if (payload === null || payload.p !== 'tiktok') {
    throw tiktokOAuthError(400, 'invalid_request', 'The token is invalid.');
  }
  const key = `tiktok:${payload.uid}`;
  const generation = generationOf(ctx.state, 'tiktok', payload.uid) + 1;
  ctx.state.invalidations.set(key, { generation, subcode: 458 });
  ctx.state.tiktok.newestRefresh.delete(payload.uid);
  return jsonReply(200, {});
}
