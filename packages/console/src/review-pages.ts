import type { IncomingMessage } from 'node:http';
import {
  decideThroughReviewLink,
  hitReviewRateLimit,
  openReviewLink,
  PLATFORMS,
  type Platform,
  type PolicyConfig,
  type PolicyMedia,
  previewKindOf,
  type ReviewItem,
  type ReviewView,
  rateLimitHeaders,
  rateLimitRefusal,
  reviewSessionUntil,
  reviewThumbnail,
  reviewView,
  thumbnailSizeOf,
} from '@svc/core';
import { clientAddress, csrfTokensMatch, type Html, html } from '@svc/web';
import type { ConsoleDeps } from './console-deps.js';
import { barePage } from './console-page.js';
import type { ConsoleReply } from './console-reply.js';
import { cookieSession } from './cookie-session.js';
import { previewView } from './feed-preview-view.js';
import { movingOnPage } from './moving-on-page.js';
import { previewItem } from './pages/compose-preview.js';
import { decodedSegment } from './path-segment.js';
import { linkPageRefusals, PRIVATE_HEADERS } from './private-page.js';
import { createReviewSessions, type ReviewSession, reviewCookie, reviewTokenOf } from './review-session.js';
import { type TimeFormat, timeFormat } from './time-format.js';

/** Whether a path is the client's review page or one of its parts. */
export function isReviewPath(path: string): boolean {
  return path === '/review' || path.startsWith('/review/');
}

// The address holding a token is never sent on (no-referrer); the review page itself, whose
// address holds none, keeps the default same-origin policy, since with no-referrer a browser sends
// `Origin: null` with the page's forms, which the same-origin check must refuse.
const REVIEW = { 'cache-control': 'no-store' } as const;

/**
 * The client's side of a review link (docs/teams.md, "Review links"), without an account:
 * `GET /review/<token>` exchanges the token for a review cookie and moves on to `/review`, which
 * lists the link's posts with their previews and a form each (`POST /review/decide`). Every
 * request counts against the review rate limit of its address; every rule is core's.
 */
