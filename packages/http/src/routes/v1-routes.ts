import { createPosts, getAnalytics, getPost, getPostingOptions, listConnections } from '@svc/core';
import type { Context } from 'koa';
import { authenticate } from '../authenticate.js';
import type { HttpDeps } from '../http-deps.js';
import { actorOf, type HttpState } from '../http-state.js';
import { jsonBody } from '../json-body.js';
import type { Route } from '../route-table.js';
import { unwrap } from '../svc-failure.js';
import { toAccountView } from '../views/account-view.js';
import { toPostView } from '../views/post-view.js';

type V1Context = Context & { state: HttpState };

/**
 * The REST API of spec 4.1 that exists so far. Each route authenticates, hands the request to a
 * core use case and presents the result; business rules live in the use cases.
 */
export function v1Routes(deps: HttpDeps): Route[] {
  const auth = authenticate(deps.core);
  const json = jsonBody();

  const listAccounts = async (ctx: V1Context) => {
    const accounts = await unwrap(listConnections(deps.core, actorOf(ctx)));
    ctx.body = { accounts: accounts.map(toAccountView), count: accounts.length };
  };

  const create = (requireScheduledTime: boolean) => async (ctx: V1Context) => {
    const result = await unwrap(
      createPosts(deps.core, actorOf(ctx), ctx.request.body, { requireScheduledTime }),
    );
    ctx.body = {
      postIds: result.postIds,
      status: result.status,
      scheduledTime: result.scheduledTime.toISOString(),
      replayed: result.replayed,
      warnings: result.warnings,
    };
  };

  const readPostingOptions = async (ctx: V1Context) => {
    const view = await unwrap(getPostingOptions(deps.core, actorOf(ctx), ctx.state.params?.id ?? ''));
    ctx.body = { ...view, fetchedAt: view.fetchedAt.toISOString() };
  };

  const readPost = async (ctx: V1Context) => {
    const post = await unwrap(getPost(deps.core, actorOf(ctx), ctx.state.params?.id ?? ''));
    ctx.body = toPostView(post, (id) => deps.mediaLinks.urlFor(id));
  };

  // Ours: what svc_get_analytics answers, for REST callers. `profile_ids` repeats or is comma-separated.
  const readAnalytics = async (ctx: V1Context) => {
    const { days, profile_ids: profiles, timezone } = ctx.query;
    const profileIds = [profiles ?? []]
      .flat()
      .flatMap((value) => value.split(','))
      .filter((id) => id !== '');
    ctx.body = await unwrap(
      getAnalytics(deps.core, actorOf(ctx), {
        days: typeof days === 'string' ? Number(days) : null,
        profileIds: profileIds.length === 0 ? null : profileIds,
        timezone: typeof timezone === 'string' ? timezone : null,
      }),
    );
  };

  return [
    { method: 'GET', path: '/api/v1/analytics', handlers: [auth, readAnalytics] },
    { method: 'GET', path: '/api/v1/connections', handlers: [auth, listAccounts] },
    // Ours: what svc_get_tiktok_posting_options answers, for REST callers.
    { method: 'GET', path: '/api/v1/connections/:id/posting-options', handlers: [auth, readPostingOptions] },
    { method: 'POST', path: '/api/v1/posts', handlers: [auth, json, create(false)] },
    { method: 'POST', path: '/api/v1/posts/schedule', handlers: [auth, json, create(true)] },
    { method: 'POST', path: '/api/v1/publish', handlers: [auth, json, create(false)] },
    { method: 'GET', path: '/api/v1/posts/:id', handlers: [auth, readPost] },
  ];
}
