import {
  DIGEST_LOCAL_HOUR,
  getNotificationPreferences,
  kindLabel,
  NOTIFICATION_KINDS,
  type NotificationKind,
  setNotificationPreferences,
} from '@svc/core';
import { html } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';

const PATH = '/app/account/notifications';

/** What each kind is about, under its name. */
const HINTS: Readonly<Record<NotificationKind, string>> = {
  post_failed: 'One of your posts failed for good, with the reason.',
  account_reconnect: 'A platform refused our access to an account, or its access lapses within 7 days.',
  review_requested: 'A draft was sent for review.',
  review_decided: 'A draft was approved or sent back.',
  daily_digest:
    'Every morning, for each workspace: what was posted and what failed, what is scheduled for the next 24 hours, drafts awaiting your review and accounts to reconnect. Nothing on a day with nothing to say.',
};

/** A kind's hint; the digest's names its hour in the person's own time zone (Account settings). */
function hintOf(kind: NotificationKind, timeZone: string): string {
  if (kind !== 'daily_digest') return HINTS[kind];
  return `${HINTS[kind]} Sent after ${String(DIGEST_LOCAL_HOUR).padStart(2, '0')}:00 ${timeZone}.`;
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const chosen = await getNotificationPreferences(c.deps.core, c.session.user.id);
  const body = html`<section class="card" aria-labelledby="notifications-heading"><h2 id="notifications-heading">E-mail notifications</h2>
<p>Sent to ${c.session.user.email} when the server has e-mail set up (SVC_SMTP_URL). Every message has a link that switches its kind off.</p>
<form method="post" action="${PATH}">${csrfField(c.session)}
<fieldset><legend>E-mail me when</legend>
${NOTIFICATION_KINDS.map(
  (kind) =>
    html`<label><input type="checkbox" name="kind" value="${kind}"${chosen[kind] ? html` checked` : ''}> ${kindLabel(kind)} <span class="muted">${hintOf(kind, c.session.user.timeZone)}</span></label>`,
)}
</fieldset>
<div class="actions"><button type="submit">Save notifications</button></div>
</form></section>`;
  return pageReply(c, 200, {
    title: 'Notifications',
    section: '/app/account',
    body,
    ...(c.url.searchParams.get('done') === 'saved'
      ? { notice: 'Your notification choices were saved.' }
      : {}),
  });
}

async function save(c: SignedContext): Promise<ConsoleReply> {
  const on = new Set(c.form.getAll('kind'));
  const changes = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, on.has(kind)]));
  await setNotificationPreferences(c.deps.core, c.session.user.id, changes);
  return redirectReply(`${PATH}?done=saved`);
}

/** The person's e-mail notification choices, one switch per kind (docs/notifications.md). */
export const notificationRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: PATH, access: 'signed', run: show },
  { method: 'POST', path: PATH, access: 'signed', run: save },
];
