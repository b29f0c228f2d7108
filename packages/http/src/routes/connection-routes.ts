import { completeConnection, PLATFORM_NAMES, type SvcError, startConnection, svcError } from '@svc/core';
import { applySecurityHeaders, WEB_CSS } from '@svc/web';
import type { Context } from 'koa';
import { ERROR_STATUS } from '../error-status.js';
import type { HttpDeps } from '../http-deps.js';
import type { HttpState } from '../http-state.js';
import type { Route } from '../route-table.js';
import { CONNECT_CSS_PATH, htmlPage } from '../views/html-page.js';

type ConnectionContext = Context & { state: HttpState };

/** The cookie that ties a connection's callback to the browser that opened its link. */
const BINDING_COOKIE = 'svc_connect';

/**
 * The cookie that marks a connection started from the console (`?from=console` on its link): its
 * callback returns to the console's Connections page, a fixed path of ours, never one from the
 * request. Links handed out by REST keep the page that says the account is connected.
 */
const RETURN_COOKIE = 'svc_connect_return';

/** Where a console-started connection returns: the Connections page, naming the new accounts. */
const CONSOLE_CONNECTIONS_PATH = '/app/connections';

/**
 * The browser half of connecting accounts (spec 2.5): `POST /api/v1/connections` hands back a
 * `connectUrl`; a person opens it, we send them to the platform's consent page, and the platform
 * sends them back to our callback, which stores the account. Both answer with plain HTML pages.
 */
export function connectionRoutes(deps: HttpDeps): Route[] {
  const base = deps.baseUrl.replace(/\/+$/, '');
  const redirectUri = `${base}/connect/callback`;
  const secureCookie = base.startsWith('https:');

  const start = async (ctx: ConnectionContext) => {
    const started = await startConnection(deps.core, { requestId: ctx.state.params?.id ?? '', redirectUri });
    if (started.isErr()) return page(ctx, started.error);
    const { request, authorizeUrl } = started.value;
    const maxAge = Math.max(
      0,
      Math.floor((request.expiresAt.getTime() - deps.core.clock.now().getTime()) / 1000),
    );
    const attributes = `Path=/connect; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`;
    ctx.append('Set-Cookie', `${BINDING_COOKIE}=${request.id}; ${attributes}`);
    if (ctx.query.from === 'console')
      ctx.append('Set-Cookie', `${RETURN_COOKIE}=${request.id}; ${attributes}`);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(authorizeUrl);
  };

  const callback = async (ctx: ConnectionContext) => {
    const state = String(ctx.query.state ?? '');
    // A callback from another browser than the one that opened the link is refused, so nobody
    // can make someone else's browser finish a connection they started.
    if (ctx.cookies.get(BINDING_COOKIE) !== state.split('.')[0]) {
      return page(
        ctx,
        svcError(
          'connection_request_not_found',
          'This connection was started in another browser, or cookies are blocked. Open the connection link again in this browser.',
        ),
      );
    }
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : null;
    const error = typeof ctx.query.error === 'string' ? ctx.query.error : null;
    const done = await completeConnection(deps.core, { state, code, error, redirectUri });
    if (done.isErr()) return page(ctx, done.error);
    ctx.append('Set-Cookie', `${BINDING_COOKIE}=; Path=/connect; Max-Age=0; HttpOnly; SameSite=Lax`);
    if (ctx.cookies.get(RETURN_COOKIE) === done.value.request.id) {
      ctx.append('Set-Cookie', `${RETURN_COOKIE}=; Path=/connect; Max-Age=0; HttpOnly; SameSite=Lax`);
      const ids = done.value.accounts.map((a) => a.id).join(',');
      ctx.status = 303;
      ctx.redirect(`${CONSOLE_CONNECTIONS_PATH}?${new URLSearchParams({ connected: ids }).toString()}`);
      return;
    }
    const name = PLATFORM_NAMES[done.value.request.platform];
    const handles = done.value.accounts.map((a) => `@${a.handle}`).join(', ');
    htmlHeaders(ctx);
    ctx.body = htmlPage({
      title: `${name} account connected`,
      lines: [`${handles} on ${name} is now connected.`, 'You can close this window.'],
    });
  };

  // The pages' stylesheet, named by its content, so cached for good.
  const stylesheet = (ctx: Context) => {
    applySecurityHeaders(ctx.res, { 'cache-control': 'public, max-age=31536000, immutable' });
    ctx.type = 'text/css; charset=utf-8';
    ctx.body = WEB_CSS;
  };

  return [
    { method: 'GET', path: CONNECT_CSS_PATH, handlers: [stylesheet] },
    { method: 'GET', path: '/connect/callback', handlers: [callback] },
    { method: 'GET', path: '/connect/:id', handlers: [start] },
  ];
}

function page(ctx: Context, error: SvcError): void {
  ctx.status = ERROR_STATUS[error.code];
  htmlHeaders(ctx);
  ctx.body = htmlPage({ title: 'Could not connect the account', lines: [error.message] });
}

// The same headers as every other page of the server: no scripts, no framing (docs/security.md).
function htmlHeaders(ctx: Context): void {
  applySecurityHeaders(ctx.res);
  ctx.type = 'html';
}
