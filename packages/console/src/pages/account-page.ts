import { passwordProblem } from '@svc/core';
import { checkSignIn, hashPassword } from '@svc/core/node';
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
      section: null,
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

async function changePassword(c: SignedContext): Promise<ConsoleReply> {
  const next = c.form.get('password') ?? '';
  if (next !== (c.form.get('confirm') ?? '')) return page(c, 400, { alert: 'The two new passwords differ.' });
  const problem = passwordProblem(next);
  if (problem !== null) return page(c, 400, { alert: problem });
  // The current password is checked like a sign-in: it counts against the same limits.
  const check = await checkSignIn(
    { users: c.deps.core.store.users, limiter: c.deps.signInLimiter },
    {
      email: c.session.user.email,
      password: c.form.get('current') ?? '',
      address: clientAddress(c.req, c.deps.trustProxy),
    },
  );
  if (check.kind === 'wait') return page(c, 429, { alert: 'Too many attempts. Try again later.' });
  if (check.kind === 'refused') return page(c, 400, { alert: 'The current password is not right.' });
  await c.deps.core.store.users.setPasswordHash(
    c.session.user.id,
    await hashPassword(next),
    c.deps.core.clock.now(),
  );
  // Whoever knew the old password may hold another browser's session: every other one ends, this
  // one stays. Agents keep their approvals, which the person gave them and revokes on Agents.
  await c.sessions.closeOthers(c.session.user.id, c.session.id);
  await c.deps.agents?.endSignInSessions(c.session.user.id);
  return redirectReply('/app/account?done=password');
}

/** The person's account: email, plan, password change, time zone. */
export const accountRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/account', access: 'signed', run: show },
  { method: 'POST', path: '/app/account/password', access: 'signed', run: changePassword },
  ...timeZoneRoutes,
];
