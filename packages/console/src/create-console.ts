import type { IncomingMessage } from 'node:http';
import { actorWorkspaceId, listWorkspaces, sessionActor, type User } from '@svc/core';
import { html, readForm, requestPath, SvcFailure, type WebSurface, writeReply } from '@svc/web';
import FindMyWay from 'find-my-way';
import { CALENDAR_MOVE_JS, CALENDAR_MOVE_JS_PATH } from './calendar-move-script.js';
import { COMPOSE_CHECKS_JS, COMPOSE_CHECKS_JS_PATH } from './compose-checks-script.js';
import type { ConsoleContext, ConsoleRoute, SignedContext } from './console-context.js';
import { consoleCredential } from './console-context.js';
import type { ConsoleDeps } from './console-deps.js';
import { barePage } from './console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from './console-reply.js';
import { CONSOLE_JS, CONSOLE_JS_PATH } from './console-script.js';
import { createConsoleSessions, csrfMatches } from './console-session.js';
import { CONSOLE_CSS, CONSOLE_CSS_PATH } from './console-styles.js';
import { cookieSession } from './cookie-session.js';
import { createInvitePages, isInvitePath } from './invite-pages.js';
import { isMultipart } from './multipart-request.js';
import { consoleRoutes } from './pages/console-routes.js';
import { refusalPage } from './pages/refusal-page.js';
import { PASSKEY_JS, PASSKEY_JS_PATH } from './passkey-script.js';
import { createReviewPages, isReviewPath } from './review-pages.js';
import { secondFactorSetUp } from './second-factor-gate.js';
import { sessionTokenOf } from './session-cookie.js';
import { timeFormat } from './time-format.js';

/**
 * The console as a Node handler mounted beside the API: it owns `/app` and everything under it,
 * a client's review pages under `/review`, and the invitation pages under `/invite`.
 */
export type WebConsole = WebSurface & {
  /** The person signed in to the console in the browser that sent `req`; null when nobody is. */
  signedInUser(req: IncomingMessage): Promise<User | null>;
};

/** Forms are short: a caption is the longest field a console form carries. */
const FORM_LIMIT_BYTES = 64 * 1024;

const HOUR = 3_600_000;

type SignedRoute = Extract<ConsoleRoute, { access: 'signed' }>;

// Named after their content, so they are cached for good.
const asset = (body: string, contentType: string): ConsoleReply => ({
  status: 200,
  body,
  contentType,
  headers: { 'cache-control': 'public, max-age=31536000, immutable' },
});
const ASSETS = new Map<string, ConsoleReply>([
  [CONSOLE_CSS_PATH, asset(CONSOLE_CSS, 'text/css; charset=utf-8')],
  [CONSOLE_JS_PATH, asset(CONSOLE_JS, 'text/javascript; charset=utf-8')],
  [COMPOSE_CHECKS_JS_PATH, asset(COMPOSE_CHECKS_JS, 'text/javascript; charset=utf-8')],
  [CALENDAR_MOVE_JS_PATH, asset(CALENDAR_MOVE_JS, 'text/javascript; charset=utf-8')],
  [PASSKEY_JS_PATH, asset(PASSKEY_JS, 'text/javascript; charset=utf-8')],
]);

