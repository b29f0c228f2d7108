import type { IncomingMessage } from 'node:http';
import {
  acceptInvitation,
  acceptInvitationAsNewPerson,
  chooseWorkspace,
  type InvitationPreview,
  openInvitation,
} from '@svc/core';
import { scryptPasswordHasher } from '@svc/core/node';
import { csrfTokensMatch, type Html, html } from '@svc/web';
import type { ConsoleDeps } from './console-deps.js';
import { barePage } from './console-page.js';
import type { ConsoleReply } from './console-reply.js';
import type { ConsoleSession, ConsoleSessions } from './console-session.js';
import { cookieSession } from './cookie-session.js';
import { INVITE_COOKIE_MS, inviteCookie, inviteTokenOf } from './invite-cookie.js';
import { movingOnPage } from './moving-on-page.js';
import { decodedSegment } from './path-segment.js';
import { linkPageRefusals, PRIVATE_HEADERS } from './private-page.js';
import { sessionCookie, sessionTokenOf } from './session-cookie.js';

/** Whether a path is an invitation page. */
export function isInvitePath(path: string): boolean {
  return path === '/invite' || path.startsWith('/invite/');
}

/** Where a person lands once they joined: the joined workspace's members. */
export const joinedPath = (workspaceId: string): string =>
  `/app/workspaces/${encodeURIComponent(workspaceId)}/members`;

/**
 * The invitee's side of an invitation (docs/teams.md, "Invitations"). `GET /invite/<token>` checks
 * the token, keeps it in the invitation cookie and moves on to `/invite`, so the link's credential
 * never stands in an address. `/invite` says what the invitation is and what comes next: accept
 * (signed in with the address invited, `POST /invite/accept`), sign in first, or, for an address
 * without an account, choose a password and join (`POST /invite/join`). Every rule is core's.
 */
