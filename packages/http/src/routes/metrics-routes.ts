import { createHash, timingSafeEqual } from 'node:crypto';
import { svcError } from '@svc/core';
import { SvcFailure } from '@svc/web';
import type { Context } from 'koa';
import type { HttpState } from '../http-state.js';
import type { Route } from '../route-table.js';

/** Where Prometheus scrapes (docs/operations.md, "Metrics"). */
export const METRICS_PATH = '/metrics';

/** What `GET /metrics` serves: the process's metrics in Prometheus' text format. */
export type MetricsExposition = {
  /** `SVC_METRICS_TOKEN`: scrapers send it as `Authorization: Bearer`; null leaves /metrics open. */
  readonly token: string | null;
  /** The content type of the text format (prom-client's `registry.contentType`). */
  readonly contentType: string;
  /** The current metrics, rendered in the text format. */
  render(): Promise<string>;
};

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * `GET /metrics`. With a token configured, a request without `Authorization: Bearer <token>` is
 * refused 401 `invalid_metrics_token` with `WWW-Authenticate: Bearer`. The token is compared in
 * constant time, and never read from the URL, where it would end up in proxies' logs.
 */
export function metricsRoutes(exposition: MetricsExposition): Route[] {
  const expected = exposition.token === null ? null : digest(exposition.token);
  const serve = async (ctx: Context & { state: HttpState }) => {
    if (expected !== null) {
      const given = BEARER.exec(ctx.get('Authorization'))?.[1];
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new SvcFailure(
          svcError(
            'invalid_metrics_token',
            'GET /metrics needs the token set in SVC_METRICS_TOKEN, sent as "Authorization: Bearer <token>".',
          ),
        );
      }
    }
    ctx.type = exposition.contentType;
    ctx.body = await exposition.render();
  };
  return [{ method: 'GET', path: METRICS_PATH, handlers: [serve] }];
}

// Digests have one length whatever was sent, so the comparison reveals nothing, not even the length.
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
