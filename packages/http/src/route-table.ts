import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';
import type { HttpState } from './http-state.js';

/** One route: a method, a path (`:name` for a parameter) and the middleware that answers it. */
export type Route = {
  readonly method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly handlers: readonly Middleware[];
};

/** Longest path parameter a route takes; ids are far shorter, so a longer one is no endpoint (404). */
export const MAX_PARAM_LENGTH = 1000;

const METHODS: readonly HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Dispatches requests to routes through find-my-way's radix tree. Each route's middleware is
 * composed once here, not per request (a general-purpose router's per-request composing cost a
 * fifth of a request's time). Path parameters land in `ctx.state.params`, the route's template
 * in `ctx.state.route`. A known path asked with another method is answered 405 with an `Allow`
 * header; an unknown path falls through to `next`.
 */
export function routeTable(routes: readonly Route[]): Middleware {
  // find-my-way wants a Node-style handler; the composed Koa chain travels in the route's store.
  const router = routerOf(routes, (route) => ({ chain: compose([...route.handlers]), path: route.path }));
  return (ctx: Context & { state: HttpState }, next: Next) => {
    const found = router.find(ctx.method as HTTPMethod, ctx.path);
    if (found !== null) {
      const { chain, path } = found.store as { chain: Middleware; path: string };
      ctx.state.params = found.params as Record<string, string>;
      ctx.state.route = path;
      return chain(ctx, next);
    }
    const allowed = METHODS.filter(
      (method) => method !== ctx.method && router.find(method, ctx.path) !== null,
    );
    if (allowed.length === 0) return next();
    ctx.status = 405;
    ctx.set('Allow', allowed.join(', '));
    return undefined;
  };
}

/**
 * Sets `ctx.state.route` to the template of the route a request will reach, for middleware that
 * may answer before the route table does (the rate limits): their answers are still counted
 * under the route, not as unmatched. A lookup in a radix tree costs well under a microsecond.
 */
export function routeLabel(routes: readonly Route[]): Middleware {
  const router = routerOf(routes, (route) => ({ path: route.path }));
  return (ctx: Context & { state: HttpState }, next: Next) => {
    const found = router.find(ctx.method as HTTPMethod, ctx.path);
    if (found !== null) ctx.state.route = (found.store as { path: string }).path;
    return next();
  };
}

function routerOf(routes: readonly Route[], storeOf: (route: Route) => object) {
  const router = FindMyWay({
    caseSensitive: true,
    ignoreTrailingSlash: false,
    maxParamLength: MAX_PARAM_LENGTH,
  });
  for (const route of routes) router.on(route.method, route.path, () => undefined, storeOf(route));
  return router;
}
