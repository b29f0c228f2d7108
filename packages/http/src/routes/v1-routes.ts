import Router from '@koa/router';
import { createPosts, getPost, listConnections } from '@svc/core';
import type { Context } from 'koa';
import { authenticate } from '../authenticate.js';
import type { HttpDeps } from '../http-deps.js';
import type { HttpState } from '../http-state.js';
import { jsonBody } from '../json-body.js';
import { unwrap } from '../svc-failure.js';
import { toAccountView } from '../views/account-view.js';
import { toPostView } from '../views/post-view.js';

type V1Context = Context & { state: Required<HttpState> };

/**
 * The REST API of spec 4.1 that exists so far. Each route authenticates, hands the request to a
 * core use case and presents the result; business rules live in the use cases.
 */
export function v1Routes(deps: HttpDeps): Router {
  const router = new Router({ prefix: '/api/v1' });
  router.use(authenticate(deps.core));

  router.get('/connections', async (ctx) => {
    const accounts = await unwrap(listConnections(deps.core, actorOf(ctx)));
    ctx.body = { accounts: accounts.map(toAccountView), count: accounts.length };
  });

  const create = (requireScheduledTime: boolean) => async (ctx: Context) => {
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
  router.post('/posts', jsonBody(), create(false));
  router.post('/posts/schedule', jsonBody(), create(true));
  router.post('/publish', jsonBody(), create(false));

  router.get('/posts/:id', async (ctx) => {
    const post = await unwrap(getPost(deps.core, actorOf(ctx), ctx.params.id ?? ''));
    ctx.body = toPostView(post, deps.mediaUrlFor);
  });
  return router;
}

function actorOf(ctx: Context): Required<HttpState>['actor'] {
  return (ctx as V1Context).state.actor;
}
