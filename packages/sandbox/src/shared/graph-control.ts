import type { GraphPlatform, InjectedGraphError } from './graph-injections.js';
import type { SandboxContext } from './sandbox-context.js';

/** Test controls of the Graph simulators (Instagram, Threads, Facebook), part of SandboxControl. */
export type GraphControl = {
  /**
   * The next `times` (default 1) API calls of `platform` — only those of `operations` (e.g.
   * `instagram.publish`, `facebook.feed`) when given — answer this Graph error before anything
   * changes. A throttling code (4, 17, 32, 613, 80001, 80002) comes with the usage headers at
   * 100 % and `estimated_time_to_regain_access` = `regainMinutes`: a burst as Meta sends it.
   */
  failGraphCalls(
    platform: GraphPlatform,
    error: InjectedGraphError,
    options?: { readonly operations?: readonly string[]; readonly times?: number },
  ): void;
  /**
   * The next container created on `platform` ends in ERROR with this Instagram subcode (its
   * status reads "Error: Media upload has failed with error code <subcode>"; Threads says UNKNOWN).
   */
  failNextContainer(platform: 'instagram' | 'threads', subcode: number, message?: string): void;
  /**
   * The calls a key (the app, or one token) may make in a rolling hour before the usage headers
   * read 100 % (default 4,800); the percentages rise with each call.
   */
  setGraphCallBudget(calls: number): void;
};

/** The Graph part of the control of the sandbox behind `ctx`. */
export function createGraphControl(ctx: SandboxContext): GraphControl {
  const injections = ctx.state.graphInjections;
  return {
    failGraphCalls(platform, error, options = {}) {
      injections.queued.push({
        platform,
        operations: options.operations ?? null,
        error,
        times: Math.max(1, options.times ?? 1),
      });
    },
    failNextContainer(platform, subcode, message = `Media upload has failed with error code ${subcode}`) {
      const queue = injections.containerErrors.get(platform) ?? [];
      queue.push({ subcode, message });
      injections.containerErrors.set(platform, queue);
    },
    setGraphCallBudget(calls) {
      injections.budget = Math.max(1, calls);
    },
  };
}
