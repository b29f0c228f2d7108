import type { CoreDeps } from '@svc/core';
import type { HttpLogger } from './http-logger.js';
import type { MediaLinks } from './media-links.js';

/** What the HTTP app is built from. */
export type HttpDeps = {
  readonly core: CoreDeps;
  readonly logger: HttpLogger;
  /** Signed links for serving and uploading media. */
  readonly mediaLinks: MediaLinks;
  /** The service version, reported by /api/health. */
  readonly version: string;
  /** Trust `X-Forwarded-*` headers (set when running behind a reverse proxy). */
  readonly trustProxy: boolean;
};
