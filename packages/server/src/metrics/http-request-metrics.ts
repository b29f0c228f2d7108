import type { RequestObserver } from '@svc/http';
import { Counter, Histogram, type Registry } from 'prom-client';

/** Seconds; API answers take milliseconds, uploads and the tool endpoint's calls longer. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Counts answered requests by method, route template and status, and times them by method and
 * route. The labels come bounded from @svc/http (templates and mount labels, never raw paths).
 */
export function httpRequestMetrics(registry: Registry): RequestObserver {
  const requests = new Counter({
    name: 'svc_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being handed to Node, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return ({ method, route, status, durationMs }) => {
    requests.inc({ method, route, status: String(status) });
    duration.observe({ method, route }, durationMs / 1000);
  };
}
