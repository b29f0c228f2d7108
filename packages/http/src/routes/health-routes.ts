import type { Context } from 'koa';
import type { HttpDeps } from '../http-deps.js';
import type { Route } from '../route-table.js';

/** How long the health check waits for the database before calling it unreachable. */
const PING_TIMEOUT_MS = 2000;

/**
 * GET /api/health, without authentication: 200 `{status: "ok", database: "ok", version}` when
 * the database answers, 503 with `database: "unreachable"` when it does not, so load balancers
 * stop sending traffic to an instance that cannot serve it.
 */
export function healthRoutes(deps: HttpDeps): Route[] {
  const health = async (ctx: Context) => {
    const reachable = await pingWithin(deps, PING_TIMEOUT_MS);
    ctx.status = reachable ? 200 : 503;
    ctx.body = {
      status: reachable ? 'ok' : 'unavailable',
      database: reachable ? 'ok' : 'unreachable',
      version: deps.version,
    };
  };
  return [{ method: 'GET', path: '/api/health', handlers: [health] }];
}

async function pingWithin(deps: HttpDeps, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([deps.core.store.ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
