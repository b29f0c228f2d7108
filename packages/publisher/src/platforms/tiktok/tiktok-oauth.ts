import { createHash } from 'node:crypto';
import {
  type AuthorizationRequest,
  type CodeCallback,
  type CodeExchange,
  missingRequiredScopes,
  type RefreshedCredentials,
  type TikTokPkceEncoding,
} from '@svc/core';
import type { z } from 'zod';
import type { PlatformOAuth } from '../shared/define-platform-gateway.js';
import { TIKTOK_PATHS, type TikTokTokens, tiktokTokenSchema, tiktokUserInfoSchema } from './tiktok-api.js';
import type { TikTokClient } from './tiktok-client.js';
import type { TikTokCredentials } from './tiktok-credentials.js';
import { TikTokRequestError } from './tiktok-failure.js';

/** What the OAuth calls need. */
export type TikTokOAuthContext = {
  readonly client: TikTokClient;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly hosts: { readonly www: string; readonly api: string };
  readonly scopes: readonly string[];
  /** How the PKCE challenge writes the verifier's SHA-256 (TIKTOK_PKCE_ENCODING). */
  readonly pkceEncoding: TikTokPkceEncoding;
  readonly now: () => Date;
  readonly profileUrl: (username: string) => string;
};

/** TikTok Login Kit for the web (platforms.md 2.1): consent with PKCE, code exchange, rotating refresh. */
export function createTikTokOAuth(ctx: TikTokOAuthContext): PlatformOAuth<TikTokCredentials> {
  return {
    authorizeUrl: (request) => tiktokAuthorizeUrl(ctx, request),
    exchangeCode: (input) => exchangeTikTokCode(ctx, input),
    refresh: (credentials) => refreshTikTokTokens(ctx, credentials),
  };
}

/**
 * The consent page URL, with the PKCE challenge of the request's verifier. TikTok documents its
 * S256 challenge as the SHA-256 in hex (Login Kit for Desktop), not RFC 7636's base64url, and says
 * nothing for the web, where other clients send base64url: the encoding is a setting
 * (docs/connections.md has the evidence). A wrong one is refused at the code exchange with
 * "Code verifier or code challenge is invalid".
 */
function tiktokAuthorizeUrl(ctx: TikTokOAuthContext, request: AuthorizationRequest): string {
  const challenge = createHash('sha256').update(request.codeVerifier).digest(ctx.pkceEncoding);
  return `${ctx.hosts.www}/v2/auth/authorize/?${new URLSearchParams({
    client_key: ctx.clientId,
    scope: ctx.scopes.join(','),
    response_type: 'code',
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })}`;
}

/**
 * Exchanges the code (with the PKCE verifier) and reads the creator's profile. A refusal by
 * TikTok, or a consent that left out a permission posting needs, is `refused`; faults reject.
 */
async function exchangeTikTokCode(ctx: TikTokOAuthContext, input: CodeCallback): Promise<CodeExchange> {
  let tokens: TikTokTokens;
  try {
    tokens = await ctx.client.oauth(tiktokTokenSchema, `${ctx.hosts.api}${TIKTOK_PATHS.token}`, {
      client_key: ctx.clientId,
      client_secret: ctx.clientSecret,
      code: input.code,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
  } catch (error) {
    return refusedOrThrow(error);
  }
  const granted = new Set(tokens.scope.split(/[\s,]+/).filter((scope) => scope !== ''));
  // Without user.info.basic and video.publish the account cannot be posted to (core's scope table).
  const missing = missingRequiredScopes('tiktok', [...granted]);
  if (missing.length > 0) {
    return {
      kind: 'refused',
      reason: `TikTok did not grant ${missing.join(', ')}; connect again and allow every permission asked for.`,
      missingScopes: missing,
    };
  }
  const fields = ['open_id', 'union_id', 'avatar_url', 'display_name'];
  // The username (for the profile link) needs user.info.profile; without it the display name stands in.
  if (granted.has('user.info.profile')) fields.push('username');
  if (granted.has('user.info.stats')) fields.push('follower_count');
  let user: z.infer<typeof tiktokUserInfoSchema>['user'];
  try {
    ({ user } = await ctx.client.api(tiktokUserInfoSchema, {
      method: 'GET',
      url: `${ctx.hosts.api}${TIKTOK_PATHS.userInfo}`,
      accessToken: tokens.access_token,
      query: { fields: fields.join(',') },
    }));
  } catch (error) {
    return refusedOrThrow(error);
  }
  const handle = user.username ?? user.display_name ?? tokens.open_id;
  return {
    kind: 'connected',
    profiles: [
      {
        platformAccountId: tokens.open_id,
        handle,
        profileUrl: ctx.profileUrl(handle),
        profileImageUrl: user.avatar_url === undefined || user.avatar_url === '' ? null : user.avatar_url,
        followerCount: user.follower_count ?? null,
        credentials: credentialsOf(ctx, tokens),
        tokenExpiresAt: new Date(ctx.now().getTime() + tokens.expires_in * 1000),
      },
    ],
  };
}

/**
 * Rotates the tokens: TikTok answers a new refresh token with every refresh and the old one
 * stops working, so the new one is always what is stored. Null when TikTok refuses the refresh
 * token (`invalid_grant`: the account must reconnect); faults and a refused app reject.
 */
async function refreshTikTokTokens(
  ctx: TikTokOAuthContext,
  credentials: TikTokCredentials,
): Promise<RefreshedCredentials | null> {
  if (Date.parse(credentials.refreshExpiresAt) <= ctx.now().getTime()) return null;
  let tokens: TikTokTokens;
  try {
    tokens = await ctx.client.oauth(tiktokTokenSchema, `${ctx.hosts.api}${TIKTOK_PATHS.token}`, {
      client_key: ctx.clientId,
      client_secret: ctx.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: credentials.refreshToken,
    });
  } catch (error) {
    if (!(error instanceof TikTokRequestError)) throw error;
    const { status, code } = error.failure;
    // A wrong client key or secret is the server's configuration, which a reconnect cannot fix.
    if (status === null || status >= 500 || status === 429 || code === 'invalid_client') throw error;
    return null;
  }
  return {
    credentials: { ...credentialsOf(ctx, tokens), openId: tokens.open_id || credentials.openId },
    expiresAt: new Date(ctx.now().getTime() + tokens.expires_in * 1000),
  };
}

function credentialsOf(ctx: TikTokOAuthContext, tokens: TikTokTokens): TikTokCredentials {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    openId: tokens.open_id,
    scope: tokens.scope,
    refreshExpiresAt: new Date(ctx.now().getTime() + tokens.refresh_expires_in * 1000).toISOString(),
  };
}

function refusedOrThrow(error: unknown): CodeExchange {
  if (error instanceof TikTokRequestError) {
    const { status, code, message } = error.failure;
    if (status !== null && status >= 400 && status < 500 && status !== 429) {
      const words = (message ?? code ?? `HTTP ${status}`).replace(/\.$/, '');
      return {
        kind: 'refused',
        reason: `TikTok refused the connection: ${words}. Start connecting the account again and allow every permission asked for.`,
      };
    }
  }
  throw error;
}
