import { apiRoute } from '../shared/api-route.js';
import { authenticate } from '../shared/authenticate.js';
import { unknownObject } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import {
  type MediaContainer,
  type PublishedPost,
  postsOf,
  publishedInLastDay,
} from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';
import {
  createRequestedContainer,
  type PublishRefusals,
  publishRequestedContainer,
  type RequestedContainer,
} from './container-steps.js';
import { pageOf, selectFields } from './graph-fields.js';
import { authenticateOwner, type ContainerStatus, containerStatus, findPost } from './media-containers.js';

/** The handlers and path names of one container-based Graph API (Instagram, Threads). */
export type ContainerApi = {
  readonly platform: 'instagram' | 'threads';
  /** Route prefix up to and including the version segment. */
  readonly base: string;
  /** Edge that creates (POST) and lists (GET) an account's containers and posts: `media`, `threads`. */
  readonly mediaEdge: string;
  /** Edge that publishes a container: `media_publish`, `threads_publish`. */
  readonly publishEdge: string;
  /** Edge that reports the publishing quota. */
  readonly limitEdge: string;
  /** The token's own account, as `GET /me` (or `GET /{its id}`) presents it. */
  readonly me: (token: TokenPayload) => Record<string, unknown>;
  /** One of the account's containers, as its status read presents it. */
  readonly containerNode: (container: MediaContainer, status: ContainerStatus) => Record<string, unknown>;
  /** Other nodes the platform serves on `GET /{id}` (Instagram's comments); null: unknown id. */
  readonly otherNode?: (token: TokenPayload, id: string, fields: string | undefined) => Reply | null;
  /** Reads and checks a create call's fields (the token is already the account's). */
  readonly readContainer: (r: SandboxRequest, token: TokenPayload) => RequestedContainer;
  /** The publish refusals the platform words its own way. */
  readonly publishRefusals: PublishRefusals;
  /** A published post as the platform's media node presents it (listing and reads). */
  readonly present: (post: PublishedPost) => Record<string, unknown>;
  /** Fields the quota answer carries beyond `quota_usage` and `config` (Threads' reply quota). */
  readonly limitExtras?: Record<string, unknown>;
};

/**
 * The route table Instagram and Threads share: both expose the same container life cycle under
 * different edge names, and name their intercept operations `<platform>.<step>` the same way.
 */
export function containerApiRoutes(ctx: SandboxContext, api: ContainerApi): RouteSpec[] {
  const op = (step: string) => `${api.platform}.${step}`;
  const node = `${api.base}/:id`;
  const nodeOperation = (r: SandboxRequest) =>
    r.params.id === 'me'
      ? op('me')
      : ctx.state.containers.has(r.params.id ?? '')
        ? op('container_status')
        : op('media');
  return [
    apiRoute(api.platform, ['GET'], node, nodeOperation, (r) => readNode(ctx, api, r)),
    apiRoute(api.platform, ['POST'], `${node}/${api.mediaEdge}`, op('create_container'), (r) =>
      createRequestedContainer(ctx, api.platform, r, api.readContainer),
    ),
    apiRoute(api.platform, ['GET'], `${node}/${api.mediaEdge}`, op('list_media'), (r) =>
      listMedia(ctx, api, r),
    ),
    apiRoute(api.platform, ['POST'], `${node}/${api.publishEdge}`, op('publish'), (r) =>
      publishRequestedContainer(ctx, api.platform, r, api.publishRefusals),
    ),
    apiRoute(api.platform, ['GET'], `${node}/${api.limitEdge}`, op('publishing_limit'), (r) =>
      publishingLimit(ctx, api, r),
    ),
  ];
}

// `GET /{id}`: the token's account, one of its containers or posts, or another node the platform serves.
function readNode(ctx: SandboxContext, api: ContainerApi, r: SandboxRequest): Reply {
  const id = r.params.id ?? '';
  const fields = r.input.get('fields');
  const token = authenticate(ctx, r, api.platform);
  if (id === 'me' || id === token.uid) {
    return jsonReply(200, selectFields(api.me(token), fields, ['id', 'username']));
  }
  const container = ctx.state.containers.get(id);
  if (container?.platform === api.platform && container.owner === token.uid) {
    return jsonReply(
      200,
      selectFields(api.containerNode(container, containerStatus(ctx, container)), fields),
    );
  }
  const post = findPost(ctx, api.platform, id);
  if (post !== undefined && post.record.accountId === token.uid) {
    return jsonReply(200, selectFields(api.present(post), fields));
  }
  const other = api.otherNode?.(token, id, fields) ?? null;
  if (other !== null) return other;
  throw unknownObject(id, r.method);
}

// The account's published posts, newest first, in the platform's paging envelope. Replies are
// not among them (Threads lists them under `/{user-id}/replies`).
function listMedia(ctx: SandboxContext, api: ContainerApi, r: SandboxRequest): Reply {
  const token = authenticateOwner(ctx, r, api.platform);
  const fields = r.input.get('fields');
  const items = postsOf(ctx.state, api.platform, token.uid)
    .filter((p) => p.record.replyTo === undefined)
    .map((p) => selectFields(api.present(p), fields));
  return jsonReply(
    200,
    pageOf(items, (item) => String(item.id), r, ctx.baseUrl),
  );
}

// Posts published in the rolling 24 hours against the configured quota.
function publishingLimit(ctx: SandboxContext, api: ContainerApi, r: SandboxRequest): Reply {
  const token = authenticateOwner(ctx, r, api.platform);
  const limit = {
    quota_usage: publishedInLastDay(ctx.state, api.platform, token.uid, nowOf(ctx)),
    config: { quota_total: ctx.state.settings.quotas[api.platform], quota_duration: 86400 },
    ...api.limitExtras,
  };
  return jsonReply(200, { data: [selectFields(limit, r.input.get('fields'), ['quota_usage'])] });
}
