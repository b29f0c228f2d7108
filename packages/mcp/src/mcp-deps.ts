import type { CoreDeps, RateLimiter, RateLimitSettings } from '@svc/core';
import type { SurfaceLogger } from '@svc/web';
import type { BearerVerifier } from './bearer-verifier.js';

/** Where the endpoint reports faults it cannot answer with a tool result. */
export type McpLogger = SurfaceLogger;

/** What the agent-tool endpoint is built from. */
export type McpDeps = {
  readonly core: CoreDeps;
  /** Turns Bearer tokens into Actors (API keys today, OAuth tokens later). */
  readonly bearer: BearerVerifier;
  /** The public base URL (`SVC_BASE_URL`): resource metadata, the auth challenge, the Host check. */
  readonly baseUrl: string;
  /** Trust `X-Forwarded-Host` for the Host check (set when running behind a reverse proxy). */
  readonly trustProxy: boolean;
  /** The service version, reported by `initialize`. */
  readonly version: string;
  readonly logger: McpLogger;
  /** Signed serving links of media assets, returned by `svc_add_media_from_url`. */
  readonly mediaLinks: { urlFor(mediaId: string): string };
  /**
   * Requests per minute per API key (by plan) and per client address, on the counters REST uses
   * (docs/rate-limits.md). Absent: no limits (embedding, tests).
   */
  readonly rateLimits?: RateLimitSettings;
  /**
   * What decides them: the same one as the REST app's in one process, so a key's requests to both
   * share one credit. Absent: the endpoint makes its own over the store.
   */
  readonly rateLimiter?: RateLimiter;
  /** Largest request body accepted, in bytes (default 1 MB). */
  readonly maxBodyBytes?: number;
};
