import { authenticateApiKey, type CoreDeps, hasCredentialInQuery, svcError } from '@svc/core';
import type { Context, Next } from 'koa';
import type { HttpState } from './http-state.js';
import { SvcFailure, unwrap } from './svc-failure.js';

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
  return hasCredentialInQuery(ctx.querystring);
}
