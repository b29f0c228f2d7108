import { createHmac } from 'node:crypto';
import { jsonReply, type Reply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';

// Client access tokens live 2 hours (client-access-token-management).
const CLIENT_TOKEN_SECONDS = 7200;

/**
 * `POST /v2/oauth/token/` with `grant_type=client_credentials`, once the client key and secret
 * were checked: a client access token, which needs no user and reads nobody's data.
 */
export function tiktokClientToken(ctx: SandboxContext): Reply {
  const mac = createHmac('sha256', ctx.secret).update('tiktok-client-token').digest('base64url');
  return jsonReply(200, {
    access_token: `clt.${mac.slice(0, 40)}`,
    expires_in: CLIENT_TOKEN_SECONDS,
    token_type: 'Bearer',
  });
}
