import { adoptBrowserTimeZone, checkSignIn, startSecondFactorStep, type User } from '@svc/core';
import { scryptPasswordHasher } from '@svc/core/node';
import { clientAddress, html, signInForm } from '@svc/web';
import type { ConsoleContext, ConsoleRoute, SignedContext } from '../console-context.js';
import { barePage } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { SECOND_FACTOR_PATH, secondFactorCookie } from '../second-factor-cookie.js';
import { sessionCookie } from '../session-cookie.js';
import { consoleSignOnButton } from './single-sign-on-button.js';

// Only our own pages are places to go back to after signing in, normalised (no `..`, no host):
// the console's, the sandbox's, which ask people to sign in when the sandbox is exposed, and the
// invitation page, where a person invited signs in to accept.
export function safeNext(next: string | null): string {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/app';
  const target = new URL(next, 'http://console.invalid');
  const ours =
    target.origin === 'http://console.invalid' &&
    (target.pathname === '/app' ||
      target.pathname === '/invite' ||
      target.pathname.startsWith('/app/') ||
      target.pathname.startsWith('/sandbox/'));
  return ours ? `${target.pathname}${target.search}` : '/app';
}

function signInPage(c: ConsoleContext, next: string, email: string, alert: string | null): string {
  return barePage(
    'Sign in',
    html`${signInForm({
      action: '/app/sign-in',
      // Filled by the console's script with the browser's zone; empty without it.
      hidden: { next, timeZone: '' },
      email,
      alert,
      note: html`
<p class="muted">The operator sets your password with <code>svc users set-password</code>.</p>`,
    })}${consoleSignOnButton(c, next)}`,
  );
}

async function show(c: ConsoleContext): Promise<ConsoleReply> {
  const session = c.token === null ? null : await c.sessions.read(c.token);
  const next = safeNext(c.url.searchParams.get('next'));
  if (session !== null) return redirectReply(next);
  return htmlReply(200, signInPage(c, next, '', null));
}

async function signIn(c: ConsoleContext): Promise<ConsoleReply> {
  const next = safeNext(c.form.get('next'));
  const check = await checkSignIn(
    { users: c.deps.core.store.users, limiter: c.deps.signInLimiter, passwords: scryptPasswordHasher },
    {
      email: c.form.get('email') ?? '',
      password: c.form.get('password') ?? '',
      address: clientAddress(c.req, c.deps.trustProxy),
    },
  );
  if (check.kind === 'wait') {
    const minutes = Math.ceil(check.retryAfterSeconds / 60);
    return {
      ...htmlReply(
        429,
        signInPage(c, next, check.email, `Too many sign-in attempts. Try again in ${minutes} minute(s).`),
      ),
      headers: { 'retry-after': String(check.retryAfterSeconds) },
    };
  }
  if (check.kind === 'refused')
    return htmlReply(401, signInPage(c, next, check.email, 'The email or password is not right.'));
  // A person with a second factor passes it before any session exists (docs/security.md).
  const step = await startSecondFactorStep(c.deps.core, check.user);
  if (step !== null)
    return redirectReply(`${SECOND_FACTOR_PATH}?next=${encodeURIComponent(next)}`, {
      'set-cookie': secondFactorCookie(step, c.deps.baseUrl.startsWith('https:')),
    });
  return finishSignIn(c, check.user, next);
}

/**
 * Opens the session of a person who passed every step of signing in, and sends them on; the extra
 * cookies (ending a second-factor step) go with the session's.
 */
export async function finishSignIn(
  c: ConsoleContext,
  user: User,
  next: string,
  extraCookies: readonly string[] = [],
): Promise<ConsoleReply> {
  const token = await c.sessions.open(user, c.token);
  // A person who never chose a zone gets the browser's (core decides), and is told where it shows.
  const adopted = await adoptBrowserTimeZone(c.deps.core, user, c.form.get('timeZone') ?? '');
  return redirectReply(adopted !== null && next === '/app' ? '/app?zone=browser' : next, {
    'set-cookie': [...sessionCookie(token, c.deps.baseUrl.startsWith('https:')), ...extraCookies],
  });
}

async function signOut(c: SignedContext): Promise<ConsoleReply> {
  if (c.token !== null) await c.sessions.close(c.token);
  return redirectReply('/app/sign-in', {
    'set-cookie': sessionCookie(null, c.deps.baseUrl.startsWith('https:')),
  });
}

/** Signing in and out. */
export const signInRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/sign-in', access: 'public', run: show },
  { method: 'POST', path: '/app/sign-in', access: 'public', run: signIn },
  { method: 'POST', path: '/app/sign-out', access: 'signed', run: signOut },
];
