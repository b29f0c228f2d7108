import type { CoreDeps } from '@svc/core';
import type { HttpLogger } from './http-logger.js';

/** What the HTTP app is built from. */
export type HttpDeps = {
  readonly core: CoreDeps;
  readonly logger: HttpLogger;
  /** The link a caller can fetch a stored media asset from. */
  readonly mediaUrlFor: (mediaId: string) => string;
  /** The service version, reported by /api/health. */
  readonly version: string;
  /** Trust `X-Forwarded-*` headers (set when running behind a reverse proxy). */
  readonly trustProxy: boolean;
};
