import { hitRateLimit, keyRateLimitPolicy, keyRateLimitSubject } from '@svc/core';
import type { Context, Next } from 'koa';
import { applyRateLimit } from './apply-rate-limit.js';
import type { HttpDeps } from './http-deps.js';
import { actorOf, type HttpState } from './http-state.js';

/**
 * Counts an authenticated request against its credential (an API key, or an OAuth client for one
 * user), with the quota of the owner's plan. Runs right after `authenticate`; no limit when the
 * settings turn that plan's off.
 */
export function limitByKey(deps: Pick<HttpDeps, 'core' | 'rateLimits'>) {
  const settings = deps.rateLimits;
  return async (ctx: Context & { state: HttpState }, next: Next): Promise<void> => {
    const actor = actorOf(ctx);
    const policy =
      settings === undefined ? null : keyRateLimitPolicy(actor.user, deps.core.clock.now(), settings);
    if (policy !== null)
      applyRateLimit(ctx, await hitRateLimit(deps.core, policy, keyRateLimitSubject(actor)));
    await next();
  };
}
