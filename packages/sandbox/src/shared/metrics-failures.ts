import type { SandboxPlatform } from './sandbox-publication.js';

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
