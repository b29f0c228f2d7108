import type { CoreDeps } from '@svc/core';
import type { SurfaceLogger } from './surface-logger.js';

/**
 * What every surface reached over HTTP is built from, besides its own parts. The server gives each
 * surface the same values, so they are declared once.
 */
export type SurfaceDeps<Logger extends SurfaceLogger = SurfaceLogger> = {
  readonly core: CoreDeps;
  /** The public base URL (`SVC_BASE_URL`). */
  readonly baseUrl: string;
  /** Trust `X-Forwarded-*` headers (set when running behind a reverse proxy that terminates TLS). */
  readonly trustProxy: boolean;
  readonly logger: Logger;
  /**
   * Everyone must pass a second factor (`SVC_REQUIRE_SECOND_FACTOR`): people without one set one
   * up before using the console, and the OAuth sign-in refuses them until they have.
   */
  readonly requireSecondFactor?: boolean;
};
