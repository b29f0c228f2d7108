import { DEFAULT_TIME_ZONE, setTimeZone } from '@svc/core';
import { type Html, html } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { actionReply, type RefusalFrame } from './refusal-page.js';

/** The zones the console offers. Intl's list leaves out UTC itself, the zone of everyone who has not chosen. */
export const TIME_ZONES: readonly string[] = [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone')];

/**
 * The account page's time zone form. While the person still has the default zone, the select is
 * marked for the console script to pre-select the browser's zone (saving it stays their choice).
 */
export function timeZoneSection(c: SignedContext): Html {
  const current = c.time.zone;
  const zones = TIME_ZONES.includes(current) ? TIME_ZONES : [current, ...TIME_ZONES];
  const offer = c.session.user.timeZone === DEFAULT_TIME_ZONE;
  const now = c.deps.core.clock.now();
  return html`<section class="card" aria-labelledby="time-zone-heading"><h2 id="time-zone-heading">Time zone</h2>
<p>Every page shows times in this zone, and Compose and the calendar take them in it. Now: ${c.time.when(now)}.</p>
<form method="post" action="/app/account/time-zone">${csrfField(c.session)}
<label for="time-zone">Time zone</label>
<select id="time-zone" name="timeZone"${offer ? html` data-browser-zone="time-zone-offer"` : ''}>${zones.map(
    (zone) => html`<option value="${zone}"${zone === current ? html` selected` : ''}>${zone}</option>`,
  )}</select>
<p id="time-zone-offer" class="muted" hidden></p>
<div class="actions"><button type="submit">Save time zone</button></div>
</form></section>`;
}

async function save(c: SignedContext): Promise<ConsoleReply> {
  const set = await setTimeZone(c.deps.core, c.actor, c.form.get('timeZone') ?? '');
  const frame: RefusalFrame = {
    status: 400,
    title: 'Time zone not changed',
    section: '/app/account',
    back: { href: '/app/account', label: 'Back to the account' },
  };
  return actionReply(c, set, frame, () => '/app/account?done=time-zone');
}

/** The form target of the time zone setting. */
export const timeZoneRoutes: readonly ConsoleRoute[] = [
  { method: 'POST', path: '/app/account/time-zone', access: 'signed', run: save },
];
