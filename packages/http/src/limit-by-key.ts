import { hitKeyRateLimit } from '@svc/core';
import type { Context, Next } from 'koa';
import { apiRateLimits } from './api-rate-limits.js';
import { applyRateLimit } from './apply-rate-limit.js';
import type { HttpDeps } from './http-deps.js';
import { actorOf, type HttpState } from './http-state.js';

/**
 * Counts an authenticated request against its credential (an API key, or an OAuth client for one
 * user), with the quota of the owner's plan. Runs right after `authenticate`; no limit when the
 * settings turn that plan's off.
 */
export function limitByKey(deps: Pick<HttpDeps, 'core' | 'rateLimits' | 'rateLimiter'>) {
  const limits = apiRateLimits(deps);
  return async (ctx: Context & { state: HttpState }, next: Next): Promise<void> => {
    const decision = await hitKeyRateLimit(limits, deps.rateLimits, actorOf(ctx));
    if (decision !== null) applyRateLimit(ctx, decision);
    await next();
  };
}
