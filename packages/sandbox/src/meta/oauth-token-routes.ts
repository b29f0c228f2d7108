import { accountIdFor } from '../shared/account-ids.js';
import { apiRoute } from '../shared/api-route.js';
import { authenticate } from '../shared/authenticate.js';
import { graphError, SandboxHttpError } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { SANDBOX_APPS } from '../shared/sandbox-apps.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxPlatform } from '../shared/sandbox-publication.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { generationOf } from '../shared/sandbox-state.js';
import {
  type CodePayload,
  issueToken,
  LIFETIMES_MS,
  readCode,
  type TokenKind,
} from '../shared/signed-token.js';
import { type AppTokenPlatform, appAccessToken } from './app-token.js';
import { debugToken } from './debug-token.js';

/** Why a code exchange was refused. */
type Refusal = 'app' | 'secret' | 'grant' | 'code' | 'expired' | 'used' | 'redirect';

// api.instagram.com words its refusals in its own flat shape.
const INSTAGRAM_MESSAGES: Readonly<Record<Refusal, string>> = {
  app: 'Invalid platform app',
  secret: 'Error validating client secret.',
  grant: 'Invalid grant_type: expected authorization_code',
  code: 'Invalid authorization code',
  expired: 'This authorization code has expired',
  used: 'This authorization code has been used',
  redirect:
    'Error validating verification code. Please make sure your redirect_uri is identical to the one you ' +
    'used in the OAuth dialog request',
};

const GRAPH_REFUSALS: Readonly<Record<Refusal, { code: number; subcode?: number; message: string }>> = {
  app: { code: 101, message: 'Error validating application. Invalid application ID.' },
  secret: { code: 101, message: 'Error validating client secret.' },
  grant: { code: 100, message: 'Unsupported grant_type' },
  code: { code: 100, subcode: 36007, message: 'Invalid verification code format.' },
  expired: { code: 100, subcode: 36007, message: 'This authorization code has expired.' },
  used: { code: 100, subcode: 36009, message: 'This authorization code has been used.' },
  redirect: { code: 100, subcode: 36008, message: INSTAGRAM_MESSAGES.redirect },
};

const graphRefusal = (refusal: Refusal) => graphError(400, GRAPH_REFUSALS[refusal]);

// How the intercept hook names each grant of Facebook's token endpoint.
const FACEBOOK_TOKEN_OPERATIONS: Readonly<Record<string, string>> = {
  fb_exchange_token: 'facebook.exchange',
  client_credentials: 'facebook.app_token',
};

const EXPIRES_IN = { instagram: 5_184_000, threads: 5_184_000, facebook: 5_183_944 } as const;

/** The code-exchange, long-lived exchange and refresh endpoints of the three platforms. */
export function oauthTokenRoutes(ctx: SandboxContext): RouteSpec[] {
  // graph.instagram.com and graph.threads.net answer these with and without a version segment.
  const endpoint = (
    host: string,
    path: string,
    platform: SandboxPlatform,
    operation: string,
    run: (r: SandboxRequest) => Reply,
  ): RouteSpec[] =>
    [`${host}/${path}`, `${host}/:version/${path}`].map((full) =>
      apiRoute(platform, ['GET', 'POST'], full, operation, run),
    );
  const ig = '/sandbox/instagram/graph';
  const th = '/sandbox/threads/graph';
  const facebook: RouteSpec = apiRoute(
    'facebook',
    ['GET', 'POST'],
    '/sandbox/facebook/graph/:version/oauth/access_token',
    (r) => FACEBOOK_TOKEN_OPERATIONS[r.input.get('grant_type') ?? ''] ?? 'facebook.token',
    (r) => facebookToken(ctx, r),
  );
  return [
    apiRoute('instagram', ['POST'], '/sandbox/instagram/api/oauth/access_token', 'instagram.token', (r) =>
      instagramCode(ctx, r),
    ),
    ...endpoint(ig, 'access_token', 'instagram', 'instagram.exchange', (r) => exchange(ctx, r, 'instagram')),
    ...endpoint(ig, 'refresh_access_token', 'instagram', 'instagram.refresh', (r) =>
      refresh(ctx, r, 'instagram'),
    ),
    ...endpoint(th, 'oauth/access_token', 'threads', 'threads.token', (r) => threadsCode(ctx, r)),
    ...endpoint(th, 'access_token', 'threads', 'threads.exchange', (r) => exchange(ctx, r, 'threads')),
    ...endpoint(th, 'refresh_access_token', 'threads', 'threads.refresh', (r) => refresh(ctx, r, 'threads')),
    ...endpoint(th, 'debug_token', 'threads', 'threads.debug_token', (r) => debugToken(ctx, r, 'threads')),
    facebook,
  ];
}

