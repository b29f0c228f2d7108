import {
  createReviewLink,
  type Post,
  type ReviewLink,
  reviewablePost,
  reviewLinkStandings,
  revokeReviewLink,
} from '@svc/core';
import { emptyState, type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage, csrfField } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { confirmButton } from './confirm-page.js';
import { shownOnceCard } from './shown-once.js';
import { stackTable } from './stack-table.js';

const STATE_WORDS = {
  open: 'open',
  expired: 'expired',
  revoked: 'revoked',
  used_up: 'every post decided',
} as const;

/** The post page's offer: a review link for this one post, while a client can still decide it. */
export function reviewLinkOffer(c: SignedContext, post: Post): Html {
  if (!reviewablePost(post)) return html``;
  return html`<form class="inline" method="post" action="/app/review-links">${csrfField(c.session)}
<input type="hidden" name="postId" value="${post.id}">
<button class="secondary" type="submit">Create a review link for a client</button></form>`;
}

/** The calendar week's offer: a review link for the week's posts awaiting a decision. */
export function weekReviewLinkOffer(c: SignedContext, range: { from: Date; to: Date }, label: string): Html {
  return html`<form class="inline" method="post" action="/app/review-links">${csrfField(c.session)}
<input type="hidden" name="from" value="${range.from.toISOString()}">
<input type="hidden" name="to" value="${range.to.toISOString()}">
<input type="hidden" name="label" value="${label}">
<button class="secondary" type="submit">Review link for this week</button></form>`;
}

async function page(
  c: SignedContext,
  extra: { notice?: string | null; alert?: string | null; created?: { link: ReviewLink; url: string } },
): Promise<string> {
  const standings = await unwrap(reviewLinkStandings(c.deps.core, c.actor));
  const rows = standings.map(({ link, decided, state }) => {
    return html`<tr>
<td>${link.label ?? html`<span class="muted">no label</span>`}<div class="muted"><code>${link.id}</code></div></td>
<td data-label="Posts">${decided} of ${link.postIds.length} decided</td>
<td data-label="Expires">${c.time.when(link.expiresAt)}</td>
<td data-label="State">${STATE_WORDS[state]}</td>
<td>${state === 'open' ? confirmButton(`/app/review-links/${link.id}/revoke`, 'Revoke', `Revoke ${link.label ?? link.id}`) : ''}</td></tr>`;
  });
  const created =
    extra.created === undefined
      ? ''
      : shownOnceCard(
          'new-link',
          'Your new review link',
          html`<p>Send it to your client privately: it is shown this once, and whoever holds it can approve or reject its ${extra.created.link.postIds.length} post(s) until ${c.time.when(extra.created.link.expiresAt)}.</p>`,
          extra.created.url,
        );
  const body = html`${created}
<p>A review link lets a client without an account see posts as each platform shows them and approve or reject each with a note. Create one from a post's page or a week of the calendar.</p>
${
  rows.length === 0
    ? emptyState('No review link yet.', { href: '/app/calendar/week', label: 'Open this week' })
    : stackTable(['Link', 'Posts', 'Expires', 'State'], rows)
}`;
  return consolePage(c.session, {
    title: 'Review links',
    section: '/app/approvals',
    body,
    notice: extra.notice ?? null,
    alert: extra.alert ?? null,
  });
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const notice =
    c.url.searchParams.get('done') === 'revoked' ? 'The review link was revoked: it no longer works.' : null;
  return htmlReply(200, await page(c, { notice }));
}

async function create(c: SignedContext): Promise<ConsoleReply> {
  const postId = c.form.get('postId');
  const from = c.form.get('from');
  const to = c.form.get('to');
  const created = await createReviewLink(c.deps.core, c.actor, {
    postIds: postId === null ? null : [postId],
    range: from === null || to === null ? null : { from: new Date(from), to: new Date(to) },
    label: c.form.get('label'),
  });
  if (created.isErr()) return htmlReply(400, await page(c, { alert: created.error.message }));
  const url = new URL(`/review/${created.value.token}`, c.deps.baseUrl).toString();
  // Answered here, not after a redirect: the token must never travel in a URL of ours or show twice.
  return htmlReply(201, await page(c, { created: { link: created.value.link, url } }));
}

async function revoke(c: SignedContext): Promise<ConsoleReply> {
  const revoked = await revokeReviewLink(c.deps.core, c.actor, c.params.id ?? '');
  if (revoked.isErr()) return htmlReply(404, await page(c, { alert: revoked.error.message }));
  return redirectReply('/app/review-links?done=revoked');
}

/** Review links for clients: create (shown once), list, revoke (docs/teams.md, "Review links"). */
export const reviewLinkRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/review-links', access: 'signed', run: show },
  { method: 'POST', path: '/app/review-links', access: 'signed', run: create },
  { method: 'POST', path: '/app/review-links/:id/revoke', access: 'signed', run: revoke },
];
