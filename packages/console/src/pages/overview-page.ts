import { getAccountSummary, listPosts, PUBLIC_POST_STATUSES } from '@svc/core';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage } from '../console-page.js';
import { type ConsoleReply, htmlReply } from '../console-reply.js';
import { html } from '../html.js';
import { statusBadge, statusLabel } from './format.js';
import { orThrow } from './or-throw.js';

async function overview(c: SignedContext): Promise<ConsoleReply> {
  const core = c.deps.core;
  const summary = await orThrow(getAccountSummary(core, c.actor));
  const failed = await orThrow(listPosts(core, c.actor, { status: 'failed', limit: 5 }));
  const waiting = await orThrow(listPosts(core, c.actor, { status: 'pending_approval', limit: 5 }));
  const plan = summary.plan;
  const trial =
    summary.trial.state === 'active'
      ? `Trial: ${summary.trial.daysLeft} day(s) left.`
      : summary.trial.state === 'ended'
        ? 'The trial has ended.'
        : `Plan: ${plan.kind}${plan.betaTester ? ' (beta tester)' : ''}.`;
  const counts = PUBLIC_POST_STATUSES.map(
    (status) =>
      html`<div class="card"><div class="stat">${summary.postCounts[status]}</div><a href="/app/posts?status=${status}">${statusLabel(status)}</a></div>`,
  );
  const upcoming =
    summary.upcomingPosts.length === 0
      ? html`<p class="muted">Nothing is scheduled.</p>`
      : html`<ul>${summary.upcomingPosts.map(
          (p) =>
            html`<li>${c.time.when(p.scheduledTime)}: <a href="/app/posts/${p.id}">${p.captionPreview || '(no caption)'}</a> <span class="muted">${p.platform ?? ''} ${p.handle === null ? '' : `@${p.handle}`}</span></li>`,
        )}</ul>`;
  const attention = [
    ...failed.posts.map(
      (p) =>
        html`<li>${statusBadge('failed')} <a href="/app/posts/${p.id}">${p.captionPreview || '(no caption)'}</a>: ${p.failedReason ?? 'no reason recorded'}</li>`,
    ),
    ...waiting.posts.map(
      (p) =>
        html`<li>${statusBadge('pending_approval')} <a href="/app/approvals">${p.captionPreview || '(no caption)'}</a> waits for your review</li>`,
    ),
  ];
  const body = html`<p>${trial} ${summary.connectedAccounts} connected account(s).</p>
<h2>Posts</h2>
<div class="grid">${counts}</div>
<h2>Needs attention</h2>
${attention.length === 0 ? html`<p class="muted">Nothing needs your attention.</p>` : html`<ul>${attention}</ul>`}
<h2>Next posts</h2>
${upcoming}`;
  return htmlReply(200, consolePage(c.session, { title: 'Overview', section: '/app', body }));
}

/** The overview. */
export const overviewRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app', access: 'signed', run: overview },
];
