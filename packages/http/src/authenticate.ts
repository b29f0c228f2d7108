import { authenticateApiKey, type CoreDeps, credentialInQueryRefusal } from '@svc/core';
import { SvcFailure, unwrap } from '@svc/web';
import type { Context, Next } from 'koa';
import type { HttpLogger } from './http-logger.js';
import type { HttpState } from './http-state.js';

/**
 * Authenticates the `Authorization: Bearer` header and leaves the Actor on `ctx.state.actor`.
 * A credential in the query string is refused outright rather than ignored: the caller must
 * learn that the key has leaked into URLs and logs, and that it will never be read from there
 * (401 `missing_api_key` without a header, 400 `api_key_in_url` beside one; core decides).
 * A key's last use that cannot be recorded is logged by key id and refuses nothing. `limit`, when
 * given, counts the caller against its own limit in the same step (one middleware, not two).
 */
export function authenticate(
  core: Pick<CoreDeps, 'store' | 'keyHasher' | 'clock'>,
  logger?: Pick<HttpLogger, 'warn'>,
  limit?: (ctx: Context & { state: HttpState }) => Promise<void>,
) {
  const onFault = ({ credentialId, error }: { credentialId: string; error: unknown }) =>
    logger?.warn({ keyId: credentialId, error: String(error) }, 'A key’s last use could not be recorded.');
  return async (ctx: Context & { state: HttpState }, next: Next): Promise<void> => {
    const authorization = ctx.get('Authorization') || undefined;
    const refused = credentialInQueryRefusal(ctx.querystring, authorization);
    if (refused !== null) throw new SvcFailure(refused);
    ctx.state.actor = await unwrap(authenticateApiKey(core, authorization, onFault));
    if (limit !== undefined) await limit(ctx);
    await next();
  };
}
