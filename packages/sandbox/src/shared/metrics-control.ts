import type { GraphThrottleCode } from './metrics-failures.js';
import type { SandboxContext } from './sandbox-context.js';
import type { SandboxPlatform } from './sandbox-publication.js';

/** Test controls of the metrics endpoints, part of SandboxControl. */
export type MetricsControl = {
  /**
   * The insights of this Instagram media answer code 10 "Not enough viewers for the media to
   * show insights" whatever its simulated audience (`false` lifts it). Media reaching fewer than
   * `INSTAGRAM_MIN_VIEWERS` accounts answer so anyway.
   */
  denyInsights(mediaId: string, denied?: boolean): void;
  /**
   * The metrics calls of `platform` answer its rate-limit refusal until lifted with `null`:
   * Instagram, Threads and Facebook Graph code `graphCode` (4 application, 17 user, 32 Page;
   * default 4), TikTok 429 `rate_limit_exceeded`, YouTube 403 `quotaExceeded` (on calls asking
   * for `statistics`). Metrics calls are the insights edges, Facebook's engagement fields,
   * TikTok's video/query and YouTube's statistics.
   */
  limitMetrics(platform: SandboxPlatform, graphCode?: GraphThrottleCode | null): void;
};

/** The metrics part of the control of the sandbox behind `ctx`. */
export function createMetricsControl(ctx: SandboxContext): MetricsControl {
  const failures = ctx.state.metricsFailures;
  return {
    denyInsights(mediaId, denied = true) {
      if (denied) failures.fewViewers.add(mediaId);
      else failures.fewViewers.delete(mediaId);
    },
    limitMetrics(platform, graphCode = 4) {
      if (graphCode === null) failures.throttled.delete(platform);
      else failures.throttled.set(platform, graphCode);
    },
  };
}
