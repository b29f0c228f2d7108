import { type RateLimitDecision, rateLimitHeaders, rateLimitRefusal } from '@svc/core';
import { SvcFailure } from '@svc/web';
import type { Context } from 'koa';
import type { HttpState } from './http-state.js';

/**
 * Adds a limit's decision to the request's, writes the rate-limit headers of all of them so far
 * (they stay on whatever answer follows, errors included), and refuses a request over a limit
 * with `rate_limited`, which the error middleware renders as 429.
 */
export function applyRateLimit(ctx: Context & { state: HttpState }, decision: RateLimitDecision): void {
  const decisions = [...(ctx.state.rateLimits ?? []), decision];
  ctx.state.rateLimits = decisions;
  ctx.set(rateLimitHeaders(decisions));
  const refused = rateLimitRefusal(decisions);
  if (refused !== null) throw new SvcFailure(refused);
}
