import { type ConnectedAccount, listMedia, type MediaItem, mediaTypeName, THREAD_PARTS_MAX } from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import type { SignedContext } from '../console-context.js';
import {
  THREADS_FIELD_NAMES as N,
  type ThreadsFormFields,
  type ThreadsFormPart,
} from '../threads-form-meta.js';
import { formatSize } from './format.js';

// Who may reply, as the Threads app words the choices (`reply_control`, docs/posts.md).
const REPLY_CONTROLS: readonly (readonly [string, string])[] = [
  ['', 'Everyone (default)'],
  ['accounts_you_follow', 'Profiles you follow'],
  ['followers_only', 'Your followers'],
  ['mentioned_only', 'Profiles you mention'],
  ['parent_post_author_only', 'Only you'],
];

const option = (value: string, label: string, chosen: boolean) =>
  html`<option value="${value}"${chosen ? html` selected` : ''}>${label}</option>`;

// A library item as a choice: its kind, dimensions, size and the minute it was added (ids are not
// for people to read; the minute tells two similar files apart).
const mediaLabel = (item: MediaItem) =>
  `${mediaTypeName(item.contentType)}${item.width === null ? '' : `, ${item.width}×${item.height ?? '?'}`}, ${formatSize(item.sizeBytes)}, added ${item.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

// One part: its text (a Threads post: 500 characters) and its media from the library. `index`
// null makes the template the browser copies when the person adds a part.
function partItem(part: ThreadsFormPart, index: number | null, library: readonly MediaItem[]): Html {
  const n = index === null ? '' : String(index);
  const number = html`<span data-part-number>${index === null ? '' : String(index + 1)}</span>`;
  return html`<fieldset class="thread-part" data-thread-part><legend>Part ${number}</legend>
<div><label for="thread-caption-${n}">Text of part ${number} (500 characters at most)</label></div>
<textarea id="thread-caption-${n}" name="${N.caption}" rows="3" maxlength="1000">${part.caption}</textarea>
<div><label for="thread-media-${n}">Photos or videos of part ${number} (none, one, or 2–20 for a carousel; Ctrl or ⌘ picks several)</label></div>
<select id="thread-media-${n}" name="${index === null ? '' : N.media(index)}" multiple size="3">${library.map((item) => option(item.id, mediaLabel(item), part.mediaIds.includes(item.id)))}</select>
<div class="actions"><button type="button" class="secondary small" data-remove-part>Remove part ${number}</button></div>
</fieldset>`;
}

/**
 * Compose's Threads settings (docs/posts.md, "Threads reply chains"): who may reply, and the
 * parts published in order as a reply chain under the post, each with its text and media. Without
 * the script a blank part is always offered (blank parts are left out); with it, parts are added
 * and removed in place.
 */
export function threadsFieldset(fields: ThreadsFormFields, library: readonly MediaItem[]): Html {
  const parts = [...fields.parts, { caption: '', mediaIds: [] }];
  return html`<fieldset id="threads-options"><legend>Threads</legend>
<label for="threads-reply-control">Threads: who can reply (the post and every part)</label>
<select id="threads-reply-control" name="${N.replyControl}">${REPLY_CONTROLS.map(([value, label]) => option(value, label, value === fields.replyControl))}</select>
<p class="muted">A reply chain: each part is published as a reply to the one before, once the post is live, at most ${String(THREAD_PARTS_MAX)}. A part that fails never fails the post; the post's page says how each went.</p>
<div id="thread-parts" data-max="${String(THREAD_PARTS_MAX)}">${parts.map((part, index) => partItem(part, index, library))}</div>
<template id="thread-part-template">${partItem({ caption: '', mediaIds: [] }, null, library)}</template>
<div class="actions" data-add-part hidden><button type="button" class="secondary" id="add-thread-part">Add a part</button></div>
</fieldset>`;
}

// The library media a part may use: the person's latest files, newest first.
const LIBRARY_CHOICES = 50;

/** The Threads settings when a Threads account is connected, with the library's latest media to pick from. */
export async function threadsOptions(
  c: SignedContext,
  accounts: readonly ConnectedAccount[],
  fields: ThreadsFormFields,
): Promise<Html | ''> {
  if (!accounts.some((a) => a.platform === 'threads')) return '';
  const library = await unwrap(listMedia(c.deps.core, c.actor, { limit: LIBRARY_CHOICES }));
  return threadsFieldset(fields, library.media);
}
