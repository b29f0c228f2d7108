import { API_KEY_SCAN_PATTERN, authenticateApiKey, type CoreDeps, svcError } from '@svc/core';
import type { Context, Next } from 'koa';
import type { HttpState } from './http-state.js';
import { SvcFailure, unwrap } from './svc-failure.js';

/** Query parameter names under which clients habitually send credentials. */
const CREDENTIAL_PARAMS = new Set([
  'api_key',
  'apikey',
  'api-key',
  'key',
  'token',
  'access_token',
  'auth',
  'authorization',
  'bearer',
]);

/**
 * Authenticates the `Authorization: Bearer` header and leaves the Actor on `ctx.state.actor`.
 * A credential in the query string is refused outright rather than ignored: the caller must
 * learn that the key has leaked into URLs and logs, and that it will never be read from there.
 */
export function authenticate(core: Pick<CoreDeps, 'store' | 'keyHasher' | 'clock'>) {
  return async (ctx: Context & { state: HttpState }, next: Next): Promise<void> => {
    if (hasCredentialInUrl(ctx)) {
      throw new SvcFailure(
        svcError(
          'api_key_in_url',
          'Keys are never accepted in the URL. Send "Authorization: Bearer <key>", and revoke the key you sent: URLs end up in logs.',
        ),
      );
    }
    ctx.state.actor = await unwrap(authenticateApiKey(core, ctx.get('Authorization') || undefined));
    await next();
  };
}

function hasCredentialInUrl(ctx: Context): boolean {
  if (ctx.querystring === '') return false;
  API_KEY_SCAN_PATTERN.lastIndex = 0;
  if (API_KEY_SCAN_PATTERN.test(safelyDecoded(ctx.querystring))) return true;
  return Object.keys(ctx.query).some((name) => CREDENTIAL_PARAMS.has(name.toLowerCase()));
}

function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // malformed escapes: look at the raw text
  }
}
