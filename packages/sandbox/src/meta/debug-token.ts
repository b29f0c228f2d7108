import { authenticate, tokenOf } from '../shared/authenticate.js';
import { graphError, SandboxHttpError } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { SANDBOX_APPS } from '../shared/sandbox-apps.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { type AppTokenPlatform, isAppToken } from './app-token.js';

// A token minted without a scope list holds every scope (token-scopes.ts): each platform's full set.
const DEFAULT_SCOPES: Readonly<Record<AppTokenPlatform, readonly string[]>> = {
  facebook: [
    'pages_show_list',
    'pages_manage_posts',
    'pages_read_engagement',
    'business_management',
    'public_profile',
  ],
  threads: [
    'threads_basic',
    'threads_content_publish',
    'threads_manage_insights',
    'threads_manage_replies',
    'threads_read_replies',
  ],
};

/**
 * `GET /debug_token?input_token&access_token` (Facebook: access_token is the app token; Threads:
 * a user token of the same app, or its app token). A token that fails to validate is answered
 * with `is_valid: false` and the error inside `data`, as Graph does, not as an error answer.
 */
export function debugToken(ctx: SandboxContext, r: SandboxRequest, platform: AppTokenPlatform): Reply {
  const caller = tokenOf(r);
  if (caller === null || !isAppToken(ctx, platform, caller)) {
    // Anything else must be a valid user token of the app; authenticate answers 190 otherwise.
    authenticate(ctx, r, platform);
  }
  const input = r.input.get('input_token');
  if (input === undefined || input === '') {
    throw graphError(400, { code: 100, message: '(#100) The parameter input_token is required' });
  }
  const app = SANDBOX_APPS[platform];
  try {
    const token = authenticate(ctx, r, platform, input);
    const scopes =
      token.s === undefined ? [...DEFAULT_SCOPES[platform]] : token.s.split(/[\s,]+/).filter((s) => s !== '');
    return jsonReply(200, {
      data: {
        app_id: app.clientId,
        type: token.k === 'page' ? 'PAGE' : 'USER',
        application: `${platform === 'facebook' ? 'Facebook' : 'Threads'} sandbox app`,
        expires_at: token.exp === null ? 0 : Math.floor(token.exp / 1000),
        is_valid: true,
        issued_at: Math.floor(token.iat / 1000),
        scopes,
        user_id: token.uid,
        ...(token.k === 'page' ? { profile_id: token.uid } : {}),
      },
    });
  } catch (error) {
    if (!(error instanceof SandboxHttpError)) throw error;
    const body = error.body as { error?: { code?: number; message?: string; error_subcode?: number } };
    return jsonReply(200, {
      data: {
        app_id: app.clientId,
        is_valid: false,
        scopes: [],
        error: {
          code: body.error?.code ?? 190,
          message: body.error?.message ?? 'Invalid OAuth access token.',
          ...(body.error?.error_subcode === undefined ? {} : { subcode: body.error.error_subcode }),
        },
      },
    });
  }
}
