// A post's console page with its edit, move and delete forms. The Edit form's fields live in
// post-edit-form.ts, the history's lines in post-history-line.ts.

import {
  actorMember,
  can,
  captionPreview,
  deletePost,
  editPost,
  evergreenStanding,
  firstCommentText,
  firstCommentView,
  getPost,
  getPostGroup,
  LIMIT_PHRASES,
  type MediaAsset,
  memberCan,
  PLATFORM_NAMES,
  type Post,
  postHistory,
  publicStatus,
  type SlideView,
  updateScheduledPost,
} from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { pageRoutes } from '../page-routes.js';
import { confirmButton } from './confirm-page.js';
import { evergreenErrorsOf, evergreenRequest, typedEvergreen } from './evergreen-fields.js';
import { type EvergreenTyped, evergreenSection } from './evergreen-section.js';
import { failedPostActions } from './failed-post-actions.js';
import { formatSize, statusBadge } from './format.js';
import { mediaPreview } from './media-preview.js';
import { changesOf, type EditFields, editFieldsOf, editForm, fieldsOf, slidesOf } from './post-edit-form.js';
import { historyLine } from './post-history-line.js';
import { moveSlide, ownSlides, problemsOf } from './post-slides.js';
import { actionReply, postNotFound, type RefusalFrame } from './refusal-page.js';
import { reviewLinkOffer } from './review-links-page.js';
import { OUTCOME_WORDS, threadPartsLine } from './thread-parts-line.js';

/** Confirmations a post's page and the list show after an action (`?done=`). */
export const POST_NOTICES: Readonly<Record<string, string>> = {
  deleted: `The post was deleted. It will not be published; it can be restored for ${LIMIT_PHRASES.restoreWindow}.`,
  approved: 'Approved: the post is scheduled.',
  rejected: 'Rejected: the post is back to draft, with your note.',
  restored: 'Restored: the post is back as it was before it was deleted.',
  moved: 'Moved: the post goes out at its new time.',
  scheduled: 'Scheduled: the publisher takes it at its time.',
  edited: 'Saved: the post now reads as you edited it.',
  retried: 'Sent to publish again: the publisher takes it at its next run.',
  unchanged: 'Nothing to save: the post is as it was.',
  evergreen: 'Saved: the post is recycled by its new rule.',
  'evergreen-stopped': 'Stopped: no more copies will be made. Copies already made stay.',
};

/** How the page shows after an edit that did not save. */
type EditOutcome = {
  readonly status: number;
  readonly fields: EditFields;
  readonly alert: string | null;
  readonly problems: readonly string[];
  /** The time typed in the Move form, kept after its refusal. */
  readonly moveTime?: string;
  /** The evergreen rule as typed, kept after its refusal. */
  readonly evergreen?: EvergreenTyped;
};

async function show(c: SignedContext): Promise<ConsoleReply> {
  const found = await getPost(c.deps.core, c.actor, c.params.id ?? '');
  if (found.isErr()) return postNotFound(c);
  return postPage(c, found.value, null);
}

