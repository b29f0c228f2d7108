import type { Actor } from '@svc/core';

/** What middlewares leave on `ctx.state` for the ones after them. */
export type HttpState = {
  /** Correlates the response, the access log line and any error log line. */
  requestId: string;
  /** Set by `authenticate` on authenticated routes. */
  actor?: Actor;
  /** Path parameters of the matched route. */
  params?: Record<string, string>;
};
