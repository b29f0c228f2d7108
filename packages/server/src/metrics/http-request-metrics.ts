import type { RequestObserver } from '@svc/http';
import type { Registry } from 'prom-client';
import { metricMaker } from './metric-maker.js';

/** Seconds; API answers take milliseconds, uploads and the tool endpoint's calls longer. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Counts answered requests by method, route template and status, and times them by method and
 * route. The labels come bounded from @svc/http (templates and mount labels, never raw paths).
 */
export function httpRequestMetrics(registry: Registry): RequestObserver {
  const make = metricMaker(registry);
  const requests = make.counter(
    'svc_http_requests_total',
    'HTTP requests answered, by method, route template and status.',
    ['method', 'route', 'status'],
  );
  const duration = make.histogram(
    'svc_http_request_duration_seconds',
    'Time from a request arriving to its answer being handed to Node, by method and route template.',
    DURATION_BUCKETS,
    ['method', 'route'],
  );
  return ({ method, route, status, durationMs }) => {
    requests.inc({ method, route, status: String(status) });
    duration.observe({ method, route }, durationMs / 1000);
  };
}
