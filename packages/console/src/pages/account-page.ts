import { changeOwnPassword, PASSWORD_LENGTH } from '@svc/core';
import { scryptPasswordHasher } from '@svc/core/node';
import { clientAddress, html } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, type PageParts, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { signInSessionsOf } from '../console-session.js';
import { timeZoneRoutes, timeZoneSection } from './time-zone-setting.js';

function page(
  c: SignedContext,
  status: number,
  messages: Pick<PageParts, 'notice' | 'alert'> = {},
): ConsoleReply {
  const body = html`<div class="card"><dl><dt>Email</dt><dd>${c.session.user.email}</dd><dt>Plan</dt><dd>${c.session.user.plan.kind}</dd></dl></div>
<section class="card" aria-labelledby="password-heading"><h2 id="password-heading">Change your password</h2>
<form method="post" action="/app/account/password">${csrfField(c.session)}
<label for="current">Current password</label>
<input id="current" name="current" type="password" autocomplete="current-password" required>
<label for="new-password">New password (at least ${String(PASSWORD_LENGTH.min)} characters)</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" required minlength="${String(PASSWORD_LENGTH.min)}">
<label for="confirm">New password again</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="${String(PASSWORD_LENGTH.min)}">
<div class="actions"><button type="submit">Change password</button></div>
</form></section>
${timeZoneSection(c)}
<section class="card" aria-labelledby="security-link"><h2 id="security-link">Security</h2>
<p>Ask for a second factor after your password: an authenticator app with recovery codes, or a passkey. <a href="/app/account/security">Security settings</a></p></section>
<section class="card" aria-labelledby="notifications-link"><h2 id="notifications-link">Notifications</h2>
<p>Choose which e-mails you get: failed posts, accounts to reconnect, reviews. <a href="/app/account/notifications">Notification settings</a></p></section>`;
  return pageReply(c, status, {
    title: 'Account',
    section: '/app/account',
    body,
    ...messages,
  });
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
  const changed = await changeOwnPassword(
    {
      store: c.deps.core.store,
      clock: c.deps.core.clock,
      passwords: scryptPasswordHasher,
      limiter: c.deps.signInLimiter,
      sessions: signInSessionsOf(c.deps.core.store.oauth, c.deps.agents),
    },
    {
      user: c.session.user,
      current: c.form.get('current') ?? '',
      password: c.form.get('password') ?? '',
      confirm: c.form.get('confirm') ?? '',
      address: clientAddress(c.req, c.deps.trustProxy),
      keepSessionId: c.session.id,
    },
  );
  if (changed.isErr()) {
    return page(c, changed.error.code === 'rate_limited' ? 429 : 400, { alert: changed.error.message });
  }
  return redirectReply('/app/account?done=password');
}

/** The person's account: email, plan, password change, time zone. */
export const accountRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/account', access: 'signed', run: show },
  { method: 'POST', path: '/app/account/password', access: 'signed', run: submitPassword },
  ...timeZoneRoutes,
];