/** Checks a code exchange and burns the code; returns the code's payload or why it was refused. */
function redeemCode(
  ctx: SandboxContext,
  platform: SandboxPlatform,
  r: SandboxRequest,
): CodePayload | Refusal {
  const app = SANDBOX_APPS[platform];
  const clientId = r.input.get('client_id');
  if (clientId !== app.clientId) return 'app';
  if (r.input.get('client_secret') !== app.clientSecret) return 'secret';
  const grant = r.input.get('grant_type');
  if (grant !== undefined && grant !== 'authorization_code') return 'grant';
  const payload = readCode(ctx.secret, r.input.get('code') ?? '');
  if (payload === null || payload.p !== platform || payload.c !== clientId) return 'code';
  if (ctx.state.usedCodes.has(payload.n)) return 'used';
  if (nowOf(ctx) >= payload.exp) return 'expired';
  if (payload.r !== r.input.get('redirect_uri')) return 'redirect';
  ctx.state.usedCodes.add(payload.n);
  return payload;
}

function mint(
  ctx: SandboxContext,
  platform: SandboxPlatform,
  kind: TokenKind,
  uid: string,
  handle: string,
  lifetimeMs: number | null,
  scopes: string | undefined,
): string {
  return issueToken(ctx.secret, {
    platform,
    kind,
    uid,
    handle,
    now: nowOf(ctx),
    lifetimeMs,
    generation: generationOf(ctx.state, platform, uid),
    scopes,
  });
}

function instagramCode(ctx: SandboxContext, r: SandboxRequest): Reply {
  const code = redeemCode(ctx, 'instagram', r);
  if (typeof code === 'string') {
    throw new SandboxHttpError(400, {
      error_type: 'OAuthException',
      code: 400,
      error_message: INSTAGRAM_MESSAGES[code],
    });
  }
  const uid = accountIdFor('instagram', code.h);
  return jsonReply(200, {
    access_token: mint(ctx, 'instagram', 'short', uid, code.h, LIFETIMES_MS.short, code.s),
    user_id: Number(uid),
    permissions: grantedPermissions(code.s),
  });
}

// What an Instagram consent without a scope list is taken to grant.
const DEFAULT_INSTAGRAM_PERMISSIONS = ['instagram_business_basic', 'instagram_business_content_publish'];

