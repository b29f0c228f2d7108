import { hitAddressRateLimit } from '@svc/core';
import { clientAddress } from '@svc/web';
import type { Context, Next } from 'koa';
import { apiRateLimits } from './api-rate-limits.js';
import { applyRateLimit } from './apply-rate-limit.js';
import type { HttpDeps } from './http-deps.js';
import type { HttpState } from './http-state.js';
import { isAddressLimited } from './rate-limited.js';

/**
 * Counts every request to /api/v1 against its client address (the peer, or the first forwarded
 * address behind a trusted proxy; an IPv6 address by its /64), before authentication: it is what
 * slows down guessing keys and hammering the unauthenticated endpoints. No limit when the
 * settings turn it off.
 */
export function limitByAddress(deps: Pick<HttpDeps, 'core' | 'trustProxy' | 'rateLimits' | 'rateLimiter'>) {
  const limits = apiRateLimits(deps);
  return async (ctx: Context & { state: HttpState }, next: Next): Promise<void> => {
    if (!isAddressLimited(ctx.path)) return next();
    const address = clientAddress(ctx.req, deps.trustProxy);
    const decision = await hitAddressRateLimit(limits, deps.rateLimits, address);
    if (decision !== null) applyRateLimit(ctx, decision);
    await next();
  };
}
