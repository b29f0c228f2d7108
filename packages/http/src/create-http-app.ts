import Koa from 'koa';
import { apiOperations } from './api-operations.js';
import { apiRateLimits } from './api-rate-limits.js';
import { errorMiddleware } from './error-middleware.js';
import type { HttpDeps } from './http-deps.js';
import { limitByAddress } from './limit-by-address.js';
import { operationRoutes } from './operation-routes.js';
import { logRequest, requestContext, requestIdOf } from './request-context.js';
import { type Route, routeTable } from './route-table.js';
import { connectionRoutes } from './routes/connection-routes.js';
import { instagramWebhookRoutes } from './routes/instagram-webhook-routes.js';
import { metricsRoutes } from './routes/metrics-routes.js';

/**
 * The Koa app of the REST API. Middleware order matters: the request context wraps everything
 * (so the access log sees the final status), the error middleware wraps every route (so every
 * failure gets the one error shape, including the 404 and 405 the route table leaves bodiless).
 */
export function createHttpApp(given: HttpDeps): Koa {
  // One limiter for the address and key limits of every route.
  const deps = { ...given, rateLimiter: apiRateLimits(given).rateLimiter };
  const app = new Koa({ proxy: deps.trustProxy });
  // Koa would print unexpected errors to stderr on its own; ours are logged by errorMiddleware.
  app.silent = true;
  const mounts = deps.mounts ?? [];
  // One middleware for all mounts, not one each: every API request passes them, and each step of
  // Koa's chain costs a bound function and a promise.
  if (mounts.length > 0) {
    app.use((ctx, next) => {
      const mount = mounts.find((m) => m.owns(ctx.path));
      if (mount === undefined) return next();
      ctx.respond = false; // the mount writes the response itself
      // Mounts (the tool endpoint, OAuth, the sandbox) get the same request id and access log line
      // as the routes below, written when the response is done.
      const started = performance.now();
      const requestId = requestIdOf(ctx.get('X-Request-Id'));
      const { method, path } = ctx;
      ctx.res.setHeader('X-Request-Id', requestId);
      ctx.res.once('close', () => {
        logRequest(deps.logger, { requestId, method, path, status: ctx.res.statusCode, started });
        // One label per mount: its paths are its own business, and unbounded.
        deps.requestObserver?.({
          method,
          route: mount.route ?? 'mount',
          status: ctx.res.statusCode,
          durationMs: performance.now() - started,
        });
      });
      mount.handle(ctx.req, ctx.res);
      return undefined;
    });
  }
  app.use(requestContext(deps.logger, deps.requestObserver));
  app.use(errorMiddleware(deps.logger));
  // The address limit runs once the route is found, so metrics count a request it refuses under
  // its route; inside the error middleware, so a refusal gets the one error shape and its headers.
  app.use(routeTable(httpRoutes(deps), limitByAddress(deps)));
  return app;
}

/** Every route the app answers: the documented operations, then the pages outside the API. */
export function httpRoutes(deps: HttpDeps): Route[] {
  return [
    ...operationRoutes(apiOperations(deps), deps),
    // Not part of the API: the pages a person's browser opens, and the intake Meta calls.
    ...connectionRoutes(deps),
    ...instagramWebhookRoutes(deps),
    ...(deps.metrics === undefined ? [] : metricsRoutes(deps.metrics)),
  ];
}