/** The scopes the consent granted, as the short-lived token answer lists them. */
function grantedPermissions(scopes: string | undefined): string[] {
  const granted = (scopes ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
  return granted.length === 0 ? [...DEFAULT_INSTAGRAM_PERMISSIONS] : [...new Set(granted)];
}

function threadsCode(ctx: SandboxContext, r: SandboxRequest): Reply {
  if (r.input.get('grant_type') === 'client_credentials') return appToken(ctx, r, 'threads');
  const code = redeemCode(ctx, 'threads', r);
  if (typeof code === 'string') throw graphRefusal(code);
  const uid = accountIdFor('threads', code.h);
  return jsonReply(200, {
    access_token: mint(ctx, 'threads', 'short', uid, code.h, LIFETIMES_MS.short, code.s),
    user_id: Number(uid),
  });
}

const longLived = (
  ctx: SandboxContext,
  platform: keyof typeof EXPIRES_IN,
  uid: string,
  handle: string,
  kind: TokenKind,
  scopes: string | undefined,
) =>
  jsonReply(200, {
    access_token: mint(ctx, platform, kind, uid, handle, LIFETIMES_MS.long, scopes),
    token_type: 'bearer',
    expires_in: EXPIRES_IN[platform],
  });

/** `GET /access_token?grant_type=ig_exchange_token|th_exchange_token&client_secret&access_token`. */
function exchange(ctx: SandboxContext, r: SandboxRequest, platform: 'instagram' | 'threads'): Reply {
  const grant = platform === 'instagram' ? 'ig_exchange_token' : 'th_exchange_token';
  if (r.input.get('grant_type') !== grant) throw graphRefusal('grant');
  if (r.input.get('client_secret') !== SANDBOX_APPS[platform].clientSecret) throw graphRefusal('secret');
  const token = authenticate(ctx, r, platform);
  return longLived(ctx, platform, token.uid, token.h, 'long', token.s);
}

/**
 * `GET /refresh_access_token?grant_type=ig_refresh_token|th_refresh_token&access_token`: only
 * long-lived, unexpired tokens at least `refreshMinAgeMs` old (24 h on the real platforms).
 */
function refresh(ctx: SandboxContext, r: SandboxRequest, platform: 'instagram' | 'threads'): Reply {
  const grant = platform === 'instagram' ? 'ig_refresh_token' : 'th_refresh_token';
  if (r.input.get('grant_type') !== grant) throw graphRefusal('grant');
  const token = authenticate(ctx, r, platform);
  if (token.k !== 'long') {
    throw graphError(400, { code: 100, message: '(#100) Only long-lived access tokens can be refreshed' });
  }
  if (nowOf(ctx) - token.iat < ctx.refreshMinAgeMs) {
    const hours = Math.round(ctx.refreshMinAgeMs / 3_600_000);
    throw graphError(400, {
      code: 100,
      message: `(#100) The access token cannot be refreshed yet: it must be at least ${hours} hours old`,
    });
  }
  return longLived(ctx, platform, token.uid, token.h, 'long', token.s);
}

/** `GET /{version}/oauth/access_token`: the code exchange, or `grant_type=fb_exchange_token`. */
function facebookToken(ctx: SandboxContext, r: SandboxRequest): Reply {
  if (r.input.get('grant_type') === 'client_credentials') return appToken(ctx, r, 'facebook');
  if (r.input.get('grant_type') === 'fb_exchange_token') {
    const app = SANDBOX_APPS.facebook;
    if (r.input.get('client_id') !== app.clientId) throw graphRefusal('app');
    if (r.input.get('client_secret') !== app.clientSecret) throw graphRefusal('secret');
    const token = authenticate(ctx, r, 'facebook', r.input.get('fb_exchange_token') ?? null);
    if (token.k !== 'user') {
      throw graphError(400, { code: 100, message: '(#100) fb_exchange_token must be a user access token' });
    }
    return longLived(ctx, 'facebook', token.uid, token.h, 'user', token.s);
  }
  const code = redeemCode(ctx, 'facebook', r);
  if (typeof code === 'string') throw graphRefusal(code);
  return longLived(ctx, 'facebook', accountIdFor('facebook-user', code.h), code.h, 'user', code.s);
}

/**
 * `GET /oauth/access_token?client_id&client_secret&grant_type=client_credentials`: the app access
 * token, refused with code 101 when the app id or its secret is wrong (graph access-token docs).
 */
function appToken(ctx: SandboxContext, r: SandboxRequest, platform: AppTokenPlatform): Reply {
  const app = SANDBOX_APPS[platform];
  if (r.input.get('client_id') !== app.clientId) throw graphRefusal('app');
  if (r.input.get('client_secret') !== app.clientSecret) throw graphRefusal('secret');
  return jsonReply(200, { access_token: appAccessToken(ctx, platform), token_type: 'bearer' });
}
