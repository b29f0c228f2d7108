import type { MetricsExposition, RequestObserver } from '@svc/http';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Services } from '../open-services.js';
import { accountMetrics } from './account-metrics.js';
import { httpRequestMetrics } from './http-request-metrics.js';
import { publisherMetrics } from './publisher-metrics.js';
import { queueGauges } from './queue-gauges.js';
import { thumbnailMetrics } from './thumbnail-metrics.js';

/** The metrics of one process: its one registry and what serves and feeds it. */
export type ServiceMetrics = {
  readonly registry: Registry;
  /** What `GET /metrics` serves, behind `SVC_METRICS_TOKEN` when set. */
  readonly exposition: MetricsExposition;
  /** Counts the HTTP app's requests (API servers only). */
  readonly requests: RequestObserver;
};

/**
 * Creates the process's registry (no global one: two servers in one test process keep their own
 * figures) with Node's process metrics, and answers the services rewired to report to it: the
 * publisher's observer, gateways that count token refreshes, an account store that counts
 * reconnects, a thumbnailer that counts what it makes, and the queue gauges read from the store. prom-client lives here and nowhere else.
 */
export function withServiceMetrics(
  opened: Services,
  options: { readonly token: string | null; readonly version: string },
): { readonly services: Services; readonly metrics: ServiceMetrics } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'svc_info',
    help: 'Always 1; the labels say which version of the service this process runs.',
    labelNames: ['version'] as const,
    registers: [registry],
  }).set({ version: options.version }, 1);
  const accounts = accountMetrics(registry);
  queueGauges(registry, { posts: opened.core.store.posts, clock: opened.core.clock });
  const { store } = opened.core;
  const services: Services = {
    ...opened,
    core: {
      ...opened.core,
      store: { ...store, accounts: accounts.accounts(store.accounts) },
      platforms: accounts.gateways(opened.core.platforms),
      thumbnails: thumbnailMetrics(registry, opened.core.thumbnails),
    },
    observer: publisherMetrics(registry),
  };
  return {
    services,
    metrics: {
      registry,
      exposition: {
        token: options.token,
        contentType: registry.contentType,
        render: () => registry.metrics(),
      },
      requests: httpRequestMetrics(registry),
    },
  };
}
