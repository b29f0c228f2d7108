/** One answered request, as the server's metrics count it. */
export type ObservedRequest = {
  readonly method: string;
  /**
   * The route's template (`/api/v1/posts/:id`), a mount's one label (`/api/mcp`), or
   * `UNMATCHED_ROUTE`: never the raw path, so the number of distinct values stays bounded.
   */
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
};

/** Hears every request the app answered (the server counts them for `GET /metrics`). Must not throw. */
export type RequestObserver = (request: ObservedRequest) => void;

/** The route label of a request no route or mount answered (404s, probes, scanners). */
export const UNMATCHED_ROUTE = 'unmatched';
