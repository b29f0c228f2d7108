import { decideRateLimit, type RateLimitDecision } from '../domain/decide-rate-limit.js';
import type { RateLimitPolicy } from '../domain/rate-limit-policy.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';

/**
 * Counts one request of `subject` (a key id, a client address) against `policy` in the shared
 * store, one round trip, and decides it. Refused requests count too: they cannot lengthen the
 * window, which started at the first request.
 */
export async function hitRateLimit(
  deps: { readonly store: Pick<Store, 'rateLimits'>; readonly clock: Clock },
  policy: RateLimitPolicy,
  subject: string,
): Promise<RateLimitDecision> {
  const now = deps.clock.now();
  const counted = await deps.store.rateLimits.hit(
    `api:${policy.name}:${subject}`,
    now,
    policy.windowSeconds * 1000,
    1,
  );
  return decideRateLimit(policy, counted, now);
}
