import type { RateLimitCount } from '../ports/rate-limit-store.js';
import type { RateLimitPolicy } from './rate-limit-policy.js';
import { type SvcError, svcError } from './svc-error.js';

/** What one limit says about one request. */
export type RateLimitDecision = {
  readonly policy: RateLimitPolicy;
  readonly allowed: boolean;
  /** Requests left in the window after this one (0 once refused). */
  readonly remaining: number;
  /** Whole seconds until the window ends and the quota is whole again; at least 1. */
  readonly resetSeconds: number;
};

/**
 * Decides a request from its counter after the hit that counted it: allowed while the count is
 * within the quota, so exactly `quota` requests pass per window whatever the concurrency.
 */
export function decideRateLimit(
  policy: RateLimitPolicy,
  counted: RateLimitCount,
  now: Date,
): RateLimitDecision {
  const ends = counted.windowStart.getTime() + policy.windowSeconds * 1000;
  return {
    policy,
    allowed: counted.count <= policy.quota,
    remaining: Math.max(0, policy.quota - counted.count),
    // Rounded up, and never 0: a client told to wait 0 seconds would come straight back.
    resetSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
  };
}

/** Seconds to wait before a refused request may be sent again; 0 when every limit allowed it. */
export function retryAfterSeconds(decisions: readonly RateLimitDecision[]): number {
  return Math.max(0, ...decisions.filter((d) => !d.allowed).map((d) => d.resetSeconds));
}

/** The `rate_limited` refusal of a request some limit refused; null when every limit allowed it. */
export function rateLimitRefusal(decisions: readonly RateLimitDecision[]): SvcError | null {
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length === 0) return null;
  const wait = retryAfterSeconds(decisions);
  const which = refused.map((d) => (d.policy.name === 'key' ? 'this key' : 'this client address'));
  return svcError(
    'rate_limited',
    `Too many requests from ${which.join(' and ')}: at most ${refused[0]?.policy.quota} a minute. Try again in ${wait} s.`,
    { policies: refused.map((d) => d.policy.name), retryAfterSeconds: wait },
  );
}
