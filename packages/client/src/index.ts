// The public API of @svc/client: a typed client of the svc REST API.
export {
  type Account,
  type CreatePostRequest,
  type CreatePostResponse,
  createSvcClient,
  type ListMediaFilters,
  type ListPostsFilters,
  type MediaItem,
  type Post,
  type SvcClient,
  type SvcClientOptions,
} from './create-svc-client.js';
export type { components, operations, paths } from './openapi-types.js';
export { type Page, paginate } from './paginate.js';
export { parseRetryAfter } from './retry-after.js';
export { backoffDelay, DEFAULT_RETRY, type RetryOptions, retryingFetch } from './retrying-fetch.js';
export { SvcApiError, type SvcErrorCode } from './svc-api-error.js';
export type { MediaSource, UploadedMedia, UploadMediaOptions } from './upload-media.js';
export { type WaitForPostOptions, WaitForPostTimeoutError, waitForPost } from './wait-for-post.js';
