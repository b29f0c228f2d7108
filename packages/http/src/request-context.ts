import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { HttpLogger } from './http-logger.js';
import type { HttpState } from './http-state.js';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives each request an id (the caller's `X-Request-Id` when it is sane, else a new one), echoes
 * it in the response, marks API responses as uncacheable, and writes one access log line per
 * request: method, path (never the query string, where a careless client may have put a key),
 * status, duration and the credential used.
 */
export function requestContext(logger: HttpLogger) {
  return async (ctx: Context & { state: HttpState }, next: Next): Promise<void> => {
    const started = performance.now();
    const given = ctx.get('X-Request-Id');
    ctx.state.requestId = CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    try {
      await next();
    } finally {
      logger.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          credentialId: ctx.state.actor?.credentialId,
        },
        'request',
      );
    }
  };
}
