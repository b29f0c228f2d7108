// The public API of @svc/http: the REST API as a Koa app.

// The REST views moved to @svc/core (webhooks send resources as REST shows them); kept here for callers.
export {
  type AccountView,
  accountViewSchema,
  type PostView,
  postViewSchema,
  toAccountView,
  toPostView,
} from '@svc/core';
export { createHttpApp } from './create-http-app.js';
export { createMetricsApp, type MetricsAppDeps } from './create-metrics-app.js';
export { describeApi } from './describe-api.js';
export { ERROR_STATUS } from './error-status.js';
export type { HttpDeps, InstagramWebhookSettings, RawMount } from './http-deps.js';
export { type HttpLogger, scrubSecrets } from './http-logger.js';
export { JSON_BODY_LIMIT_BYTES } from './json-body.js';
export { createMediaLinks, type MediaLinkPurpose, type MediaLinks } from './media-links.js';
export { API_VERSION, OPENAPI_PATH } from './openapi-document.js';
export { type ObservedRequest, type RequestObserver, UNMATCHED_ROUTE } from './request-observer.js';
export { WEBHOOK_BODY_LIMIT_BYTES } from './routes/instagram-webhook-routes.js';
export { METRICS_PATH, type MetricsExposition } from './routes/metrics-routes.js';