async function postPage(c: SignedContext, post: Post, outcome: EditOutcome | null): Promise<ConsoleReply> {
  const status = publicStatus(post.status);
  const history = await unwrap(postHistory(c.deps.core, c.actor, post.id));
  const accounts = await Promise.all(post.profileIds.map((id) => c.deps.core.store.accounts.getAccount(id)));
  // A post made with others (one compose to several platforms) leads back to the whole.
  const group = post.groupId === null ? null : await getPostGroup(c.deps.core, c.actor, post.groupId);
  const others = group?.isOk() ? group.value.posts.filter((p) => p.id !== post.id) : [];
  const standing = await unwrap(evergreenStanding(c.deps.core, c.actor, post.id));
  const evergreen = evergreenSection(c, post, standing, outcome?.evergreen ?? null);
  // A rule or a copy is part of what the post is; the offer to make one waits below the edits.
  const evergreenFirst = post.evergreen !== null || post.recycledFrom !== null;
  const body = html`${
    outcome === null || outcome.problems.length === 0
      ? ''
      : html`<ul role="alert">${outcome.problems.map((p) => html`<li>${p}</li>`)}</ul>`
  }${warningSection(post)}<div class="card"><dl>
<dt>Status</dt><dd>${statusBadge(status)}${post.deletedAt === null ? '' : html` <span class="muted">deleted</span>`}</dd>
${post.failedReason === null ? '' : html`<dt>Why it failed</dt><dd>${post.failedReason}</dd>`}
<dt>Caption</dt><dd>${post.caption || html`<span class="muted">none</span>`}</dd>
${post.title === null ? '' : html`<dt>Title</dt><dd>${post.title}</dd>`}
<dt>Accounts</dt><dd>${post.platforms.map((p, i) => html`<div>${PLATFORM_NAMES[p]} ${accounts[i] ? `@${accounts[i]?.handle}` : ''}</div>`)}</dd>
<dt>Scheduled</dt><dd>${post.queued ? 'the next free slot, when approved (queued draft)' : c.time.when(post.scheduledTime)}</dd>
<dt>Published</dt><dd>${c.time.when(post.publishedAt)}</dd>
${post.permalink === null ? '' : html`<dt>On the platform</dt><dd><a href="${post.permalink}">${post.permalink}</a></dd>`}
${firstCommentLine(post)}
${threadPartsLine(post)}
<dt>Created</dt><dd>${c.time.when(post.createdAt)}</dd>
${others.length === 0 ? '' : html`<dt>Made with</dt><dd><a href="/app/groups/${post.groupId}">the same post on ${others.flatMap((o) => o.platforms.map((p) => PLATFORM_NAMES[p])).join(', ')}</a></dd>`}
</dl></div>
${evergreenFirst ? evergreen : ''}
${await mediaSection(c, post)}
${
  can(post, 'move')
    ? html`<section class="card" aria-labelledby="move-heading"><h2 id="move-heading">Move this post</h2>
<form method="post" action="/app/posts/${post.id}/move">${csrfField(c.session)}
<label for="move-time">New time (${c.time.zone})</label>
<input id="move-time" name="time" type="datetime-local" required value="${outcome?.moveTime ?? c.time.input(post.scheduledTime)}">
<div class="actions"><button type="submit">Move</button></div></form></section>`
    : ''
}
${can(post, 'edit') ? await editForm(c, post, outcome?.fields ?? fieldsOf(post, c.time)) : ''}
${evergreenFirst ? '' : evergreen}
${failedPostActions(c, post)}
${reviewLinkOffer(c, post)}
${
  can(post, 'delete') && memberCan(actorMember(c.actor), 'post:delete')
    ? confirmButton(`/app/posts/${post.id}/delete`, 'Delete this post', 'Delete this post')
    : ''
}
<section aria-labelledby="history-heading"><h2 id="history-heading">History</h2>
${history.length === 0 ? html`<p class="muted">No recorded change.</p>` : html`<ol class="history">${history.map((event) => historyLine(event, c.time))}</ol>`}</section>
<p><a href="/app/posts">Back to the posts</a></p>`;
  const notice = outcome === null ? (POST_NOTICES[c.url.searchParams.get('done') ?? ''] ?? null) : null;
  return pageReply(c, outcome?.status ?? 200, {
    title: post.name ?? (captionPreview(post.caption) || 'Post'),
    section: '/app/posts',
    body,
    notice,
    alert: outcome?.alert ?? null,
  });
}

// The post's first comment and what became of it.
function firstCommentLine(post: Post): Html | '' {
  const view = firstCommentView(post);
  const text = firstCommentText(post);
  if (view === null || text === null) return '';
  return html`<dt>First comment</dt><dd>${text}<div class="muted" id="first-comment-status">${OUTCOME_WORDS[view.status]}${view.error === null ? '' : `: ${view.error}`}</div></dd>`;
}

/**
 * What the platform did differently from what was asked, on a post it published anyway: said
 * before anything else, since the post's status alone reads as a success. A YouTube video locked
 * to private leads to the Connections page, which explains Google's audit.
 */
function warningSection(post: Post): Html | '' {
  if (post.warning === null) return '';
  const platform = post.platforms[0];
  return html`<section class="card platform-warning" aria-labelledby="warning-heading"><h2 id="warning-heading">Published, but not as asked</h2>
<p>${post.warning}</p>${
    platform === 'youtube'
      ? html`<p><a href="/app/connections#youtube-audit">What Google's YouTube API audit is and how to apply</a></p>`
      : ''
  }</section>`;
}

/**
 * The media the post publishes, slide by slide: a preview of an image, its type and size, and
 * whether it is a copy the service made for the platform. A draft's slides are the person's own
 * files; the copies a platform needs are made when it is scheduled.
 */
async function mediaSection(c: SignedContext, post: Post): Promise<Html> {
  const slides = slidesOf(post);
  // What the platform gets: the copy made for it, else the person's own asset.
  const ids = slides.flatMap((s) => (s.mediaId === null ? [] : [s.platformMediaId ?? s.mediaId]));
  const assets = new Map((await ownSlides(c, ids)).map((a) => [a.id, a]));
  const platforms = post.platforms.map((p) => PLATFORM_NAMES[p]).join(', ');
  const intro =
    post.media.length === 0
      ? html`<p class="muted">No media: a text post.</p>`
      : post.status === 'draft' || post.status === 'pending_approval'
        ? html`<p class="muted">The slides in order. Copies a platform needs (a JPEG of a PNG, say) are made when the post is scheduled.</p>`
        : html`<p class="muted">What ${platforms} publishes, in order.</p>`;
  return html`<section class="card" aria-labelledby="media-heading"><h2 id="media-heading">Media</h2>