export function createReviewPages(
  deps: ConsoleDeps,
): (req: IncomingMessage, url: URL) => Promise<ConsoleReply> {
  const core = deps.core;
  const sessions = createReviewSessions(core);
  const secure = deps.baseUrl.startsWith('https:');

  const session = (req: IncomingMessage) => cookieSession(req, reviewTokenOf, sessions);

  async function exchange(token: string): Promise<ConsoleReply> {
    const opened = await openReviewLink(core, token);
    if (opened.isErr()) return refusal(opened.error);
    const link = opened.value;
    const until = reviewSessionUntil(link, core.clock.now());
    const cookieToken = await sessions.open(link.id, until);
    return {
      status: 200,
      body: movingOnPage(
        'Opening your review',
        html`<p>Opening the posts to review… <a href="/review">Continue</a> if nothing happens.</p>`,
        '/review',
      ),
      headers: {
        ...PRIVATE_HEADERS,
        'set-cookie': reviewCookie(cookieToken, until.getTime() - core.clock.now().getTime(), secure),
      },
    };
  }

  async function page(req: IncomingMessage, url: URL): Promise<ConsoleReply> {
    const current = await session(req);
    if (current === null) return noSession();
    const view = await reviewView(core, current.linkId);
    if (view.isErr()) return refusal(view.error);
    const done = url.searchParams.get('done');
    const notice =
      done === 'approved' ? 'Approved. Thank you.' : done === 'rejected' ? 'Rejected, with your note.' : null;
    return {
      status: 200,
      body: reviewPage(view.value, current, core.policy, { notice }),
      headers: REVIEW,
    };
  }

  async function decide(req: IncomingMessage): Promise<ConsoleReply> {
    const form = await postedForm(req, deps.baseUrl);
    if (!(form instanceof URLSearchParams)) return form;
    const current = await session(req);
    if (current === null) return noSession();
    if (!csrfTokensMatch(current.csrf, form.get('_csrf') ?? undefined))
      return refused('This form has expired. Go back, reload the page and try again.');
    const decision = form.get('decision');
    if (decision !== 'approve' && decision !== 'reject') return refused('Choose Approve or Reject.');
    const decided = await decideThroughReviewLink(core, current.linkId, {
      postId: form.get('postId') ?? '',
      approve: decision === 'approve',
      note: form.get('note'),
      reviewerName: form.get('reviewerName'),
    });
    if (decided.isErr()) {
      const view = await reviewView(core, current.linkId);
      if (view.isErr()) return refusal(view.error);
      return {
        status: 409,
        body: reviewPage(view.value, current, core.policy, {
          alert: decided.error.message,
        }),
        headers: REVIEW,
      };
    }
    return {
      status: 303,
      body: '',
      headers: { ...REVIEW, location: `/review?done=${decided.value.approved ? 'approved' : 'rejected'}` },
    };
  }

  async function thumbnail(req: IncomingMessage, mediaId: string, sizeName: string): Promise<ConsoleReply> {
    const current = await session(req);
    const size = thumbnailSizeOf(sizeName);
    if (current === null || size === null) return notFound();
    const answer = await reviewThumbnail(core, current.linkId, mediaId, size, null);
    if (answer.isErr() || answer.value.thumbnail === null) return notFound();
    const { thumbnail: image } = answer.value;
    return {
      status: 200,
      body: image.bytes,
      contentType: image.contentType,
      headers: { 'cache-control': 'private, max-age=600', 'referrer-policy': 'no-referrer' },
    };
  }

  return async (req, url) => {
    const limited = await hitReviewRateLimit(core, clientAddress(req, deps.trustProxy));
    const refusedByLimit = rateLimitRefusal([limited]);
    if (refusedByLimit !== null) {
      return {
        status: 429,
        body: barePage('Too many requests', html`<p role="alert">${refusedByLimit.message}</p>`),
        headers: { ...PRIVATE_HEADERS, ...rateLimitHeaders([limited]) },
      };
    }
    const path = url.pathname;
    if (req.method === 'POST' && path === '/review/decide') return decide(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound();
    if (path === '/review' || path === '/review/') return page(req, url);
    const thumb = /^\/review\/media\/([^/]{1,200})\/thumb\/([a-z0-9]{1,20})$/.exec(path);
    if (thumb !== null) return thumbnail(req, decodedSegment(thumb[1] ?? ''), thumb[2] ?? '');
    const token = /^\/review\/([^/]{1,200})$/.exec(path)?.[1];
    return token === undefined ? notFound() : exchange(decodedSegment(token));
  };
}

const {
  nothingOpen: noSession,
  broken: refusal,
  refused,
  notFound,
  postedForm,
} = linkPageRefusals({
  opens: 'review',
  link: 'review link',
  page: '/review',
  status: (code) => (code === 'review_link_not_found' ? 404 : 410),
});

/** The review page: each post with its per-platform preview and, until decided, its form. */
function reviewPage(
  view: ReviewView,
  session: ReviewSession,
  rules: PolicyConfig,
  message: { readonly notice?: string | null; readonly alert?: string | null } = {},
): string {
  const time = timeFormat(view.timeZone);
  const intro = view.finished
    ? html`<p role="status">Every post here has been decided. Thank you: you can close this page.</p>`
    : html`<p>Approve or reject each post; a note tells the team what to change. This page works until ${time.when(view.link.expiresAt)}.</p>`;
  const { notice = null, alert = null } = message;
  return barePage(
    view.link.label === null ? 'Posts to review' : `Posts to review: ${view.link.label}`,
    html`${notice === null ? '' : html`<p role="status">${notice}</p>`}${alert === null ? '' : html`<p role="alert">${alert}</p>`}
${intro}
${view.items.length === 0 ? html`<p class="muted">None of these posts is here any more.</p>` : ''}
${view.items.map((item, index) => reviewItem(item, index, session, time, rules))}`,
  );
}

function reviewItem(
  item: ReviewItem,
  index: number,
  session: ReviewSession,
  time: TimeFormat,
  rules: PolicyConfig,
): Html {
  const { post, decision } = item;
  const id = `post-${index + 1}`;
  return html`<section class="card review-post" aria-labelledby="${id}" data-post="${post.id}">
<h2 id="${id}">Post ${index + 1}: ${post.scheduledTime === null ? 'no time yet' : time.when(post.scheduledTime)}</h2>
<ul class="previews">${previewsOf(item, rules).map(previewItem)}</ul>
${
  decision !== null
    ? html`<p role="status" class="review-decision">${decision.approved ? 'Approved' : 'Rejected'}${decision.reviewerName === null ? '' : html` by ${decision.reviewerName}`}${decision.note === null ? '' : html`: “${decision.note}”`}</p>`
    : html`<form method="post" action="/review/decide"><input type="hidden" name="_csrf" value="${session.csrf}">
<input type="hidden" name="postId" value="${post.id}">
<label for="${id}-note">Note (what to change, if you reject)</label>
<textarea id="${id}-note" name="note" rows="3" maxlength="2000"></textarea>
<label for="${id}-name">Your name (optional)</label>
<input id="${id}-name" name="reviewerName" type="text" maxlength="100" autocomplete="name">
<p class="actions"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="reject" class="danger">Reject</button></p>
</form>`
}
</section>`;
}

// Each platform of the post as its feed shows it: the console's preview, with core's rules.
function previewsOf(item: ReviewItem, rules: PolicyConfig) {
  const { post, slides } = item;
  const first = post.media[0];
  const firstAsset = first?.kind === 'asset' ? slides.find((s) => s.id === first.mediaId) : undefined;
  const src =
    firstAsset !== undefined && previewKindOf(firstAsset.contentType) === 'image'
      ? `/review/media/${encodeURIComponent(firstAsset.id)}/thumb/480`
      : null;
  // A slide given by address is counted, with no size known.
  const media: PolicyMedia[] = post.media.map((m) =>
    m.kind === 'asset' ? (slides.find((s) => s.id === m.mediaId) ?? {}) : {},
  );
  const platforms = post.platforms.filter((p): p is Platform => (PLATFORMS as readonly string[]).includes(p));
  return platforms.map((platform) =>
    previewView(
      platform,
      {
        caption: post.caption,
        title: post.title,
        platforms: [platform],
        media,
        platformMeta: post.platformMeta,
      },
      rules.platforms[platform],
      src,
    ),
  );
}
