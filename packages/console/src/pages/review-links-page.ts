import {
  actorMember,
  createReviewLink,
  memberCan,
  type Post,
  type ReviewLink,
  reviewablePost,
  reviewLinkStandings,
  revokeReviewLink,
} from '@svc/core';
import { emptyState, type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField } from '../console-page.js';
import { confirmButton } from './confirm-page.js';
import { shownOnceCard } from './shown-once.js';
import { shownOnceRoutes } from './shown-once-routes.js';
import { stackTable } from './stack-table.js';

const STATE_WORDS = {
  open: 'open',
  expired: 'expired',
  revoked: 'revoked',
  used_up: 'every post decided',
} as const;

/** The post page's offer: a review link for this one post, while a client can still decide it. */
export function reviewLinkOffer(c: SignedContext, post: Post): Html {
  // Offered to those core lets create one (admins and owners), like the Members page's forms.
  if (!reviewablePost(post) || !memberCan(actorMember(c.actor), 'review-link:manage')) return html``;
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

/** A link just created: shown with its address this once. */
type CreatedLink = { readonly link: ReviewLink; readonly url: string };

/** The links, and above them the link just created, this once. */
async function body(c: SignedContext, createdLink: CreatedLink | null): Promise<Html> {
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
    createdLink === null
      ? ''
      : shownOnceCard(
          'new-link',
          'Your new review link',
          html`<p>Send it to your client privately: it is shown this once, and whoever holds it can approve or reject its ${createdLink.link.postIds.length} post(s) until ${c.time.when(createdLink.link.expiresAt)}.</p>`,
          createdLink.url,
        );
  return html`${created}
<p>A review link lets a client without an account see posts as each platform shows them and approve or reject each with a note. Create one from a post's page or a week of the calendar.</p>
${
  rows.length === 0
    ? emptyState('No review link yet.', { href: '/app/calendar/week', label: 'Open this week' })
    : stackTable(['Link', 'Posts', 'Expires', 'State'], rows)
}`;
}

function create(c: SignedContext) {
  const postId = c.form.get('postId');
  const from = c.form.get('from');
  const to = c.form.get('to');
  return createReviewLink(c.deps.core, c.actor, {
    postIds: postId === null ? null : [postId],
    range: from === null || to === null ? null : { from: new Date(from), to: new Date(to) },
    label: c.form.get('label'),
  }).map(({ link, token }) => ({ link, url: new URL(`/review/${token}`, c.deps.baseUrl).toString() }));
}

/** Review links for clients: create (shown once), list, revoke (docs/teams.md, "Review links"). */
export const reviewLinkRoutes: readonly ConsoleRoute[] = shownOnceRoutes({
  path: '/app/review-links',
  title: 'Review links',
  section: '/app/approvals',
  body,
  create,
  revoke: (c, id) => revokeReviewLink(c.deps.core, c.actor, id),
  revoked: 'The review link was revoked: it no longer works.',
});
