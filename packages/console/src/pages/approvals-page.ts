import {
  type ApprovalStatusView,
  type ApprovalStep,
  getApprovalStatus,
  listPosts,
  listWorkspaceMembers,
  openStepRefusal,
  PLATFORM_NAMES,
  type PostListItem,
  reviewApproval,
  reviewerWords,
} from '@svc/core';
import { emptyState, type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { actionReply } from './refusal-page.js';

// A review page shows this many at once; the oldest requests come last in the newest-first list.
const SHOWN = 50;

async function list(c: SignedContext): Promise<ConsoleReply> {
  const waiting = await unwrap(listPosts(c.deps.core, c.actor, { status: 'pending_approval', limit: SHOWN }));
  // A step's decider is stored as a user id; the page names the members by their address.
  const members = await unwrap(listWorkspaceMembers(c.deps.core, c.actor));
  const names = new Map(members.map((m) => [m.userId, m.email ?? m.userId]));
  const items = await Promise.all(
    waiting.posts.map(async (p) => {
      const approval = await getApprovalStatus(c.deps.core, c.actor, p.id);
      const view = approval.isOk() ? approval.value : null;
      return html`<section class="card" aria-labelledby="post-${p.id}">
<h2 id="post-${p.id}"><a href="/app/posts/${p.id}">${p.name ?? (p.captionPreview || '(no caption)')}</a></h2>
<p>${p.captionPreview}</p>
<p class="muted">${p.targets.map((t) => `${PLATFORM_NAMES[t.platform]}${t.handle === null ? '' : ` @${t.handle}`}`).join(', ') || 'no account chosen yet'} · ${p.queued ? 'next free slot when approved' : html`scheduled ${c.time.when(p.scheduledTime)}`} · asked ${c.time.when(view?.requestedAt ?? null)}</p>
${view?.requestNote == null ? '' : html`<p>Note from the requester: ${view.requestNote}</p>`}
${view === null ? '' : stepList(c, view.steps, names)}
${view === null ? '' : decision(c, p, view)}</section>`;
    }),
  );
  const body =
    items.length === 0
      ? emptyState('No post waits for your review.', { href: '/app/posts', label: 'See every post' })
      : html`${items}`;
  // After a step before the last: the request stays open for the next reviewer, and says so.
  const notice =
    c.url.searchParams.get('done') === 'step'
      ? 'Your step is approved: the post now waits for the next review step.'
      : null;
  return pageReply(c, 200, {
    title: 'Approvals',
    section: '/app/approvals',
    body,
    ...(notice === null ? {} : { notice }),
  });
}

const STEP_WORDS: Readonly<Record<ApprovalStep['status'], string>> = {
  waiting: 'waits for the step before',
  awaiting_review: 'awaiting review',
  approved: 'approved',
  rejected: 'rejected',
  skipped: 'not reached',
};

/** The review steps, each with who decides it and, once decided, who did, when and their note. */
function stepList(
  c: SignedContext,
  steps: readonly ApprovalStep[],
  names: ReadonlyMap<string, string>,
): Html {
  return html`<ol class="steps" aria-label="Review steps">${steps.map(
    (s) =>
      html`<li>Step ${s.step} (${reviewerWords(s)}): ${STEP_WORDS[s.status]}${s.decidedBy === null ? '' : ` by ${names.get(s.decidedBy) ?? s.decidedBy}`}${s.decidedAt === null ? '' : html`, ${c.time.when(s.decidedAt)}`}${s.note === null ? '' : html` — “${s.note}”`}</li>`,
  )}</ol>`;
}

/** The decision form, for the open step's reviewer only; everyone else is told who decides. */
function decision(c: SignedContext, p: PostListItem, view: ApprovalStatusView): Html {
  const refusal = openStepRefusal(c.actor, view);
  if (refusal === 'own_request')
    return html`<p class="muted">You asked for this approval: someone else decides it.</p>`;
  if (refusal !== null) return html`<p class="muted">The open step is not yours to decide.</p>`;
  return html`<form method="post" action="/app/approvals/${p.id}">${csrfField(c.session)}
<label for="note-${p.id}">Note for the author (optional)</label>
<input id="note-${p.id}" name="note" type="text" maxlength="1000">
<div class="actions"><button type="submit" name="decision" value="approve">${p.queued ? 'Approve into the queue' : 'Approve'}</button>
${p.queued ? '' : html`<button type="submit" name="decision" value="queue" class="secondary">Approve into the queue</button>`}
<button type="submit" name="decision" value="reject" class="secondary">Reject</button></div>
</form>`;
}

async function decide(c: SignedContext): Promise<ConsoleReply> {
  const postId = c.params.id ?? '';
  const decision = c.form.get('decision');
  const note = (c.form.get('note') ?? '').trim();
  if (decision !== 'approve' && decision !== 'queue' && decision !== 'reject')
    return redirectReply('/app/approvals');
  // "Approve into the queue": each account's next free slot instead of the draft's own time.
  const decided = await reviewApproval(c.deps.core, c.actor, {
    postId,
    approve: decision !== 'reject',
    note: note === '' ? null : note,
    queue: decision === 'queue',
  });
  return actionReply(
    c,
    decided,
    {
      status: 409,
      title: 'Not decided',
      section: '/app/approvals',
      planNotice: true,
      back: { href: '/app/approvals', label: 'Back to the approvals' },
    },
    // A step before the last, approved, leaves the request open for the next reviewer.
    ({ post, approval }) =>
      approval.status === 'pending'
        ? '/app/approvals?done=step'
        : `/app/posts/${post.id}?done=${decision === 'reject' ? 'rejected' : 'approved'}`,
  );
}

/** Approval requests waiting for the person, and their decisions. */
export const approvalRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/approvals', access: 'signed', run: list },
  { method: 'POST', path: '/app/approvals/:id', access: 'signed', run: decide },
];
