import { debugToken } from '../meta/debug-token.js';
import { graphTime, pageOf, selectFields } from '../meta/graph-fields.js';
import { apiRoute } from '../shared/api-route.js';
import { authenticate } from '../shared/authenticate.js';
import { invalidParameter, permissionDenied, unknownObject } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { postWithPostId } from '../shared/published-post-index.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { Route, RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { type FacebookPhoto, generationOf, postsOf } from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';
import { issueToken } from '../shared/signed-token.js';
import { simulatedFollowerCount } from '../shared/simulated-followers.js';
import {
  listBusinesses,
  listBusinessPages,
  ownPageOf,
  pagesOfUser,
  type ReachablePage,
} from './facebook-business.js';
import { createFacebookComment, listFacebookComments } from './facebook-comments.js';
import { engagementFields } from './facebook-insights.js';
import { authorizePage } from './facebook-pages.js';
import { postObject, publishFeedPost, uploadPhoto } from './facebook-publishing.js';
import { videoObject } from './facebook-reels.js';

const PAGE_CATEGORY = { id: '2201', name: 'Product/service' };
const PAGE_TASKS = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];
// What a Facebook Login consent without a scope list is taken to grant.
const GRANTED = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'public_profile'];

/** The Facebook Pages endpoints (platforms.md 5.1–5.3) on graph.facebook.com. */
export function facebookRoutes(ctx: SandboxContext): RouteSpec[] {
  const base = '/sandbox/facebook/graph/:version';
  const route = (method: 'GET' | 'POST', edge: string, operation: string, run: Route['run']) =>
    apiRoute('facebook', [method], `${base}/:id/${edge}`, `facebook.${operation}`, run);
  const nodeOperation = (r: SandboxRequest) =>
    r.params.id === 'me'
      ? 'facebook.me'
      : ctx.state.videos.has(r.params.id ?? '')
        ? 'facebook.video_status'
        : 'facebook.object';
  return [
    apiRoute('facebook', ['GET'], `${base}/:id`, nodeOperation, (r) => readNode(ctx, r)),
    apiRoute('facebook', ['GET'], `${base}/debug_token`, 'facebook.debug_token', (r) =>
      debugToken(ctx, r, 'facebook'),
    ),
    route('GET', 'accounts', 'accounts', (r) => accounts(ctx, r)),
    route('GET', 'businesses', 'businesses', (r) => listBusinesses(ctx, r)),
    ...(['owned_pages', 'client_pages'] as const).map((edge) =>
      route('GET', edge, edge, (r) =>
        listBusinessPages(ctx, r, edge, (token, page) => pageEntry(ctx, token, page, r.input.get('fields'))),
      ),
    ),
    route('GET', 'permissions', 'permissions', (r) => permissions(ctx, r)),
    route('POST', 'feed', 'feed', (r) => publishFeedPost(ctx, r)),
    route('POST', 'comments', 'create_comment', (r) => createFacebookComment(ctx, r)),
    route('GET', 'comments', 'list_comments', (r) => listFacebookComments(ctx, r)),
    route('POST', 'photos', 'photos', (r) => uploadPhoto(ctx, r)),
    ...['feed', 'published_posts', 'posts'].map((edge) =>
      route('GET', edge, 'list_feed', (r) => listFeed(ctx, r)),
    ),
  ];
}

function pageObject(pageId: string, name: string, ctx: SandboxContext): Record<string, unknown> {
  return {
    id: pageId,
    name,
    link: `${ctx.sandboxUrl}/facebook/${pageId}`,
    category: PAGE_CATEGORY.name,
    followers_count: simulatedFollowerCount('facebook', name, ctx.clock.now()),
    fan_count: simulatedFollowerCount('facebook', name, ctx.clock.now()),
  };
}

