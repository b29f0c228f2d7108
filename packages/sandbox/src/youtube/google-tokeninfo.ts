import { apiRoute } from '../shared/api-route.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { SANDBOX_APPS } from '../shared/sandbox-apps.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { readToken } from '../shared/signed-token.js';
import { googleOAuthError } from './google-error.js';
import { YOUTUBE_DEFAULT_SCOPES } from './google-token-routes.js';
import { isLive } from './youtube-authenticate.js';

/**
 * `GET oauth2.googleapis.com/tokeninfo?access_token=…`: what an access token was granted
 * (`scope`, space-separated) and for which client; an expired, revoked or foreign token is
 * 400 `invalid_token` "Invalid Value", as Google answers.
 */
export function googleTokenInfoRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    apiRoute('youtube', ['GET', 'POST'], '/sandbox/youtube/oauth2/tokeninfo', 'youtube.tokeninfo', (r) =>
      tokenInfo(ctx, r),
    ),
  ];
}

function tokenInfo(ctx: SandboxContext, r: SandboxRequest): Reply {
  const raw = r.input.get('access_token') ?? '';
  const payload = readToken(ctx.secret, raw);
  if (payload === null || payload.p !== 'youtube' || payload.k !== 'access' || !isLive(ctx, raw, payload)) {
    throw googleOAuthError(400, 'invalid_token', 'Invalid Value');
  }
  const client = SANDBOX_APPS.youtube.clientId;
  const expiresIn = payload.exp === null ? 0 : Math.floor((payload.exp - nowOf(ctx)) / 1000);
  return jsonReply(200, {
    azp: client,
    aud: client,
    sub: payload.uid,
    scope: ctx.state.youtube.grantedScopes.get(payload.uid) ?? YOUTUBE_DEFAULT_SCOPES,
    exp: String(Math.floor((payload.exp ?? 0) / 1000)),
    expires_in: String(expiresIn),
    access_type: 'offline',
  });
}
