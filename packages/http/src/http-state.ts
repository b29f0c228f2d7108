import type { Actor, RateLimitDecision } from '@svc/core';

/** What middlewares leave on `ctx.state` for the ones after them. */
export type HttpState = {
  /** Correlates the response, the access log line and any error log line. */
  requestId: string;
  /** Set by `authenticate` on authenticated routes. */
  actor?: Actor;
  /** Path parameters of the matched route. */
  params?: Record<string, string>;
  /** The matched route's path template (`/api/v1/posts/:id`), which metrics count requests by. */
  route?: string;
  /** What each rate limit decided so far (per address, then per key), for the headers. */
  rateLimits?: RateLimitDecision[];
};

/** The authenticated caller of a route that runs after `authenticate`. */
export function actorOf(ctx: { readonly state: HttpState }): Actor {
  const { actor } = ctx.state;
  if (actor === undefined) throw new Error('Route reached without authentication.');
  return actor;
}
