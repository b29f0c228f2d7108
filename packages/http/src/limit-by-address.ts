import { hitAddressRateLimit } from '@svc/core';
import { clientAddress } from '@svc/web';
import { apiRateLimits } from './api-rate-limits.js';
import { applyRateLimit } from './apply-rate-limit.js';
import type { HttpDeps } from './http-deps.js';
import { isAddressLimited } from './rate-limited.js';
import type { RouteAdmission } from './route-table.js';

/**
 * Counts every request to /api/v1 against its client address (the peer, or the first forwarded
 * address behind a trusted proxy; an IPv6 address by its /64), before authentication: it is what
 * slows down guessing keys and hammering the unauthenticated endpoints. No limit when the
 * settings turn it off. The route table runs it once the route is known, so a refusal is
 * counted under its route.
 */
export function limitByAddress(
  deps: Pick<HttpDeps, 'core' | 'trustProxy' | 'rateLimits' | 'rateLimiter'>,
): RouteAdmission {
  const limits = apiRateLimits(deps);
  return (ctx) => {
    if (!isAddressLimited(ctx.path)) return undefined;
    const address = clientAddress(ctx.req, deps.trustProxy);
    return hitAddressRateLimit(limits, deps.rateLimits, address).then((decision) => {
      if (decision !== null) applyRateLimit(ctx, decision);
    });
  };
}
