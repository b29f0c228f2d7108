// The public API of @svc/http: the REST API as a Koa app.
export { createHttpApp } from './create-http-app.js';
export { describeApi } from './describe-api.js';
export { ERROR_STATUS } from './error-status.js';
export type { HttpDeps, InstagramWebhookSettings } from './http-deps.js';
export { type HttpLogger, scrubSecrets } from './http-logger.js';
export { JSON_BODY_LIMIT_BYTES } from './json-body.js';
export { createMediaLinks, type MediaLinkPurpose, type MediaLinks } from './media-links.js';
export { API_VERSION, OPENAPI_PATH } from './openapi-document.js';
export { WEBHOOK_BODY_LIMIT_BYTES } from './routes/instagram-webhook-routes.js';
export { type AccountView, accountViewSchema, toAccountView } from './views/account-view.js';
export { type PostView, postViewSchema, toPostView } from './views/post-view.js';
