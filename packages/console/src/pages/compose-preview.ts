import {
  type MediaAsset,
  type Platform,
  type PolicyConfig,
  type PolicyInput,
  previewKindOf,
} from '@svc/core';
import { type Html, html, platformMark } from '@svc/web';
import { type PreviewView, previewView } from '../feed-preview-view.js';
import { thumbnailUrl } from './media-preview.js';

/** One platform's preview: its mark, slide 1 as the feed frames it, the title, the caption up to "more". */
export function previewItem(view: PreviewView): Html {
  const { frame } = view;
  return html`<li class="preview" data-platform="${view.platform}"><h3>${platformMark(view.platform)}</h3>
${
  frame === null
    ? ''
    : html`<svg class="preview-frame" width="${frame.width}" height="${frame.height}" viewBox="0 0 ${frame.width} ${frame.height}" role="img" aria-label="${frame.label}"><image href="${frame.src}" width="${frame.width}" height="${frame.height}" preserveAspectRatio="xMidYMid slice"/></svg>`
}
${view.title === null ? '' : html`<p class="preview-title">${view.title}</p>`}
<p class="preview-caption">${view.caption}${view.folded ? html`<span class="preview-more"> more</span>` : ''}</p>
${view.notes.length === 0 ? '' : html`<ul class="preview-notes">${view.notes.map((n) => html`<li>${n}</li>`)}</ul>`}</li>`;
}

/**
 * Compose's "How it will look": each chosen platform's preview, from core's `feedPreview` (the
 * script redraws it as the person types, with the same words).
 */
export function composePreview(
  input: PolicyInput,
  platforms: readonly Platform[],
  media: readonly MediaAsset[],
  rules: PolicyConfig,
): Html {
  const first = media[0];
  const src =
    first !== undefined && previewKindOf(first.contentType) === 'image' ? thumbnailUrl(first, 480) : null;
  const views = platforms.map((p) => previewView(p, input, rules.platforms[p], src));
  return html`<section class="card" aria-labelledby="preview-heading"><h2 id="preview-heading">How it will look</h2>
<p id="preview-none" class="muted"${views.length === 0 ? '' : html` hidden`}>Choose an account to see the post as each platform shows it.</p>
<ul id="previews" class="previews">${views.map(previewItem)}</ul></section>`;
}