function readNode(ctx: SandboxContext, r: SandboxRequest): Reply {
  const id = r.params.id ?? '';
  const fields = r.input.get('fields');
  if (id === 'me') {
    const token = authenticate(ctx, r, 'facebook');
    const me =
      token.k === 'page'
        ? pageObject(token.uid, token.h, ctx)
        : { id: token.uid, name: `${token.h} (sandbox user)` };
    return jsonReply(200, selectFields(me, fields, ['id', 'name']));
  }
  const video = ctx.state.videos.get(id);
  if (video !== undefined) {
    authorizePage(ctx, r, video.pageId, 'read');
    return jsonReply(200, selectFields(videoObject(ctx, video), fields));
  }
  const post = postWithPostId(ctx.state.postIndex, 'facebook', id);
  if (post !== undefined) {
    const { token } = authorizePage(ctx, r, post.record.accountId, 'read');
    const engagement = engagementFields(ctx, post, token, fields);
    return jsonReply(200, selectFields({ ...postObject(post), ...engagement }, fields));
  }
  const photo = ctx.state.photos.get(id);
  if (photo !== undefined) {
    authorizePage(ctx, r, photo.pageId, 'read');
    return jsonReply(200, selectFields(photoObject(ctx, photo), fields));
  }
  const token = authenticate(ctx, r, 'facebook');
  const reachable = token.k === 'page' ? [{ id: token.uid, name: token.h }] : pagesOfUser(ctx, token);
  const page = reachable.find((candidate) => candidate.id === id);
  if (page !== undefined)
    return jsonReply(200, selectFields(pageObject(id, page.name, ctx), fields, ['id', 'name']));
  throw unknownObject(id, r.method);
}

function photoObject(ctx: SandboxContext, photo: FacebookPhoto): Record<string, unknown> {
  // Only Facebook posts have `<pageId>_<postId>` ids like a photo's post.
  const post =
    photo.postId === null ? undefined : postWithPostId(ctx.state.postIndex, 'facebook', photo.postId);
  return {
    id: photo.id,
    name: photo.caption === '' ? undefined : photo.caption,
    created_time: graphTime(photo.createdAt),
    link: post?.record.permalink,
    page_story_id: photo.postId ?? undefined,
    images: [{ source: photo.url }],
    from: { id: photo.pageId },
  };
}

function accounts(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticate(ctx, r, 'facebook');
  if (token.k !== 'user') {
    throw invalidParameter('Tried accessing nonexisting field (accounts) on node type (Page)');
  }
  if (r.params.id !== 'me' && r.params.id !== token.uid) {
    throw permissionDenied(200, `The access token cannot list the Pages of user ${r.params.id}`);
  }
  // Only the Page the user manages directly: a Business Manager's Pages are not listed here.
  const items = [pageEntry(ctx, token, ownPageOf(token), r.input.get('fields'))];
  return jsonReply(
    200,
    pageOf(items, (item) => String(item.id), r, ctx.baseUrl),
  );
}

/** A Page as the Page listings answer it, with a Page token holding what its user consented to. */
function pageEntry(
  ctx: SandboxContext,
  token: TokenPayload,
  page: ReachablePage,
  fields: string | undefined,
): Record<string, unknown> {
  const pageToken = issueToken(ctx.secret, {
    platform: 'facebook',
    kind: 'page',
    uid: page.id,
    handle: page.name,
    now: nowOf(ctx),
    lifetimeMs: null,
    generation: generationOf(ctx.state, 'facebook', page.id),
    scopes: token.s,
  });
  const entry = {
    id: page.id,
    name: page.name,
    access_token: pageToken,
    category: PAGE_CATEGORY.name,
    category_list: [PAGE_CATEGORY],
    tasks: PAGE_TASKS,
  };
  return selectFields(entry, fields, ['access_token', 'category', 'category_list', 'name', 'id', 'tasks']);
}

// The permissions the consent granted (those the token carries), else the sandbox's usual set.
function permissions(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticate(ctx, r, 'facebook');
  const granted = token.s === undefined ? GRANTED : token.s.split(/[\s,]+/).filter((p) => p !== '');
  return jsonReply(200, { data: granted.map((permission) => ({ permission, status: 'granted' })) });
}

function listFeed(ctx: SandboxContext, r: SandboxRequest): Reply {
  const { pageId } = authorizePage(ctx, r, r.params.id ?? '', 'read');
  const fields = r.input.get('fields');
  const items = postsOf(ctx.state, 'facebook', pageId).map((p) => selectFields(postObject(p), fields));
  return jsonReply(
    200,
    pageOf(items, (item) => String(item.id), r, ctx.baseUrl),
  );
}