${intro}${slides.length === 0 ? '' : html`<ol class="slides">${slides.map((s, i) => slideItem(post, s, i, assets))}</ol>`}</section>`;
}

function slideItem(post: Post, slide: SlideView, i: number, assets: ReadonlyMap<string, MediaAsset>): Html {
  if (slide.mediaId === null) {
    return html`<li><span>Slide ${i + 1}: a link the platform reads itself</span><a class="url" href="${slide.url}">${slide.url}</a></li>`;
  }
  const asset = assets.get(slide.platformMediaId ?? slide.mediaId);
  if (asset === undefined) {
    return html`<li><span>Slide ${i + 1}</span><span class="muted">no longer in the library</span></li>`;
  }
  const platform = post.platforms[0];
  const copy =
    slide.platformMediaId === null
      ? ''
      : html`<span>${asset.contentType === 'image/jpeg' ? 'a JPEG copy' : 'a copy'} made for ${platform === undefined ? 'the platform' : PLATFORM_NAMES[platform]}</span>`;
  return html`<li>${mediaPreview(asset, { box: 96, alt: `Slide ${i + 1}` })}<span class="muted">${asset.contentType}, ${formatSize(asset.sizeBytes)}${asset.width === null ? '' : `, ${asset.width}×${asset.height}`}${asset.durationMs === null ? '' : `, ${Math.round(asset.durationMs / 1000)} s`}</span>${copy}</li>`;
}

// Saves the Edit form through the use case REST's PATCH calls; a slide button only redraws the form.
async function edit(c: SignedContext): Promise<ConsoleReply> {
  const found = await getPost(c.deps.core, c.actor, c.params.id ?? '');
  if (found.isErr()) return postNotFound(c);
  const post = found.value;
  const fields = editFieldsOf(c.form, post);
  const slide = c.form.get('slide');
  if (slide !== null && fields.mediaIds !== null) {
    const moved = { ...fields, mediaIds: moveSlide(fields.mediaIds, slide) };
    return postPage(c, post, { status: 200, fields: moved, alert: null, problems: [] });
  }
  const changes = changesOf(c, post, fields);
  if (Object.keys(changes).length === 0) return redirectReply(`/app/posts/${post.id}?done=unchanged`);
  const edited = await editPost(c.deps.core, c.actor, { postId: post.id, ...changes });
  if (edited.isErr()) {
    return postPage(c, post, {
      status: edited.error.code === 'invalid_post_state' ? 409 : 400,
      fields,
      alert: 'Not saved: nothing was changed.',
      problems: problemsOf(edited.error, c.time.zone),
    });
  }
  return redirectReply(`/app/posts/${post.id}?done=edited`);
}

// Changes or stops the post's evergreen rule: an edit of `evergreen` alone, as REST's PATCH sends it.
async function evergreen(c: SignedContext): Promise<ConsoleReply> {
  const found = await getPost(c.deps.core, c.actor, c.params.id ?? '');
  if (found.isErr()) return postNotFound(c);
  const post = found.value;
  const stop = c.form.get('action') === 'stop';
  const fields = typedEvergreen(c.form);
  const edited = await editPost(c.deps.core, c.actor, {
    postId: post.id,
    evergreen: stop ? null : evergreenRequest(fields),
  });
  if (edited.isOk())
    return redirectReply(`/app/posts/${post.id}?done=${stop ? 'evergreen-stopped' : 'evergreen'}`);
  const errors = evergreenErrorsOf(edited.error);
  return postPage(c, post, {
    status: edited.error.code === 'invalid_post_state' ? 409 : 400,
    fields: fieldsOf(post, c.time),
    alert: stop ? 'Not stopped: the rule stays as it was.' : 'Not saved: the rule stays as it was.',
    problems: errors === null ? problemsOf(edited.error, c.time.zone) : [],
    evergreen: { fields: { ...fields, on: true }, errors: errors ?? {} },
  });
}

async function remove(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const done = await deletePost(c.deps.core, c.actor, id);
  // A deleted post has no page of its own any more (it is restored from Deleted).
  return actionReply(c, done, refusedOnPost(409, 'Not deleted', id), () => '/app/posts?done=deleted');
}

// The keyboard's (and every browser's) way to move a scheduled post: a time field, in the person's zone.
async function move(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const time = c.form.get('time') ?? '';
  // Anything else goes as sent, for the use case to refuse with its own message.
  const iso = c.time.instant(time)?.toISOString() ?? time;
  const moved = await updateScheduledPost(c.deps.core, c.actor, { postId: id, scheduledTime: iso });
  if (moved.isOk()) return redirectReply(`/app/posts/${id}?done=moved`);
  // The post's page again, the time typed kept, with why and every way on from there.
  const found = await getPost(c.deps.core, c.actor, id);
  if (found.isErr()) return postNotFound(c);
  return postPage(c, found.value, {
    status: moved.error.code === 'invalid_post_state' ? 409 : 400,
    fields: fieldsOf(found.value, c.time),
    alert: 'Not moved: the post keeps its time.',
    problems: problemsOf(moved.error),
    moveTime: time,
  });
}

// A refused action on a post's page leads back to the post.
function refusedOnPost(status: number, title: string, id: string): RefusalFrame {
  return {
    status,
    title,
    section: '/app/posts',
    back: { href: `/app/posts/${id}`, label: 'Back to the post' },
  };
}

/** A post's page and its forms: edit, move, delete, its evergreen rule. */
export const postPageRoutes: readonly ConsoleRoute[] = pageRoutes('/app/posts/:id', show, {
  edit,
  delete: remove,
  move,
  evergreen,
});
