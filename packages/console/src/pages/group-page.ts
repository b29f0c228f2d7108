// A group's console page: one post across platforms, each platform's status and caption, with
// "move all", "edit all", "delete all" and a caption of its own per platform. Every form calls the
// use case REST's /api/v1/post-groups (or, for one platform, /api/v1/posts/{id}) calls.

import {
  can,
  captionPreview,
  deletePostGroup,
  editPost,
  editPostGroup,
  getPostGroup,
  LIMIT_PHRASES,
  PLATFORM_NAMES,
  type Post,
  type PostGroup,
  type PostGroupChanged,
  publicStatus,
  type SvcError,
} from '@svc/core';
import { type Html, html } from '@svc/web';
import type { Result } from 'neverthrow';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { pageRoutes } from '../page-routes.js';
import { confirmButton } from './confirm-page.js';
import { ruleInWords } from './evergreen-fields.js';
import { statusBadge } from './format.js';
import { problemsOf } from './post-slides.js';
import { postNotFound } from './refusal-page.js';

/** Confirmations the group's page shows after an action (`?done=`). */
const GROUP_NOTICES: Readonly<Record<string, string>> = {
  scheduled: 'Scheduled: one post on every platform you chose, each taken by the publisher at its time.',
  moved: 'Moved: every platform goes out at the new time.',
  edited: 'Saved: every platform now reads as you edited it.',
  variation: 'Saved: that platform has its own caption now; the others are unchanged.',
  unchanged: 'Nothing to save: the post is as it was.',
  partly:
    'Done on every platform that could take it. The platforms already published, being published, failed or in review stayed as they were: see their status below.',
  deleted: `The post was deleted on every platform. It will not be published; each can be restored for ${LIMIT_PHRASES.restoreWindow}.`,
};

/** What the page shows again after a refused form: why, and what the person typed. */
type Outcome = {
  readonly status: number;
  readonly alert: string;
  readonly problems: readonly string[];
  /** The "edit all" fields as typed. */
  readonly all?: { readonly caption: string; readonly title: string };
  /** One platform's caption as typed. */
  readonly member?: { readonly postId: string; readonly caption: string };
};

