import { type EditPostInput, type Post, type SlideView, slideViews } from '@svc/core';
import { type Html, html } from '@svc/web';
import type { SignedContext } from '../console-context.js';
import { csrfField } from '../console-page.js';
import type { TimeFormat } from '../time-format.js';
import { mediaIdsOf, ownSlides, slideList } from './post-slides.js';

/** What the Edit form holds: the post's values, or what the person typed after a refusal or a slide move. */
export type EditFields = {
  readonly caption: string;
  readonly title: string;
  /** The `datetime-local` value, in the person's zone; empty for none. */
  readonly time: string;
  /** The slides' own asset ids, in order (null when the slides cannot be changed here). */
  readonly mediaIds: readonly string[] | null;
};

/** The slides as every surface presents them (core's post presenter); the console shows no link from it. */
export const slidesOf = (post: Post): SlideView[] => slideViews(post, () => '');

/** The person's own asset each slide stands for (a copy made for a platform stands for its original). */
function ownIdsOf(post: Post): string[] | null {
  const ids = slidesOf(post).map((slide) => slide.mediaId);
  // A link a platform fetches itself has no asset id, so such slides are not reordered here.
  return ids.every((id) => id !== null) ? (ids as string[]) : null;
}

/** The Edit form filled with the post as it is. */
export function fieldsOf(post: Post, time: TimeFormat): EditFields {
  return {
    caption: post.caption,
    title: post.title ?? '',
    time: time.input(post.scheduledTime),
    mediaIds: ownIdsOf(post),
  };
}

/** The Edit form of a draft or a scheduled post: caption, title, time and the slides' order. */
export async function editForm(c: SignedContext, post: Post, fields: EditFields): Promise<Html> {
  const slides = fields.mediaIds === null ? null : await ownSlides(c, fields.mediaIds);
  const draft = post.status === 'draft';
  return html`<section class="card" aria-labelledby="edit-heading"><h2 id="edit-heading">Edit this ${draft ? 'draft' : 'post'}</h2>
<form method="post" action="/app/posts/${post.id}/edit">${csrfField(c.session)}
<label for="edit-caption">Caption</label>
<textarea id="edit-caption" name="caption" rows="6" maxlength="10000">${fields.caption}</textarea>
<label for="edit-title">Title (YouTube and TikTok)</label>
<input id="edit-title" name="title" type="text" maxlength="200" value="${fields.title}">
<label for="edit-time">When (${c.time.zone} time${draft ? '; empty: right after approval' : ''})</label>
<input id="edit-time" name="time" type="datetime-local" value="${fields.time}"${draft ? '' : html` required`}>
${
  slides === null
    ? html`<p class="muted">Some slides are links, so their order is changed through the API.</p>`
    : html`<h3>Slides</h3><input type="hidden" name="media" value="${slides.map((m) => m.id).join(',')}">
${slideList(slides, 'No media: a text post.')}`
}
<div class="actions"><button type="submit">Save changes</button></div>
</form></section>`;
}

/** The Edit form as the person sent it. */
export function editFieldsOf(form: URLSearchParams, post: Post): EditFields {
  return {
    caption: form.get('caption') ?? '',
    title: (form.get('title') ?? '').trim(),
    time: form.get('time') ?? '',
    mediaIds: ownIdsOf(post) === null ? null : mediaIdsOf(form.getAll('media')),
  };
}

// Browsers send a textarea's line breaks as CRLF: a caption only re-sent is not a change.
const sameText = (a: string, b: string) => a.replace(/\r\n/g, '\n') === b.replace(/\r\n/g, '\n');

/** What the form changes of the post: only those fields go to the use case, as with REST's PATCH. */
export function changesOf(c: SignedContext, post: Post, fields: EditFields): Omit<EditPostInput, 'postId'> {
  const was = fieldsOf(post, c.time);
  const changes: { -readonly [K in keyof EditPostInput]?: EditPostInput[K] } = {};
  if (!sameText(fields.caption, was.caption)) changes.caption = fields.caption;
  if (fields.title !== was.title) changes.title = fields.title;
  if (fields.time !== was.time) {
    // The field holds the person's wall-clock time; anything else goes as sent, for the use case to refuse.
    changes.scheduledTime =
      fields.time === '' ? null : (c.time.instant(fields.time)?.toISOString() ?? fields.time);
  }
  if (fields.mediaIds !== null && fields.mediaIds.join(',') !== (was.mediaIds ?? []).join(',')) {
    changes.mediaIds = [...fields.mediaIds];
  }
  return changes;
}
