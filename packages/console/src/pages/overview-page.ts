import {
  type ConnectedAccount,
  DEFAULT_TIME_ZONE,
  firstSteps,
  getAccountSummary,
  listConnections,
  listPosts,
  PLAN_NAMES,
  PLATFORM_NAMES,
  PUBLIC_POST_STATUSES,
  recentActivity,
  tokenLapsesSoon,
  zoneName,
} from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { activitySentence } from './activity-sentence.js';
import { statusBadge, statusLabel } from './format.js';
import { planNoticeView } from './plan-notice-view.js';

// The Connections page's reconnect form: to the platform's consent page for this account's platform.
function reconnectForm(c: SignedContext, a: ConnectedAccount): Html {
  return html`<form class="inline" method="post" action="/app/connections">${csrfField(c.session)}<input type="hidden" name="platform" value="${a.platform}"><button type="submit" class="small">Reconnect<span class="skip"> @${a.handle} on ${PLATFORM_NAMES[a.platform]}</span></button></form>`;
}

function accountAttention(c: SignedContext, accounts: readonly ConnectedAccount[]): Html[] {
  const now = c.deps.core.clock.now();
  const account = (a: ConnectedAccount) =>
    html`<a href="/app/connections">@${a.handle}</a> on ${PLATFORM_NAMES[a.platform]}`;
  return [
    ...accounts
      .filter((a) => a.needsReconnect)
      .map(
        (a) =>
          html`<li><span class="status status-failed">Needs reconnecting</span> ${account(a)}: ${PLATFORM_NAMES[a.platform]} no longer accepts the access, so nothing publishes there until it is reconnected. ${reconnectForm(c, a)}</li>`,
      ),
    ...accounts
      .filter((a) => tokenLapsesSoon(a, c.deps.core.platforms[a.platform], now))
      .map((a) => {
        const at = a.tokenExpiresAt as Date;
        return html`<li><span class="status status-draft">Access lapses</span> ${account(a)}: the access ${at.getTime() <= now.getTime() ? 'lapsed' : 'lapses'} at ${c.time.when(at)}; reconnect it to keep publishing. ${reconnectForm(c, a)}</li>`;
      }),
  ];
}

// A key's or a review link's id in an actor's name is a copyable secondary id, so it is set as
// code, like every other id the console shows; the person's address stays the words.
const actorHtml = (by: string): Html[] =>
  by
    .split(/\b((?:key|rev)_[A-Za-z0-9]+)/)
    .map((part, i) => (i % 2 === 1 ? html`<code>${part}</code>` : html`${part}`));

async function activity(c: SignedContext): Promise<Html> {
  const entries = await unwrap(recentActivity(c.deps.core, c.actor));
  if (entries.length === 0) return html`<p class="muted">Nothing has happened yet.</p>`;
  return html`<ul class="activity">${entries.map((entry) => {
    const line = activitySentence(entry, c.time);
    return html`<li><a href="${line.href}">${line.text}</a>${line.by === null ? '' : html` by <span class="actor">${actorHtml(line.by)}</span>`}${
      line.permalink === null
        ? ''
        : html` (<a href="${line.permalink.href}">see it on ${line.permalink.platform}</a>)`
    } <span class="muted">${c.time.when(entry.event.at)}</span></li>`;
  })}</ul>`;
}

// A new person's start (core's steps), and the question of their zone while they have the default:
// without the script nothing set it at sign-in, so the page asks.
function start(c: SignedContext, summary: Parameters<typeof firstSteps>[0]): Html {
  const steps = firstSteps(summary);
  const zone =
    c.session.user.timeZone === DEFAULT_TIME_ZONE
      ? html`<p>Times are shown in UTC. Is that your time zone? <a href="/app/account">Choose yours on Account</a>.</p>`
      : '';
  if (steps.length === 0) return zone === '' ? html`` : html`<section class="card">${zone}</section>`;
  return html`<section class="card" aria-labelledby="start-heading"><h2 id="start-heading">Get started</h2>
<ol class="steps">${steps.map(
    (s) =>
      html`<li>${s.done ? html`<span aria-hidden="true">✓</span> <s>${s.label}</s> <span class="skip">(done)</span>` : html`<a href="${s.href}">${s.label}</a>`}</li>`,
  )}</ol>${zone}</section>`;
}

// Said once, on the page after a sign-in that took the browser's zone (see the sign-in route).
function zoneNotice(c: SignedContext): string | null {
  return c.url.searchParams.get('zone') === 'browser'
    ? `Times are shown in ${zoneName(c.time.zone)} time (${c.time.zone}) — change on Account.`
    : null;
}

async function overview(c: SignedContext): Promise<ConsoleReply> {
  const core = c.deps.core;
  const summary = await unwrap(getAccountSummary(core, c.actor));
  const failed = await unwrap(listPosts(core, c.actor, { status: 'failed', limit: 5 }));
  const waiting = await unwrap(listPosts(core, c.actor, { status: 'pending_approval', limit: 5 }));
  const accounts = await unwrap(listConnections(core, c.actor));
  const recent = await activity(c);
  const plan = summary.plan;
  // A trial or a lapsed plan gets core's notice; a plan that limits nothing, one line.
  const notice = planNoticeView(c);
  const planLine =
    notice.text === '' ? `Plan: ${PLAN_NAMES[plan.kind]}${plan.betaTester ? ' (beta tester)' : ''}. ` : '';
  const counts = PUBLIC_POST_STATUSES.map(
    (status) =>
      html`<div class="card"><div class="stat">${summary.postCounts[status]}</div><a href="/app/posts?status=${status}">${statusLabel(status)}</a></div>`,
  );
  const upcoming =
    summary.upcomingPosts.length === 0
      ? html`<p class="muted">Nothing is scheduled.</p>`
      : html`<ul>${summary.upcomingPosts.map(
          (p) =>
            html`<li>${c.time.when(p.scheduledTime)}: <a href="/app/posts/${p.id}">${p.captionPreview || '(no caption)'}</a> <span class="muted">${p.platform === null ? '' : PLATFORM_NAMES[p.platform]} ${p.handle === null ? '' : `@${p.handle}`}</span></li>`,
        )}</ul>`;
  const attention = [
    ...accountAttention(c, accounts),
    ...failed.posts.map(
      (p) =>
        html`<li>${statusBadge('failed')} <a href="/app/posts/${p.id}">${p.captionPreview || '(no caption)'}</a>: ${p.failedReason ?? 'no reason recorded'}</li>`,
    ),
    ...waiting.posts.map(
      (p) =>
        html`<li>${statusBadge('pending_approval')} <a href="/app/approvals">${p.captionPreview || '(no caption)'}</a> waits for your review</li>`,
    ),
  ];
  const body = html`${start(c, summary)}${notice}<p>${planLine}${summary.connectedAccounts} connected account(s).</p>
<h2>Posts</h2>
<div class="grid">${counts}</div>
<h2>Needs attention</h2>
${attention.length === 0 ? html`<p class="muted">Nothing needs your attention.</p>` : html`<ul>${attention}</ul>`}
<h2>Next posts</h2>
${upcoming}
<h2>Recent activity</h2>
${recent}`;
  return pageReply(c, 200, { title: 'Overview', section: '/app', body, notice: zoneNotice(c) });
}

/** The overview. */
export const overviewRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app', access: 'signed', run: overview },
];
