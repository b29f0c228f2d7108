import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { writeRateLimitHeaders } from './apply-rate-limit.js';
import type { HttpLogger } from './http-logger.js';
import type { HttpState } from './http-state.js';
import { type RequestObserver, UNMATCHED_ROUTE } from './request-observer.js';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives each request an id (the caller's `X-Request-Id` when it is sane, else a new one), echoes
 * it in the response, marks API responses as uncacheable, and writes one access log line per
 * request: method, path (never the query string, where a careless client may have put a key),
 * status, duration and the credential used. The `observer` (metrics) hears each request by its
 * route template. The rate-limit headers of the limits the request met go on its answer here,
 * once, whatever the answer is.
 */
export function requestContext(logger: HttpLogger, observer?: RequestObserver) {
  return async (ctx: Context & { state: HttpState }, next: Next): Promise<void> => {
    const started = performance.now();
    ctx.state.requestId = requestIdOf(ctx.get('X-Request-Id'));
    ctx.set('X-Request-Id', ctx.state.requestId);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    try {
      await next();
    } finally {
      writeRateLimitHeaders(ctx);
      logRequest(logger, {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        started,
        credentialId: ctx.state.actor?.credentialId,
      });
      observer?.({
        method: ctx.method,
        route: ctx.state.route ?? UNMATCHED_ROUTE,
        status: ctx.status,
        durationMs: performance.now() - started,
      });
    }
  };
}

/** The request id to use: the caller's `X-Request-Id` when it is sane, else a new one. */
export function requestIdOf(given: string | undefined): string {
  return given !== undefined && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Writes the one access log line of a request (the path never carries its query string). */
export function logRequest(
  logger: HttpLogger,
  line: {
    readonly requestId: string;
    readonly method: string;
    readonly path: string;
    readonly status: number;
    /** `performance.now()` when the request arrived. */
    readonly started: number;
    readonly credentialId?: string | undefined;
  },
): void {
  const { started, ...fields } = line;
  logger.info({ ...fields, durationMs: Math.round((performance.now() - started) * 10) / 10 }, 'request');
}