/** Creates the console (docs/console.md). */
export function createConsole(deps: ConsoleDeps): WebConsole {
  const sessions = createConsoleSessions(deps.core, {
    idleMs: deps.sessionIdleMs ?? 12 * HOUR,
    maxMs: deps.sessionMaxMs ?? 7 * 24 * HOUR,
  });
  const origin = new URL(deps.baseUrl).origin;
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 200 });
  for (const route of consoleRoutes()) router.on(route.method, route.path, () => undefined, { route });
  const reviewPages = createReviewPages(deps);
  const invitePages = createInvitePages(deps, sessions);

  async function answer(req: IncomingMessage): Promise<ConsoleReply> {
    const url = new URL(req.url ?? '/app', origin);
    const file = ASSETS.get(url.pathname);
    if (req.method === 'GET' && file !== undefined) return file;
    // A client's review link: no console session, its own cookie (docs/teams.md, "Review links").
    if (isReviewPath(url.pathname)) return reviewPages(req, url);
    // An invitation's link: its own cookie, then the console's session (docs/teams.md, "Invitations").
    if (isInvitePath(url.pathname)) return invitePages(req, url);
    const found = router.find(req.method === 'HEAD' ? 'GET' : (req.method as 'GET'), url.pathname);
    if (found === null)
      return htmlReply(
        404,
        barePage(
          'Page not found',
          html`<p>There is no such page. <a href="/app">Go to the overview</a>.</p>`,
        ),
      );
    const route = (found.store as { route: ConsoleRoute }).route;
    const token = sessionTokenOf(req.headers.cookie);
    let form = new URLSearchParams();
    // An upload route reads its multipart form itself; sent as a plain form, it is read here.
    const upload = route.access === 'signed' && route.body === 'upload' && isMultipart(req);
    if (route.method === 'POST' && !upload) {
      // Browsers send Origin with every form post; another site's form never carries ours.
      const from = req.headers.origin;
      if (from !== undefined && from !== origin) return refused('This form came from another site.');
      const read = await readForm(req, FORM_LIMIT_BYTES);
      if (read === null) return refused('The form could not be read.');
      form = read;
    }
    const c: ConsoleContext = {
      deps,
      sessions,
      req,
      url,
      params: found.params as Record<string, string>,
      form,
      token,
    };
    if (route.access === 'public') return route.run(c);
    const session = token === null ? null : await sessions.read(token);
    if (session === null) {
      if (route.method === 'GET')
        return redirectReply(`/app/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
      return htmlReply(
        401,
        barePage(
          'Signed out',
          html`<p role="alert">Your session has ended, so nothing was changed.</p><p><a href="/app/sign-in">Sign in again</a>.</p>`,
        ),
      );
    }
    if (route.method === 'POST' && !upload && !csrfMatches(session, form.get('_csrf') ?? undefined)) {
      return refused('This form has expired. Go back, reload the page and try again.');
    }
    const setUp = await secondFactorSetUp(deps, session.user, url.pathname);
    if (setUp !== null) return setUp;
    // The workspace is read at every request, like a key's: a person removed from it acts in
    // their personal workspace again from their next request (docs/console.md).
    const { actor, left } = await sessionActor(deps.core, consoleCredential(session), session.workspaceId);
    if (left) await sessions.bind(session.id, session.user.id);
    const workspaces = await listWorkspaces(deps.core, session.user.id).unwrapOr([]);
    const signed = { ...session, workspaceId: actorWorkspaceId(actor), workspaces, leftWorkspace: left };
    return runSigned(route, { ...c, session: signed, actor, time: timeFormat(session.user.timeZone) });
  }

  return {
    owns: (path) => path === '/app' || path.startsWith('/app/') || isReviewPath(path) || isInvitePath(path),
    async signedInUser(req) {
      return (await cookieSession(req, sessionTokenOf, sessions))?.user ?? null;
    },
    handle(req, res) {
      void answer(req)
        .catch((error: unknown) => {
          deps.logger.error(
            { err: error instanceof Error ? error.name : 'unknown', path: requestPath(req) },
            'console page failed',
          );
          return htmlReply(
            500,
            barePage(
              'Something went wrong',
              html`<p>The page could not be shown. Try again in a moment.</p>`,
            ),
          );
        })
        // No script, no inline style, no framing, forms only to ourselves (docs/console.md).
        .then((reply) => writeReply(res, reply, { head: req.method === 'HEAD' }))
        // A connection gone before the page was written: nothing is left to answer.
        .catch(() => res.destroy());
    },
  };
}

/**
 * Runs a signed-in route. A page the member's role does not allow (core's `role_not_allowed`, in a
 * workspace where they are not an owner) answers the refusal page, with the shell and the
 * switcher, rather than the fault page.
 */
async function runSigned(route: SignedRoute, c: SignedContext): Promise<ConsoleReply> {
  try {
    return await route.run(c);
  } catch (error) {
    if (!(error instanceof SvcFailure) || error.error.code !== 'role_not_allowed') throw error;
    return refusalPage(c, {
      status: 403,
      title: 'Not allowed',
      section: null,
      message: `${error.error.message} Switch to a workspace where your role allows it.`,
      back: { href: '/app', label: 'Go to the overview' },
    });
  }
}

function refused(message: string): ConsoleReply {
  return htmlReply(
    403,
    barePage('Not done', html`<p role="alert">${message}</p><p><a href="/app">Go to the overview</a>.</p>`),
  );
}
