import {
  captionPreview,
  deletePost,
  getPost,
  type JournalEvent,
  listPosts,
  PUBLIC_POST_STATUSES,
  postHistory,
  publicStatus,
  updateScheduledPost,
} from '@svc/core';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage, csrfField } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { type Html, html } from '../html.js';
import type { TimeFormat } from '../time-format.js';
import { statusBadge, statusLabel } from './format.js';
import { orThrow } from './or-throw.js';
import { refusalPage } from './refusal-page.js';

const PAGE_SIZE = 25;

async function list(c: SignedContext): Promise<ConsoleReply> {
  const asked = c.url.searchParams.get('status');
  const status = PUBLIC_POST_STATUSES.find((s) => s === asked) ?? null;
  const cursor = c.url.searchParams.get('cursor');
  const found = await listPosts(c.deps.core, c.actor, { status, limit: PAGE_SIZE, cursor });
  // A cursor that is not ours (edited by hand) starts the list again.
  const page = found.isOk()
    ? found.value
    : await orThrow(listPosts(c.deps.core, c.actor, { status, limit: PAGE_SIZE }));
  const options = [
    html`<option value="">Every status</option>`,
    ...PUBLIC_POST_STATUSES.map(
      (s) => html`<option value="${s}"${s === status ? html` selected` : ''}>${statusLabel(s)}</option>`,
    ),
  ];
  const rows = page.posts.map(
    (p) => html`<tr>
<td><a href="/app/posts/${p.id}">${p.name ?? (p.captionPreview || '(no caption)')}</a></td>
<td data-label="Status">${statusBadge(p.status)}${p.failedReason === null ? '' : html`<div class="muted">${p.failedReason}</div>`}</td>
<td data-label="Accounts">${p.targets.map((t) => html`<div>${t.platform} ${t.handle === null ? '' : `@${t.handle}`}</div>`)}</td>
<td data-label="Scheduled">${c.time.when(p.scheduledTime)}</td>
</tr>`,
  );
  const next =
    page.nextCursor === null
      ? ''
      : html`<p><a href="/app/posts?${new URLSearchParams({ ...(status === null ? {} : { status }), cursor: page.nextCursor }).toString()}">Older posts</a></p>`;
  const body = html`<form method="get" action="/app/posts" class="actions">
<label for="status">Status</label>
<select id="status" name="status">${options}</select>
<button type="submit" class="secondary">Show</button>
</form>
${
  rows.length === 0
    ? html`<p class="muted">No posts${status === null ? '' : ` with the status ${statusLabel(status).toLowerCase()}`}.</p>`
    : html`<div class="table stack"><table><caption class="skip">Posts, newest first</caption>
<thead><tr><th scope="col">Post</th><th scope="col">Status</th><th scope="col">Accounts</th><th scope="col">Scheduled</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
${next}`;
  const notice = NOTICES[c.url.searchParams.get('done') ?? ''] ?? null;
  return htmlReply(200, consolePage(c.session, { title: 'Posts', section: '/app/posts', body, notice }));
}

const NOTICES: Readonly<Record<string, string>> = {
  deleted: 'The post was deleted. It will not be published; it can be restored for 30 days.',
  approved: 'Approved: the post is scheduled.',
  rejected: 'Rejected: the post is back to draft, with your note.',
  restored: 'Restored: the post is back as it was before it was deleted.',
  moved: 'Moved: the post goes out at its new time.',
  scheduled: 'Scheduled: the publisher takes it at its time.',
};

async function show(c: SignedContext): Promise<ConsoleReply> {
  const found = await getPost(c.deps.core, c.actor, c.params.id ?? '');
  if (found.isErr()) {
    return htmlReply(
      404,
      consolePage(c.session, {
        title: 'Post not found',
        section: '/app/posts',
        body: html`<p>There is no such post. <a href="/app/posts">Back to the posts</a>.</p>`,
      }),
    );
  }
  const post = found.value;
  const status = publicStatus(post.status);
  const history = await orThrow(postHistory(c.deps.core, c.actor, post.id));
  const accounts = await Promise.all(post.profileIds.map((id) => c.deps.core.store.accounts.getAccount(id)));
  const deletable = post.deletedAt === null && post.status !== 'posted' && post.status !== 'publishing';
  const body = html`<div class="card"><dl>
<dt>Status</dt><dd>${statusBadge(status)}${post.deletedAt === null ? '' : html` <span class="muted">deleted</span>`}</dd>
${post.failedReason === null ? '' : html`<dt>Why it failed</dt><dd>${post.failedReason}</dd>`}
<dt>Caption</dt><dd>${post.caption || html`<span class="muted">none</span>`}</dd>
${post.title === null ? '' : html`<dt>Title</dt><dd>${post.title}</dd>`}
<dt>Accounts</dt><dd>${post.platforms.map((p, i) => html`<div>${p} ${accounts[i] ? `@${accounts[i]?.handle}` : ''}</div>`)}</dd>
<dt>Scheduled</dt><dd>${c.time.when(post.scheduledTime)}</dd>
<dt>Published</dt><dd>${c.time.when(post.publishedAt)}</dd>
${post.permalink === null ? '' : html`<dt>On the platform</dt><dd><a href="${post.permalink}">${post.permalink}</a></dd>`}
<dt>Media</dt><dd>${post.media.length === 0 ? html`<span class="muted">none</span>` : `${post.media.length} item(s)`}</dd>
<dt>Created</dt><dd>${c.time.when(post.createdAt)}</dd>
</dl></div>
${
  post.status === 'scheduled' && post.deletedAt === null
    ? html`<section class="card" aria-labelledby="move-heading"><h2 id="move-heading">Move this post</h2>
<form method="post" action="/app/posts/${post.id}/move">${csrfField(c.session)}
<label for="move-time">New time (${c.time.zone})</label>
<input id="move-time" name="time" type="datetime-local" required value="${c.time.input(post.scheduledTime)}">
<div class="actions"><button type="submit">Move</button></div></form></section>`
    : ''
}
${
  deletable
    ? html`<form method="post" action="/app/posts/${post.id}/delete">${csrfField(c.session)}<button class="danger" type="submit">Delete this post</button></form>`
    : ''
}
<section aria-labelledby="history-heading"><h2 id="history-heading">History</h2>
${history.length === 0 ? html`<p class="muted">No recorded change.</p>` : html`<ol class="history">${history.map((event) => historyLine(event, c.time))}</ol>`}</section>
<p><a href="/app/posts">Back to the posts</a></p>`;
  const notice = NOTICES[c.url.searchParams.get('done') ?? ''] ?? null;
  return htmlReply(
    200,
    consolePage(c.session, {
      title: post.name ?? (captionPreview(post.caption) || 'Post'),
      section: '/app/posts',
      body,
      notice,
    }),
  );
}

async function remove(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const done = await deletePost(c.deps.core, c.actor, id);
  if (done.isErr()) {
    return refusalPage(c, {
      status: 409,
      title: 'Not deleted',
      section: '/app/posts',
      message: done.error.message,
      back: { href: `/app/posts/${id}`, label: 'Back to the post' },
    });
  }
  // A deleted post has no page of its own any more (it is restored from Deleted).
  return redirectReply('/app/posts?done=deleted');
}

// The keyboard's (and every browser's) way to move a scheduled post: a time field, in the person's zone.
async function move(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const time = c.form.get('time') ?? '';
  // Anything else goes as sent, for the use case to refuse with its own message.
  const iso = c.time.instant(time)?.toISOString() ?? time;
  const moved = await updateScheduledPost(c.deps.core, c.actor, { postId: id, scheduledTime: iso });
  if (moved.isErr()) {
    return refusalPage(c, {
      status: 400,
      title: 'Not moved',
      section: '/app/posts',
      message: moved.error.message,
      back: { href: `/app/posts/${id}`, label: 'Back to the post' },
    });
  }
  return redirectReply(`/app/posts/${id}?done=moved`);
}

const EVENT_LABELS: Readonly<Record<string, string>> = {
  'post.scheduled': 'Scheduled',
  'post.publishing': 'Publishing started',
  'post.posted': 'Published',
  'post.failed': 'Failed',
  'post.retrying': 'Will be tried again',
  'post.deleted': 'Deleted',
  'post.restored': 'Restored',
  'post.approval_requested': 'Review requested',
  'post.approved': 'Approved',
  'post.rejected': 'Rejected',
};

// One change of the post, with what it carries that a person wants to read (the failure reason).
function historyLine(event: JournalEvent, time: TimeFormat): Html {
  const reason = typeof event.data.reason === 'string' ? event.data.reason : null;
  return html`<li>${time.when(event.at)}: ${EVENT_LABELS[event.type] ?? event.type}${reason === null ? '' : html`: ${reason}`}</li>`;
}

/** The posts list and a post's page. */
export const postRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/posts', access: 'signed', run: list },
  { method: 'GET', path: '/app/posts/:id', access: 'signed', run: show },
  { method: 'POST', path: '/app/posts/:id/delete', access: 'signed', run: remove },
  { method: 'POST', path: '/app/posts/:id/move', access: 'signed', run: move },
];
