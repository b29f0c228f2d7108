import Koa from 'koa';
import { errorMiddleware } from './error-middleware.js';
import type { HttpLogger } from './http-logger.js';
import { requestContext } from './request-context.js';
import type { RequestObserver } from './request-observer.js';
import { routeTable } from './route-table.js';
import { type MetricsExposition, metricsRoutes } from './routes/metrics-routes.js';

/** What the metrics-only app is built from. */
export type MetricsAppDeps = {
  readonly logger: HttpLogger;
  readonly metrics: MetricsExposition;
  /** Hears its requests too, so scrapes show up in the metrics they read. */
  readonly requestObserver?: RequestObserver;
};

/**
 * A Koa app that answers only `GET /metrics`, for processes without the API (`svc publisher` on
 * `SVC_METRICS_PORT`): the same route, token check, error shape and access log as the API
 * server's, and the one-error-shape 404 for any other path.
 */
export function createMetricsApp(deps: MetricsAppDeps): Koa {
  const app = new Koa();
  app.silent = true;
  app.use(requestContext(deps.logger, deps.requestObserver));
  app.use(errorMiddleware(deps.logger));
  app.use(routeTable(metricsRoutes(deps.metrics)));
  return app;
}
