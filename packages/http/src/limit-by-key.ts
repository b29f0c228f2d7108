import { hitKeyRateLimit } from '@svc/core';
import type { Context } from 'koa';
import { apiRateLimits } from './api-rate-limits.js';
import { applyRateLimit } from './apply-rate-limit.js';
import type { HttpDeps } from './http-deps.js';
import { actorOf, type HttpState } from './http-state.js';

/**
 * Counts an authenticated request against its credential (an API key, or an OAuth client for one
 * user), with the quota of the owner's plan. `authenticate` runs it right after it found the
 * caller, in the same middleware step; no limit when the settings turn that plan's off.
 */
export function limitByKey(
  deps: Pick<HttpDeps, 'core' | 'rateLimits' | 'rateLimiter'>,
): (ctx: Context & { state: HttpState }) => Promise<void> {
  const limits = apiRateLimits(deps);
  return async (ctx) => {
    const decision = await hitKeyRateLimit(limits, deps.rateLimits, actorOf(ctx));
    if (decision !== null) applyRateLimit(ctx, decision);
  };
}
