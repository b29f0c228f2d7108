import { graphError } from './graph-error.js';
import type { SandboxContext } from './sandbox-context.js';
import type { SandboxPlatform } from './sandbox-publication.js';
import { tiktokError } from './tiktok-error.js';
import { quotaExceeded } from './youtube-quota.js';

/** The Graph throttling codes (platforms.md 6): 4 application, 17 user, 32 Page request limit. */
export type GraphThrottleCode = 4 | 17 | 32;

/** Refusals of the metrics endpoints a test asked for through the control. */
export type MetricsFailures = {
  /** Instagram media ids whose insights answer code 10 "Not enough viewers", whatever their audience. */
  readonly fewViewers: Set<string>;
  /** Platforms whose metrics calls are throttled, with the Graph code to answer (unused by TikTok and YouTube). */
  readonly throttled: Map<SandboxPlatform, GraphThrottleCode>;
};

/** No injected metrics refusals. */
export function createMetricsFailures(): MetricsFailures {
  return { fewViewers: new Set(), throttled: new Map() };
}

/** Forgets every injected metrics refusal. */
export function resetMetricsFailures(failures: MetricsFailures): void {
  failures.fewViewers.clear();
  failures.throttled.clear();
}

const GRAPH_THROTTLE_MESSAGES: Readonly<Record<GraphThrottleCode, string>> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
};

/**
 * Throws the platform's own rate-limit refusal when a test throttled its metrics calls: Graph
 * code 4, 17 or 32 (HTTP 400, transient), TikTok 429 `rate_limit_exceeded`, YouTube 403 `quotaExceeded`.
 */
export function refuseThrottledMetrics(ctx: SandboxContext, platform: SandboxPlatform): void {
  const code = ctx.state.metricsFailures.throttled.get(platform);
  if (code === undefined) return;
  if (platform === 'tiktok') {
    throw tiktokError(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.');
  }
  if (platform === 'youtube') throw quotaExceeded();
  throw graphError(400, { code, message: GRAPH_THROTTLE_MESSAGES[code], transient: true });
}
