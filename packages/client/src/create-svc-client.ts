import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './openapi-types.js';
import { paginateFiltered } from './paginate.js';
import { DEFAULT_RETRY, type RetryOptions, retryingFetch } from './retrying-fetch.js';
import { svcApiErrorOf } from './svc-api-error-of.js';
import {
  type MediaSource,
  mediaFilename,
  mediaStream,
  multipartBody,
  type UploadedMedia,
  type UploadMediaOptions,
} from './upload-media.js';
import { type WaitForPostOptions, waitForPost } from './wait-for-post.js';

type Schemas = components['schemas'];
/** A post as the API answers it. */
export type Post = Schemas['Post'];
/** A connected social account. */
export type Account = Schemas['Account'];
/** A file of the media library, with the posts that use it. */
export type MediaItem = Schemas['MediaItem'];
/** The payload of POST /api/v1/posts and /api/v1/posts/schedule. */
export type CreatePostRequest = Schemas['CreatePostRequest'];
/** What creating or scheduling answers: one post id per target account. */
export type CreatePostResponse = Schemas['CreatePostResponse'];

/** How to reach the service. */
export type SvcClientOptions = {
  /** The service's origin, e.g. `http://localhost:3000` (paths start at /api/v1). */
  readonly baseUrl: string;
  /** An API key (`svc_…`), sent as `Authorization: Bearer`. */
  readonly apiKey: string;
  /** Another fetch (a proxy agent, a test double); defaults to the global one. */
  readonly fetch?: (request: Request) => Promise<Response>;
  /** Retrying of 429 and 503 answers; see retryingFetch. */
  readonly retry?: Partial<RetryOptions>;
};

/** Filters of GET /api/v1/posts (and the page size); the cursor is the iterator's business. */
export type ListPostsFilters = Omit<NonNullable<operations['listPosts']['parameters']['query']>, 'cursor'>;

/** The page size of GET /api/v1/media; the cursor is the iterator's business. */
export type ListMediaFilters = Omit<NonNullable<operations['listMedia']['parameters']['query']>, 'cursor'>;

/** The client: the typed API plus the helpers built on it. */
export type SvcClient = {
  /**
   * Every operation of the OpenAPI document, typed (openapi-fetch): `api.GET('/api/v1/posts/{id}',
   * { params: { path: { id } } })`. A non-2xx answer throws SvcApiError, so `data` is there
   * whenever the call returns.
   */
  readonly api: Client<paths>;
  /** POST /api/v1/posts with an `externalId` (a random UUID unless given), so retries never duplicate. */
  createPost(payload: CreatePostRequest): Promise<CreatePostResponse>;
  /** POST /api/v1/posts/schedule (a time is required), with an `externalId` as createPost. */
  schedulePost(payload: CreatePostRequest): Promise<CreatePostResponse>;
  /** GET /api/v1/posts/{id}. */
  getPost(id: string): Promise<Post>;
  /** GET /api/v1/connections: the connected accounts. */
  listConnections(): Promise<Account[]>;
  /** Polls the post until it is `posted` or `failed` (1 s doubling to 30 s) and resolves with it. */
  waitForPost(id: string, options?: WaitForPostOptions): Promise<Post>;
  /** Uploads a file, streamed (see UploadMediaOptions for the two ways). */
  uploadMedia(source: MediaSource, options?: UploadMediaOptions): Promise<UploadedMedia>;
  readonly posts: {
    /** Every post matching the filters, newest first, page after page as you iterate. */
    list(filters?: ListPostsFilters): AsyncGenerator<Post, void, undefined>;
  };
  readonly media: {
    /** The whole media library, newest first, page after page as you iterate. */
    list(filters?: ListMediaFilters): AsyncGenerator<MediaItem, void, undefined>;
  };
};

/** Creates a client for one service and key. */
export function createSvcClient(options: SvcClientOptions): SvcClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const authorization = `Bearer ${options.apiKey}`;
  const plainFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const fetchWithRetry = retryingFetch(plainFetch, retry);
  const api = createClient<paths>({
    baseUrl,
    fetch: fetchWithRetry,
    headers: { Authorization: authorization },
  });
  api.use(throwOnError);

  /** One request outside openapi-fetch: streamed bodies, and the absolute upload link. */
  async function send(request: Request, withRetry: boolean): Promise<Response> {
    if (!request.headers.has('authorization') && request.url.startsWith(`${baseUrl}/`))
      request.headers.set('Authorization', authorization);
    const response = await (withRetry ? fetchWithRetry : plainFetch)(request);
    if (!response.ok) throw await svcApiErrorOf(response);
    return response;
  }

  const getPost = async (id: string) =>
    present((await api.GET('/api/v1/posts/{id}', { params: { path: { id } } })).data);

  return {
    api,
    async createPost(payload) {
      const body = { ...payload, externalId: payload.externalId ?? crypto.randomUUID() };
      return present((await api.POST('/api/v1/posts', { body })).data);
    },
    async schedulePost(payload) {
      const body = { ...payload, externalId: payload.externalId ?? crypto.randomUUID() };
      return present((await api.POST('/api/v1/posts/schedule', { body })).data);
    },
    getPost,
    async listConnections() {
      return present((await api.GET('/api/v1/connections')).data).accounts;
    },
    waitForPost: (id, waitOptions) => waitForPost(() => getPost(id), waitOptions),
    async uploadMedia(source, uploadOptions = {}) {
      const file = mediaStream(source);
      const contentType = uploadOptions.contentType ?? 'application/octet-stream';
      const signal = uploadOptions.signal ?? null;
      if (uploadOptions.via === 'upload-link') {
        const target = present((await api.POST('/api/v1/media/upload', { signal })).data);
        const put = new Request(target.uploadUrl, {
          method: 'PUT',
          headers: { 'Content-Type': contentType },
          body: file,
          signal,
          duplex: 'half',
        });
        return (await (await send(put, false)).json()) as UploadedMedia;
      }
      const multipart = multipartBody(file, mediaFilename(source, uploadOptions.filename), contentType);
      const post = new Request(`${baseUrl}/api/v1/media`, {
        method: 'POST',
        headers: { 'Content-Type': multipart.contentType },
        body: multipart.body,
        signal,
        duplex: 'half',
      });
      return (await (await send(post, false)).json()) as UploadedMedia;
    },
    posts: {
      list: (filters = {}) =>
        paginateFiltered(filters, async (query) => {
          const page = present((await api.GET('/api/v1/posts', { params: { query } })).data);
          return { items: page.posts, nextCursor: page.nextCursor };
        }),
    },
    media: {
      list: (filters = {}) =>
        paginateFiltered(filters, async (query) => {
          const page = present((await api.GET('/api/v1/media', { params: { query } })).data);
          return { items: page.media, nextCursor: page.nextCursor };
        }),
    },
  };
}

/** Makes every non-2xx answer of `api` a thrown SvcApiError, as the helpers' are. */
const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await svcApiErrorOf(response);
    return undefined;
  },
};

/** The data of a 2xx answer; only a 204 or an empty body has none, which no operation used here sends. */
function present<T>(data: T | undefined): T {
  if (data === undefined) throw new Error('The service answered without a body.');
  return data;
}
