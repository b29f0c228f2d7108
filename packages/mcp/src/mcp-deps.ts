import type { RateLimiter, RateLimitSettings } from '@svc/core';
import type { SurfaceDeps, SurfaceLogger } from '@svc/web';
import type { BearerVerifier } from './bearer-verifier.js';

/** Where the endpoint reports faults it cannot answer with a tool result. */
export type McpLogger = SurfaceLogger;

/**
 * What the agent-tool endpoint is built from: a surface's parts (the base URL names the resource
 * metadata and the auth challenge, and with a trusted proxy's `X-Forwarded-Host` makes the Host
 * check), and its own.
 */
export type McpDeps = SurfaceDeps<McpLogger> & {
  /** Turns Bearer tokens into Actors (API keys today, OAuth tokens later). */
  readonly bearer: BearerVerifier;
  /** The service version, reported by `initialize`. */
  readonly version: string;
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
