import { type RateLimitDecision, rateLimitHeaders, rateLimitRefusal } from '@svc/core';
import { SvcFailure } from '@svc/web';
import type { Context } from 'koa';
import type { HttpState } from './http-state.js';

/**
 * Adds a limit's decision to the request's and refuses a request over a limit with
 * `rate_limited`, which the error middleware renders as 429. The headers are written once, by
 * `writeRateLimitHeaders`, from all the decisions the request met.
 */
export function applyRateLimit(ctx: Context & { state: HttpState }, decision: RateLimitDecision): void {
  const decisions = ctx.state.rateLimits ?? [];
  decisions.push(decision);
  ctx.state.rateLimits = decisions;
  const refused = rateLimitRefusal(decisions);
  if (refused !== null) throw new SvcFailure(refused);
}

/**
 * Writes the rate-limit headers of every limit the request met, on whatever answer it gets,
 * errors included. Called once the answer is decided: formatting them after each limit wrote
 * them twice for every keyed request.
 */
export function writeRateLimitHeaders(ctx: Context & { state: HttpState }): void {
  const decisions = ctx.state.rateLimits;
  if (decisions !== undefined) ctx.set(rateLimitHeaders(decisions));
}