/** The caption most platforms share (the first one's on a tie): the group's name and "edit all" default. */
function commonCaption(posts: readonly Post[]): string {
  const counts = new Map<string, number>();
  for (const p of posts) counts.set(p.caption, (counts.get(p.caption) ?? 0) + 1);
  return [...counts].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

const platformOf = (post: Post) => {
  const platform = post.platforms[0];
  return platform === undefined ? 'Post' : PLATFORM_NAMES[platform];
};

// Browsers send a textarea's line breaks as CRLF; the caption is stored as the person wrote it.
const typedText = (value: string | null) => (value ?? '').replace(/\r\n/g, '\n');

async function show(c: SignedContext): Promise<ConsoleReply> {
  const found = await getPostGroup(c.deps.core, c.actor, c.params.id ?? '');
  if (found.isErr()) return postNotFound(c);
  return groupPage(c, found.value, null);
}

async function groupPage(c: SignedContext, group: PostGroup, outcome: Outcome | null): Promise<ConsoleReply> {
  const { posts } = group;
  const [first] = posts as [Post, ...Post[]];
  const accounts = await Promise.all(
    posts.map((p) => c.deps.core.store.accounts.getAccount(p.profileIds[0] ?? '')),
  );
  const caption = commonCaption(posts);
  const sameCaption = posts.every((p) => p.caption === caption);
  const sameTime = posts.every((p) => p.scheduledTime?.getTime() === first.scheduledTime?.getTime());
  const movable = posts.find((p) => can(p, 'move'));
  const editable = posts.some((p) => can(p, 'edit'));
  const deletable = posts.filter((p) => can(p, 'delete'));
  const members = posts.map((post, i) => {
    const handle = accounts[i]?.handle;
    const typed = outcome?.member?.postId === post.id ? outcome.member.caption : post.caption;
    return html`<section class="card" aria-labelledby="member-${post.id}"><h3 id="member-${post.id}"><span class="platform-mark">${platformOf(post)}</span>${handle === undefined ? '' : html` <span class="muted">@${handle}</span>`} ${statusBadge(publicStatus(post.status))}</h3>
<dl><dt>Scheduled</dt><dd>${c.time.when(post.scheduledTime)}</dd>
${post.publishedAt === null ? '' : html`<dt>Published</dt><dd>${c.time.when(post.publishedAt)}</dd>`}
${post.failedReason === null ? '' : html`<dt>Why it failed</dt><dd>${post.failedReason}</dd>`}
<dt>Caption</dt><dd>${post.caption || html`<span class="muted">none</span>`}</dd>
${post.evergreen === null ? '' : html`<dt>Evergreen</dt><dd>${ruleInWords(post.evergreen)} <a href="/app/posts/${post.id}#evergreen-heading">Copies of the ${platformOf(post)} post</a></dd>`}</dl>
${
  can(post, 'edit')
    ? html`<form method="post" action="/app/groups/${group.groupId}/posts/${post.id}/caption">${csrfField(c.session)}
<label for="caption-${post.id}">Caption on ${platformOf(post)} only</label>
<textarea id="caption-${post.id}" name="caption" rows="4" maxlength="10000">${typed}</textarea>
<div class="actions"><button type="submit" class="secondary">Save the ${platformOf(post)} caption</button></div></form>`
    : ''
}
<p><a href="/app/posts/${post.id}">Open the ${platformOf(post)} post</a> (its media, history and own actions)</p></section>`;
  });
  const body = html`${
    outcome === null || outcome.problems.length === 0
      ? ''
      : html`<ul role="alert">${outcome.problems.map((p) => html`<li>${p}</li>`)}</ul>`
  }<div class="card"><dl>
<dt>Platforms</dt><dd>${posts.map((p) => html`<div><span class="platform-mark">${platformOf(p)}</span> ${statusBadge(publicStatus(p.status))}</div>`)}</dd>
<dt>Scheduled</dt><dd>${sameTime ? c.time.when(first.scheduledTime) : 'at a different time on each platform (below)'}</dd>
<dt>Caption</dt><dd>${sameCaption ? caption || html`<span class="muted">none</span>` : 'each platform has its own (below)'}</dd>
</dl></div>
${
  movable === undefined
    ? ''
    : html`<section class="card" aria-labelledby="move-all-heading"><h2 id="move-all-heading">Move all</h2>
<form method="post" action="/app/groups/${group.groupId}/move">${csrfField(c.session)}
<label for="move-all-time">New time on every platform (${c.time.zone})</label>
<input id="move-all-time" name="time" type="datetime-local" required value="${c.time.input(movable.scheduledTime)}">
<div class="actions"><button type="submit">Move all</button></div></form></section>`
}
${editable ? editAllForm(c, group, outcome?.all ?? { caption, title: first.title ?? '' }) : ''}
<section aria-labelledby="members-heading"><h2 id="members-heading">Each platform</h2>
${members}</section>
${
  deletable.length === 0
    ? ''
    : confirmButton(
        `/app/groups/${group.groupId}/delete`,
        `Delete all (${deletable.length} not yet published)`,
        // The accessible name starts with the words shown (axe: label-content-name-mismatch).
        `Delete all (${deletable.length} not yet published) on every platform`,
      )
}
<p><a href="/app/posts">Back to the posts</a></p>`;
  const notice = outcome === null ? (GROUP_NOTICES[c.url.searchParams.get('done') ?? ''] ?? null) : null;
  return pageReply(c, outcome?.status ?? 200, {
    title: first.name ?? (captionPreview(caption) || 'Post across platforms'),
    section: '/app/posts',
    body,
    notice,
    alert: outcome?.alert ?? null,
  });
}

function editAllForm(c: SignedContext, group: PostGroup, fields: { caption: string; title: string }): Html {
  return html`<section class="card" aria-labelledby="edit-all-heading"><h2 id="edit-all-heading">Edit all</h2>
<form method="post" action="/app/groups/${group.groupId}/edit">${csrfField(c.session)}
<label for="edit-all-caption">Caption on every platform</label>
<textarea id="edit-all-caption" name="caption" rows="6" maxlength="10000">${fields.caption}</textarea>
<label for="edit-all-title">Title (YouTube and TikTok)</label>
<input id="edit-all-title" name="title" type="text" maxlength="200" value="${fields.title}">
<div class="actions"><button type="submit">Save on every platform</button></div></form></section>`;
}

/**
 * After a group action: back to the group with what was done (`partly` when members were left as
 * they were), or the page again with the refusal, which names the platform that refused.
 */
async function afterAction(
  c: SignedContext,
  group: PostGroup,
  outcome: Result<PostGroupChanged, SvcError>,
  done: string,
  typed: Pick<Outcome, 'all' | 'member'> = {},
): Promise<ConsoleReply> {
  if (outcome.isOk()) {
    const how = outcome.value.skipped.length === 0 ? done : 'partly';
    return redirectReply(`/app/groups/${group.groupId}?done=${how}`);
  }
  return groupPage(c, group, {
    status: outcome.error.code === 'invalid_post_state' ? 409 : 400,
    alert: `Not saved: ${outcome.error.message}`,
    problems: problemsOf(outcome.error).filter((p) => p !== outcome.error.message),
    ...typed,
  });
}

/** Runs `act` on the group of the address, or answers that there is none. */
function onGroup(act: (c: SignedContext, group: PostGroup) => Promise<ConsoleReply>) {
  return async (c: SignedContext): Promise<ConsoleReply> => {
    const found = await getPostGroup(c.deps.core, c.actor, c.params.id ?? '');
    return found.isErr() ? postNotFound(c) : act(c, found.value);
  };
}

const move = onGroup(async (c, group) => {
  const time = c.form.get('time') ?? '';
  // Anything else goes as sent, for the use case to refuse with its own message.
  const iso = c.time.instant(time)?.toISOString() ?? time;
  const moved = await editPostGroup(c.deps.core, c.actor, { groupId: group.groupId, scheduledTime: iso });
  return afterAction(c, group, moved, 'moved');
});

const editAll = onGroup(async (c, group) => {
  const all = { caption: typedText(c.form.get('caption')), title: (c.form.get('title') ?? '').trim() };
  const edited = await editPostGroup(c.deps.core, c.actor, { groupId: group.groupId, ...all });
  return afterAction(c, group, edited, 'edited', { all });
});

// One platform's caption of its own (a variation): the other members stay as they are.
const editMember = onGroup(async (c, group) => {
  const post = group.posts.find((p) => p.id === c.params.postId);
  if (post === undefined) return postNotFound(c);
  const caption = typedText(c.form.get('caption'));
  if (caption === post.caption) return redirectReply(`/app/groups/${group.groupId}?done=unchanged`);
  const edited = await editPost(c.deps.core, c.actor, { postId: post.id, caption });
  if (edited.isOk()) return redirectReply(`/app/groups/${group.groupId}?done=variation`);
  return groupPage(c, group, {
    status: edited.error.code === 'invalid_post_state' ? 409 : 400,
    alert: `Not saved: the ${platformOf(post)} caption is as it was.`,
    problems: problemsOf(edited.error),
    member: { postId: post.id, caption },
  });
});

const removeAll = onGroup(async (c, group) => {
  const deleted = await deletePostGroup(c.deps.core, c.actor, group.groupId);
  if (deleted.isOk() && deleted.value.skipped.length === 0) return redirectReply('/app/posts?done=deleted');
  return afterAction(c, group, deleted, 'deleted');
});

/** A group's page and its forms: move all, edit all, one platform's caption, delete all. */
export const groupPageRoutes: readonly ConsoleRoute[] = pageRoutes('/app/groups/:id', show, {
  move,
  edit: editAll,
  'posts/:postId/caption': editMember,
  delete: removeAll,
});
