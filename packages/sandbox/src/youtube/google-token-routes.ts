import { createHash } from 'node:crypto';
import { accountIdFor } from '../shared/account-ids.js';
import { apiRoute } from '../shared/api-route.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { SANDBOX_APPS } from '../shared/sandbox-apps.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { generationOf } from '../shared/sandbox-state.js';
import { issueToken, LIFETIMES_MS, readCode, readToken, type TokenKind } from '../shared/signed-token.js';
import { googleOAuthError } from './google-error.js';
import { isLive } from './youtube-authenticate.js';

/** What the consent page grants when the authorize request named no scope. */
export const YOUTUBE_DEFAULT_SCOPES =
  'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly';

const EXPIRES_IN = LIFETIMES_MS.googleAccess / 1000;
// RFC 7636: 43 to 128 characters of the unreserved set.
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Google's token endpoint (`POST oauth2.googleapis.com/token`, platforms.md 3.1) with the
 * `authorization_code` and `refresh_token` grants, and `POST /revoke`.
 */
export function googleTokenRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    apiRoute('youtube', ['POST'], '/sandbox/youtube/oauth2/token', 'youtube.token', (r) => token(ctx, r)),
    apiRoute('youtube', ['POST'], '/sandbox/youtube/oauth2/revoke', 'youtube.revoke', (r) => revoke(ctx, r)),
  ];
}

/** The client credentials of the call: form fields, or HTTP Basic as Google also accepts. */
function clientOf(r: SandboxRequest): { id: string | undefined; secret: string | undefined } {
  const basic = /^Basic\s+(\S+)$/i.exec(r.headers.authorization?.trim() ?? '');
  if (basic?.[1] !== undefined) {
    const [id, ...secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret.join(':')) };
  }
  return { id: r.input.get('client_id'), secret: r.input.get('client_secret') };
}

function token(ctx: SandboxContext, r: SandboxRequest): Reply {
  const app = SANDBOX_APPS.youtube;
  const client = clientOf(r);
  if (client.id !== app.clientId)
    throw googleOAuthError(401, 'invalid_client', 'The OAuth client was not found.');
  if (client.secret !== app.clientSecret) throw googleOAuthError(401, 'invalid_client', 'Unauthorized');
  const grant = r.input.get('grant_type') ?? '';
  if (grant === 'authorization_code') return redeemCode(ctx, r);
  if (grant === 'refresh_token') return refresh(ctx, r);
  throw googleOAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grant}`);
}

const mint = (ctx: SandboxContext, kind: TokenKind, uid: string, handle: string, lifetimeMs: number | null) =>
  issueToken(ctx.secret, {
    platform: 'youtube',
    kind,
    uid,
    handle,
    now: nowOf(ctx),
    lifetimeMs,
    generation: generationOf(ctx.state, 'youtube', uid),
  });

/** The code exchange: single-use code, exact redirect_uri, and the PKCE verifier when the code has a challenge. */
function redeemCode(ctx: SandboxContext, r: SandboxRequest): Reply {
  const raw = r.input.get('code');
  if (raw === undefined || raw === '') {
    throw googleOAuthError(400, 'invalid_request', 'Missing required parameter: code');
  }
  const redirectUri = r.input.get('redirect_uri');
  if (redirectUri === undefined)
    throw googleOAuthError(400, 'invalid_request', 'Missing parameter: redirect_uri');
  const code = readCode(ctx.secret, raw);
  if (code === null || code.p !== 'youtube' || code.c !== SANDBOX_APPS.youtube.clientId) {
    throw googleOAuthError(400, 'invalid_grant', 'Malformed auth code.');
  }
  // Google words used and expired codes alike.
  if (ctx.state.usedCodes.has(code.n) || nowOf(ctx) >= code.exp) {
    throw googleOAuthError(400, 'invalid_grant', 'Bad Request');
  }
  if (code.r !== redirectUri) throw googleOAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
  if (code.pk !== undefined) {
    const verifier = r.input.get('code_verifier');
    if (verifier === undefined || verifier === '') {
      throw googleOAuthError(400, 'invalid_grant', 'Missing code verifier.');
    }
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!VERIFIER.test(verifier) || challenge !== code.pk) {
      throw googleOAuthError(400, 'invalid_grant', 'Invalid code verifier.');
    }
  }
  ctx.state.usedCodes.add(code.n);
  const channelId = accountIdFor('youtube', code.h);
  const scope = code.s ?? YOUTUBE_DEFAULT_SCOPES;
  ctx.state.youtube.grantedScopes.set(channelId, scope);
  return jsonReply(200, {
    access_token: mint(ctx, 'access', channelId, code.h, LIFETIMES_MS.googleAccess),
    expires_in: EXPIRES_IN,
    // Google refresh tokens do not expire by time; revocation and invalidation end them.
    refresh_token: mint(ctx, 'refresh', channelId, code.h, null),
    scope,
    token_type: 'Bearer',
  });
}

/** A new access token; like Google, no new refresh token. */
function refresh(ctx: SandboxContext, r: SandboxRequest): Reply {
  const raw = r.input.get('refresh_token');
  if (raw === undefined || raw === '') {
    throw googleOAuthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
  }
  const payload = readToken(ctx.secret, raw);
  if (payload === null || payload.p !== 'youtube' || payload.k !== 'refresh') {
    throw googleOAuthError(400, 'invalid_grant', 'Bad Request');
  }
  if (!isLive(ctx, raw, payload)) {
    throw googleOAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
  }
  return jsonReply(200, {
    access_token: mint(ctx, 'access', payload.uid, payload.h, LIFETIMES_MS.googleAccess),
    expires_in: EXPIRES_IN,
    scope: ctx.state.youtube.grantedScopes.get(payload.uid) ?? YOUTUBE_DEFAULT_SCOPES,
    token_type: 'Bearer',
  });
}

/** `POST /revoke?token=…`: revoking either token ends the whole grant, as on Google. */
function revoke(ctx: SandboxContext, r: SandboxRequest): Reply {
  const raw = r.input.get('token') ?? '';
  const payload = readToken(ctx.secret, raw);
  if (payload === null || payload.p !== 'youtube' || !isLive(ctx, raw, payload)) {
    throw googleOAuthError(400, 'invalid_token', 'Token expired or revoked');
  }
  const key = `youtube:${payload.uid}`;
  const generation = (ctx.state.invalidations.get(key)?.generation ?? 0) + 1;
  ctx.state.invalidations.set(key, { generation, subcode: 0 });
  return jsonReply(200, {});
}
