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
 * A step every request passes once its route is known, before the route's own middleware: the
 * per-address rate limit, which must count unknown paths too and have its refusals labelled with
 * the route they were refused on. It answers by throwing; `undefined` means nothing to wait for.
 */
export type RouteAdmission = (ctx: Context & { state: HttpState }) => Promise<void> | undefined;

/**
 * Dispatches requests to routes through find-my-way's radix tree. Each route's middleware is
 * composed once here, not per request (a general-purpose router's per-request composing cost a
 * fifth of a request's time). Path parameters land in `ctx.state.params`, the route's template
 * in `ctx.state.route`, and then `admit` runs: one lookup serves the metrics label, the
 * admission and the dispatch, where three Koa middlewares each did their own. A known path asked
 * with another method is answered 405 with an `Allow` header; an unknown path falls through to
 * `next`.
 */
export function routeTable(routes: readonly Route[], admit?: RouteAdmission): Middleware {
  // find-my-way wants a Node-style handler; the composed Koa chain travels in the route's store.
  const router = routerOf(routes, (route) => ({ chain: compose([...route.handlers]), path: route.path }));
  // find-my-way lets a parameter match an empty segment (`DELETE /api/v1/posts/` as the post ""),
  // which reached the use cases as an id and came back "Post  not found.": no route has that path.
  const find = (method: HTTPMethod, path: string) => {
    const found = router.find(method, path);
    return found === null || Object.values(found.params).includes('') ? null : found;
  };
  const dispatch = (ctx: Context & { state: HttpState }, next: Next, chain: Middleware | undefined) => {
    if (chain !== undefined) return chain(ctx, next);
    const allowed = METHODS.filter((method) => method !== ctx.method && find(method, ctx.path) !== null);
    if (allowed.length === 0) return next();
    ctx.status = 405;
    ctx.set('Allow', allowed.join(', '));
    return undefined;
  };
  return (ctx: Context & { state: HttpState }, next: Next) => {
    const found = find(ctx.method as HTTPMethod, ctx.path);
    let chain: Middleware | undefined;
    if (found !== null) {
      const store = found.store as { chain: Middleware; path: string };
      chain = store.chain;
      ctx.state.params = found.params as Record<string, string>;
      ctx.state.route = store.path;
    }
    const admitting = admit?.(ctx);
    return admitting === undefined
      ? dispatch(ctx, next, chain)
      : admitting.then(() => dispatch(ctx, next, chain));
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
