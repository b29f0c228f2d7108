import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMetricsApp, type HttpLogger } from '@svc/http';
import { listenOn } from '../listen-on.js';
import type { ServiceMetrics } from './with-service-metrics.js';

/** A running metrics-only server. */
export type MetricsServer = {
  /** The port actually bound (differs from the one asked for when that is 0). */
  readonly port: number;
  /** Stops listening and closes its connections (scrapes are short). */
  stop(): Promise<void>;
};

/**
 * Serves `GET /metrics` alone on `port` (`SVC_METRICS_PORT`), for `svc publisher`, which has no
 * API server to carry it. Same route, token and error shape as the API server's.
 */
export async function startMetricsServer(
  metrics: ServiceMetrics,
  options: { readonly port: number; readonly host: string | null; readonly logger: HttpLogger },
): Promise<MetricsServer> {
  const app = createMetricsApp({
    logger: options.logger,
    metrics: metrics.exposition,
    requestObserver: metrics.requests,
  });
  const server = createServer(app.callback());
  await listenOn(server, options.port, options.host);
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
