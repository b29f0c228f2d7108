import { tokenOf } from '../shared/authenticate.js';
import { SandboxHttpError } from '../shared/graph-error.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { readToken, type TokenPayload } from '../shared/signed-token.js';
import { googleError } from './google-error.js';

// Google answers every refused bearer token the same way, pointing at the Authorization header.
const invalidCredentials = (): SandboxHttpError =>
  new SandboxHttpError(401, {
    error: {
      code: 401,
      message: 'Invalid Credentials',
      errors: [
        {
          message: 'Invalid Credentials',
          domain: 'global',
          reason: 'authError',
          location: 'Authorization',
          locationType: 'header',
        },
      ],
      status: 'UNAUTHENTICATED',
    },
  });

/**
 * The payload of the call's Google access token (`Authorization: Bearer`, or the `access_token`
 * parameter Google still accepts), or 401 `authError` "Invalid Credentials" when it is missing,
 * not genuine, not an access token, expired by the sandbox clock, expired by a test
 * (`expireToken`) or older than the channel's last invalidation (`invalidateTokensOf`, `/revoke`).
 * A suspended account (`setYouTubeChannel`) is refused with 403 `authenticatedUserAccountSuspended`.
 */
export function authenticateYouTube(ctx: SandboxContext, request: SandboxRequest): TokenPayload {
  const token = tokenOf(request);
  const payload = token === null ? null : readToken(ctx.secret, token);
  if (token === null || payload === null || payload.p !== 'youtube' || payload.k !== 'access') {
    throw invalidCredentials();
  }
  if (!isLive(ctx, token, payload)) throw invalidCredentials();
  if (ctx.state.youtube.channels.get(payload.uid) === 'suspended') {
    throw googleError(
      403,
      'authenticatedUserAccountSuspended',
      'The YouTube account of the authenticated user is suspended.',
      'youtube.header',
    );
  }
  return payload;
}

/** Whether a genuine token is still good: not expired, not denied by a test, not invalidated. */
export function isLive(ctx: SandboxContext, token: string, payload: TokenPayload): boolean {
  if (ctx.state.deniedTokens.has(token)) return false;
  const invalidation = ctx.state.invalidations.get(`youtube:${payload.uid}`);
  if (invalidation !== undefined && (payload.g ?? 0) < invalidation.generation) return false;
  return payload.exp === null || nowOf(ctx) < payload.exp;
}