export function createInvitePages(
  deps: ConsoleDeps,
  sessions: ConsoleSessions,
): (req: IncomingMessage, url: URL) => Promise<ConsoleReply> {
  const core = deps.core;
  const secure = deps.baseUrl.startsWith('https:');

  const signedIn = (req: IncomingMessage) => cookieSession(req, sessionTokenOf, sessions);

  async function keep(token: string): Promise<ConsoleReply> {
    const opened = await openInvitation(core, token);
    if (opened.isErr()) return refusal(opened.error);
    const left = opened.value.invitation.expiresAt.getTime() - core.clock.now().getTime();
    return {
      status: 200,
      body: movingOnPage(
        'Opening your invitation',
        html`<p>Opening your invitation… <a href="/invite">Continue</a> if nothing happens.</p>`,
        '/invite',
      ),
      headers: {
        ...PRIVATE_HEADERS,
        'set-cookie': inviteCookie(token, Math.min(INVITE_COOKIE_MS, left), secure),
      },
    };
  }

  async function show(
    req: IncomingMessage,
    alert: string | null = null,
    status = 200,
  ): Promise<ConsoleReply> {
    const token = inviteTokenOf(req.headers.cookie);
    if (token === null) return noInvitation();
    const opened = await openInvitation(core, token);
    if (opened.isErr()) return refusal(opened.error);
    const view = opened.value;
    const session = await signedIn(req);
    // This address holds no credential: the default referrer policy stays, since with no-referrer
    // a browser sends `Origin: null` with the page's forms, which the same-origin check refuses.
    return { status, body: invitationPage(view, session, alert), headers: { 'cache-control': 'no-store' } };
  }

  /** A form of ours, with the invitation's token: null (and the refusal) otherwise. */
  async function posted(
    req: IncomingMessage,
  ): Promise<{ form: URLSearchParams; token: string } | ConsoleReply> {
    // Another site's form carries neither our Origin nor the SameSite=Strict invitation cookie.
    const form = await postedForm(req, deps.baseUrl);
    if (!(form instanceof URLSearchParams)) return form;
    const token = inviteTokenOf(req.headers.cookie);
    return token === null ? noInvitation() : { form, token };
  }

  async function accept(req: IncomingMessage): Promise<ConsoleReply> {
    const got = await posted(req);
    if (!('form' in got)) return got;
    const session = await signedIn(req);
    if (session === null) return show(req, 'Sign in first, then accept.', 401);
    if (!csrfTokensMatch(session.csrf, got.form.get('_csrf') ?? undefined))
      return refused('This form has expired. Go back, reload the page and try again.');
    const accepted = await acceptInvitation(core, session.user.id, got.token);
    if (accepted.isErr()) return refusal(accepted.error);
    await actIn(session.user.id, session.id, accepted.value.workspaceId);
    return joined(accepted.value.workspaceId, []);
  }

  async function join(req: IncomingMessage): Promise<ConsoleReply> {
    const got = await posted(req);
    if (!('form' in got)) return got;
    const password = got.form.get('password') ?? '';
    if (password !== (got.form.get('confirm') ?? ''))
      return show(req, 'The two passwords differ. Type the same password twice.', 400);
    const joinedAs = await acceptInvitationAsNewPerson(
      { ...core, passwords: scryptPasswordHasher },
      got.token,
      password,
    );
    if (joinedAs.isErr()) {
      return joinedAs.error.code === 'validation_failed' || joinedAs.error.code === 'email_taken'
        ? show(req, joinedAs.error.message, 400)
        : refusal(joinedAs.error);
    }
    // Signed in as the new person at once: they just proved the address and chose the password.
    const token = await sessions.open(joinedAs.value.user, sessionTokenOf(req.headers.cookie));
    const opened = await sessions.read(token);
    if (opened !== null) await actIn(opened.user.id, opened.id, joinedAs.value.member.workspaceId);
    return joined(joinedAs.value.member.workspaceId, sessionCookie(token, secure));
  }

  // The console then acts in the workspace just joined, as the switcher would have it: core
  // checks the membership again (chooseWorkspace), and a session that cannot be bound stays
  // where it was, which the switcher can change later.
  async function actIn(userId: string, sessionId: string, workspaceId: string): Promise<void> {
    const chosen = await chooseWorkspace(core, userId, workspaceId);
    if (chosen.isOk()) await sessions.bind(sessionId, chosen.value.workspace.id);
  }

  function joined(workspaceId: string, cookies: readonly string[]): ConsoleReply {
    return {
      status: 303,
      body: '',
      headers: {
        ...PRIVATE_HEADERS,
        location: `${joinedPath(workspaceId)}?joined=1`,
        'set-cookie': [...cookies, inviteCookie(null, 0, secure)],
      },
    };
  }

  return async (req, url) => {
    const path = url.pathname;
    if (req.method === 'POST' && path === '/invite/accept') return accept(req);
    if (req.method === 'POST' && path === '/invite/join') return join(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound();
    if (path === '/invite' || path === '/invite/') return show(req);
    const token = /^\/invite\/([^/]{1,200})$/.exec(path)?.[1];
    return token === undefined ? notFound() : keep(decodedSegment(token));
  };
}

/** The invitation, and what the person holding it does next. */
function invitationPage(
  view: InvitationPreview,
  session: ConsoleSession | null,
  alert: string | null,
): string {
  const { invitation } = view;
  const intro = html`${alert === null ? '' : html`<p role="alert">${alert}</p>`}
<p>${view.inviterEmail ?? 'The operator'} invited <strong>${invitation.email}</strong> to the workspace <strong>${view.workspaceName}</strong> as ${invitation.role}.</p>`;
  return barePage(`Join ${view.workspaceName}`, html`${intro}${nextStep(view, session)}`);
}

function nextStep(view: InvitationPreview, session: ConsoleSession | null): Html {
  const email = view.invitation.email;
  if (session !== null && session.user.email === email) {
    return html`<form method="post" action="/invite/accept"><input type="hidden" name="_csrf" value="${session.csrf}">
<div class="actions"><button type="submit">Accept and join</button></div></form>`;
  }
  if (session !== null) {
    return html`<p role="alert">You are signed in as ${session.user.email}, but this invitation is for ${email}. Sign out, then open this page again (<code>/invite</code>) and sign in as ${email}.</p>
<form method="post" action="/app/sign-out"><input type="hidden" name="_csrf" value="${session.csrf}"><button class="secondary" type="submit">Sign out</button></form>`;
  }
  if (view.hasAccount) {
    return html`<p>Sign in as ${email} to accept it.</p>
<p><a class="button" href="/app/sign-in?next=%2Finvite">Sign in</a></p>`;
  }
  return html`<p>${email} has no account here yet: choose a password to create it and join.</p>
<form method="post" action="/invite/join">
<label for="password">Password (at least 10 characters)</label>
<input type="password" id="password" name="password" autocomplete="new-password" required minlength="10" maxlength="1024">
<label for="confirm">The same password again</label>
<input type="password" id="confirm" name="confirm" autocomplete="new-password" required minlength="10" maxlength="1024">
<div class="actions"><button type="submit">Create my account and join</button></div></form>`;
}

const {
  nothingOpen: noInvitation,
  broken: refusal,
  refused,
  notFound,
  postedForm,
} = linkPageRefusals({
  opens: 'invitation',
  link: 'invitation',
  page: '/invite',
  status: (code) => (code === 'invitation_not_found' ? 404 : code === 'invitation_expired' ? 410 : 409),
});
