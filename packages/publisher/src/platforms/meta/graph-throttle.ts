import type { GraphFailure } from './graph-failure.js';

// Graph's throttling codes (rate-limiting page): 4 application, 17 user, 32 Page, 613 custom,
// 341 application limit, and the Business Use Case limits 80001 Pages, 80002 Instagram,
// 80006 Messenger/Instagram messaging.
const THROTTLE_CODES = new Set([4, 17, 32, 613, 341, 80001, 80002, 80006]);

/**
 * How long a throttled call waits when Meta gives no `estimated_time_to_regain_access`: the
 * platform rate limits count the calls of a rolling hour, so a burst that hit the ceiling only
 * leaves the window an hour later (Instagram's BUC window is 24 hours, and Meta gives an
 * estimate for it).
 */
export const THROTTLE_DEFAULT_MS = 60 * 60_000;

/** Whether a Graph error code is one of the throttling codes. */
export function isGraphThrottle(code: number | undefined): boolean {
  return code !== undefined && THROTTLE_CODES.has(code);
}

/** How long to wait after a throttled (or self-paced) call: Meta's estimate, else the default. */
export function graphThrottleWaitMs(failure: GraphFailure): number {
  return failure.regainAccessMs ?? THROTTLE_DEFAULT_MS;
}
