import { changePassword, checkSignIn, passwordChangeProblem, type SignInSessions } from '@svc/core';
import { scryptPasswordHasher } from '@svc/core/node';
import { clientAddress, html } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage, csrfField } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { timeZoneRoutes, timeZoneSection } from './time-zone-setting.js';

function page(
  c: SignedContext,
  status: number,
  extra: { notice?: string; alert?: string } = {},
): ConsoleReply {
  const body = html`<div class="card"><dl><dt>Email</dt><dd>${c.session.user.email}</dd><dt>Plan</dt><dd>${c.session.user.plan.kind}</dd></dl></div>
<section class="card" aria-labelledby="password-heading"><h2 id="password-heading">Change your password</h2>
<form method="post" action="/app/account/password">${csrfField(c.session)}
<label for="current">Current password</label>
<input id="current" name="current" type="password" autocomplete="current-password" required>
<label for="new-password">New password (at least 10 characters)</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" required minlength="10">
<label for="confirm">New password again</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="10">
<div class="actions"><button type="submit">Change password</button></div>
</form></section>
${timeZoneSection(c)}`;
  return htmlReply(
    status,
    consolePage(c.session, {
      title: 'Account',
      section: '/app/account',
      body,
      notice: extra.notice ?? null,
      alert: extra.alert ?? null,
    }),
  );
}

const NOTICES: Readonly<Record<string, string>> = {
  password: 'Your password was changed.',
  'time-zone': 'Your time zone was saved: times are shown and taken in it.',
};

async function show(c: SignedContext): Promise<ConsoleReply> {
  const notice = NOTICES[c.url.searchParams.get('done') ?? ''];
  return page(c, 200, notice === undefined ? {} : { notice });
}

async function submitPassword(c: SignedContext): Promise<ConsoleReply> {
  const next = c.form.get('password') ?? '';
  const confirm = c.form.get('confirm') ?? '';
  // Refused before the current password is checked, so a typo does not count as a sign-in attempt.
  const problem = passwordChangeProblem(next, confirm);
  if (problem !== null) return page(c, 400, { alert: problem });
  // The current password is checked like a sign-in: it counts against the same limits.
  const check = await checkSignIn(
    { users: c.deps.core.store.users, limiter: c.deps.signInLimiter, passwords: scryptPasswordHasher },
    {
      email: c.session.user.email,
      password: c.form.get('current') ?? '',
      address: clientAddress(c.req, c.deps.trustProxy),
    },
  );
  if (check.kind === 'wait') return page(c, 429, { alert: 'Too many attempts. Try again later.' });
  if (check.kind === 'refused') return page(c, 400, { alert: 'The current password is not right.' });
  const sessions: SignInSessions = {
    async endOthers(userId, keepId) {
      await c.sessions.closeOthers(userId, keepId ?? '');
      await c.deps.agents?.endSignInSessions(userId);
    },
  };
  const changed = await changePassword(
    { store: c.deps.core.store, clock: c.deps.core.clock, passwords: scryptPasswordHasher, sessions },
    { userId: c.session.user.id, password: next, confirm, keepSessionId: c.session.id },
  );
  if (changed.isErr()) return page(c, 400, { alert: changed.error.message });
  return redirectReply('/app/account?done=password');
}

/** The person's account: email, plan, password change, time zone. */
export const accountRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/account', access: 'signed', run: show },
  { method: 'POST', path: '/app/account/password', access: 'signed', run: submitPassword },
  ...timeZoneRoutes,
];
