import {
  type AccountSlotSuggestion,
  acceptSlotSuggestions,
  getSlotSuggestions,
  listConnections,
  type WEEKDAYS,
} from '@svc/core';
import { type Html, html, platformMark, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { actionReply } from './refusal-page.js';

const DAY_NAMES: Readonly<Record<(typeof WEEKDAYS)[number], string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

// Where the slots come from, first: a measured suggestion and general guidance must never look alike.
function label(s: AccountSlotSuggestion): Html {
  return s.source === 'analytics'
    ? html`<p><strong>Measured</strong> on this account: ${s.samples} posts with figures in the last ${s.days} days.</p>`
    : html`<p><strong>Platform defaults</strong>, not measured: ${s.samples === 0 ? 'no post' : `only ${s.samples} posts`} with figures in the last ${s.days} days, too few to measure.</p>`;
}

function card(c: SignedContext, s: AccountSlotSuggestion, handle: string): Html {
  const cells = new Map(
    s.cells.map((cell) => [`${cell.day} ${String(cell.hour).padStart(2, '0')}:00`, cell]),
  );
  return html`<section class="card" aria-labelledby="suggest-${s.profileId}">
<h3 id="suggest-${s.profileId}">${platformMark(s.platform)} @${handle}</h3>
${label(s)}
<ul>${s.slots.map((slot) => {
    const cell = cells.get(`${slot.day} ${slot.time}`);
    return html`<li>${DAY_NAMES[slot.day]} ${slot.time}${cell === undefined ? '' : html` <span class="muted">(${cell.samples} posts, ${Math.round(cell.score)} engagement per post)</span>`}</li>`;
  })}</ul>
<p class="muted">${s.message}</p>
<form method="post" action="/app/analytics/accounts/${s.profileId}/slots">${csrfField(c.session)}
<input type="hidden" name="timeZone" value="${s.timeZone}">
<button type="submit" class="secondary">Use these slots</button>
<span class="muted">Replaces this account's posting slots (${s.timeZone}); posts already queued keep their times.</span>
</form></section>`;
}

/**
 * The analytics page's "Suggested posting slots": per active account, its suggestion in its slots'
 * zone, labelled measured or platform defaults, with a form that makes it the account's slots.
 */
export async function slotSuggestionsSection(c: SignedContext): Promise<Html> {
  const accounts = (await unwrap(listConnections(c.deps.core, c.actor))).filter((a) => a.status === 'active');
  if (accounts.length === 0) return html``;
  const suggestions = await Promise.all(
    accounts.map(async (a) => [a, await unwrap(getSlotSuggestions(c.deps.core, c.actor, a.id))] as const),
  );
  const done = c.url.searchParams.get('slots');
  return html`<h2 id="suggested-slots">Suggested posting slots</h2>
${done === null ? '' : html`<p role="status">The suggested slots are now the posting slots of @${accounts.find((a) => a.id === done)?.handle ?? 'the account'}.</p>`}
${suggestions.map(([a, s]) => card(c, s, a.handle))}`;
}

// "Use these slots": the suggestion computed again by core's use case, then stored as the slots.
async function useSuggestion(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const accepted = await acceptSlotSuggestions(c.deps.core, c.actor, id, {
    timeZone: c.form.get('timeZone') || null,
  });
  return actionReply(
    c,
    accepted,
    {
      status: 409,
      title: 'Analytics',
      section: '/app/analytics',
      back: { href: '/app/analytics#suggested-slots', label: 'Back to the analytics' },
    },
    () => `/app/analytics?slots=${encodeURIComponent(id)}#suggested-slots`,
  );
}

/** The form target of "Use these slots". */
export const slotSuggestionRoutes: readonly ConsoleRoute[] = [
  { method: 'POST', path: '/app/analytics/accounts/:id/slots', access: 'signed', run: useSuggestion },
];
