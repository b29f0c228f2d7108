import { type SvcError, svcError } from '../kernel/index.js';
import type { RateLimitCount } from './rate-limit-count.js';
import type { RateLimitPolicy } from './rate-limit-policy.js';

/** What one limit says about one request. */
export type RateLimitDecision = {
  readonly policy: RateLimitPolicy;
  readonly allowed: boolean;
  /** Requests left in the window after this one (0 once refused). */
  readonly remaining: number;
  /** Whole seconds until the window ends and the quota is whole again; at least 1. */
  readonly resetSeconds: number;
  /** Units of work the request counted as (a batch's tool calls); 1 for a plain request. */
  readonly cost: number;
};

/**
 * Decides a request from its counter after the hit that counted it (`cost` units at once, such
 * as every tool call of a batch): allowed while the count is within the quota, so at most `quota`
 * units pass per window whatever the concurrency, and a request that does not fit whole is refused
 * whole.
 */
export function decideRateLimit(
  policy: RateLimitPolicy,
  counted: RateLimitCount,
  now: Date,
  cost = 1,
): RateLimitDecision {
  const ends = counted.windowStart.getTime() + policy.windowSeconds * 1000;
  return {
    policy,
    allowed: counted.count <= policy.quota,
    remaining: Math.max(0, policy.quota - counted.count),
    // Rounded up, and never 0: a client told to wait 0 seconds would come straight back.
    resetSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
    cost,
  };
}

/** Seconds to wait before a refused request may be sent again; 0 when every limit allowed it. */
export function retryAfterSeconds(decisions: readonly RateLimitDecision[]): number {
  return Math.max(0, ...decisions.filter((d) => !d.allowed).map((d) => d.resetSeconds));
}

/** The `rate_limited` refusal of a request some limit refused; null when every limit allowed it. */
export function rateLimitRefusal(decisions: readonly RateLimitDecision[]): SvcError | null {
  const refused = decisions.filter((d) => !d.allowed);
  const first = refused[0];
  if (first === undefined) return null;
  const wait = retryAfterSeconds(decisions);
  const which = refused.map((d) => subjectOf(d.policy)).join(' and ');
  const what = first.policy.name === 'registration' ? 'client registrations' : 'requests';
  const limit = `at most ${first.policy.quota} ${perWindow(first.policy.windowSeconds)}`;
  const message =
    first.cost <= 1
      ? `Too many ${what} from ${which}: ${limit}. Try again in ${wait} s.`
      : first.cost > first.policy.quota
        ? // Waiting would not help: say what would.
          `This batch counts as ${first.cost} requests, more than ${which} may send (${limit}); send smaller batches.`
        : `Too many requests from ${which}: this batch counts as ${first.cost}, more than is left of ${limit}. Try again in ${wait} s.`;
  return svcError('rate_limited', message, {
    policies: refused.map((d) => d.policy.name),
    retryAfterSeconds: wait,
  });
}

function subjectOf(policy: RateLimitPolicy): string {
  return policy.name === 'key' ? 'this key' : 'this client address';
}

/** A window's length in words: `a minute`, `an hour`, or a number of seconds. */
function perWindow(windowSeconds: number): string {
  if (windowSeconds === 60) return 'a minute';
  if (windowSeconds === 3600) return 'an hour';
  return `per ${windowSeconds} s`;
}
