import { graphError, type SandboxHttpError } from './graph-error.js';
import type { GraphThrottleCode } from './metrics-failures.js';
import type { SandboxContext } from './sandbox-context.js';
import type { SandboxPlatform } from './sandbox-publication.js';

const GRAPH_THROTTLE_MESSAGES: Readonly<Record<GraphThrottleCode, string>> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
};

/** Graph's rate-limit refusal: code 4, 17 or 32, HTTP 400, transient. */
export function graphThrottled(code: GraphThrottleCode): SandboxHttpError {
  return graphError(400, { code, message: GRAPH_THROTTLE_MESSAGES[code], transient: true });
}

/**
 * Throws the platform's own rate-limit refusal when a test throttled its metrics calls: Graph's
 * by default; TikTok and YouTube pass theirs, so this shared piece knows no platform's envelope.
 */
export function refuseThrottledMetrics(
  ctx: SandboxContext,
  platform: SandboxPlatform,
  refusal: (graphCode: GraphThrottleCode) => SandboxHttpError = graphThrottled,
): void {
  const code = ctx.state.metricsFailures.throttled.get(platform);
  if (code !== undefined) throw refusal(code);
}
