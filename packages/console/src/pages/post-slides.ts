import {
  actorWorkspaceId,
  type ErrorCode,
  isPlatform,
  MAX_MEDIA_ITEMS,
  type MediaAsset,
  ownMediaAssets,
  previewKindOf,
  refusalSentence,
} from '@svc/core';
import { type Html, html } from '@svc/web';
import { issueMessage } from '../compose-checks-view.js';
import type { SignedContext } from '../console-context.js';
import { formatSize } from './format.js';
import { mediaPreview, thumbnailUrl } from './media-preview.js';

// The slides of a post form (Compose, a post's Edit form) as the page without its script handles
// them: ids carried in a hidden field, moved or removed by plain form buttons.

const MEDIA_IDS = /^media_[A-Za-z0-9]{10,40}$/;

/** The slides a form carries, in order (a hidden `media` field of comma-separated ids), at most as many as a post may name. */
export const mediaIdsOf = (values: readonly string[]): string[] =>
  values
    .flatMap((v) => v.split(','))
    .filter((id) => MEDIA_IDS.test(id))
    .slice(0, MAX_MEDIA_ITEMS);

/** The workspace's own assets among `ids`, in that order (core's ownership filter). */
export function ownSlides(c: SignedContext, ids: readonly string[]): Promise<MediaAsset[]> {
  return ownMediaAssets(c.deps.core, actorWorkspaceId(c.actor), ids);
}

/**
 * The slide list with its buttons (earlier, later, remove), each labelled with the slide's
 * number; `empty` is what the list says with no slide.
 */
export function slideList(media: readonly MediaAsset[], empty: string): Html {
  const last = media.length - 1;
  const button = (action: string, i: number, label: string, text: string, disabled: boolean) =>
    html`<button type="submit" class="secondary small" name="slide" value="${action}:${i}" aria-label="${label}"${disabled ? html` disabled` : ''}>${text}</button>`;
  return html`<p id="no-media" class="muted"${media.length === 0 ? '' : html` hidden`}>${empty}</p>
<ol class="slides">${media.map(
    (m, i) =>
      html`<li data-media-id="${m.id}"${previewKindOf(m.contentType) === 'image' ? html` data-frame-url="${thumbnailUrl(m, 480)}"` : ''} data-content-type="${m.contentType}" data-size-bytes="${m.sizeBytes}" data-width="${m.width ?? ''}" data-height="${m.height ?? ''}" data-duration-ms="${m.durationMs ?? ''}">${mediaPreview(m, { box: 96, alt: `Slide ${i + 1}` })}<span class="muted">${formatSize(m.sizeBytes)}${m.width === null ? '' : `, ${m.width}×${m.height}`}</span>
<span class="slide-actions">${button('up', i, `Move slide ${i + 1} earlier`, '←', i === 0)}${button('down', i, `Move slide ${i + 1} later`, '→', i === last)}${button('remove', i, `Remove slide ${i + 1}`, '✕', false)}</span></li>`,
  )}</ol>`;
}

/** The slides after a slide button ("up:2", "down:2", "remove:2") of the page without its script. */
export function moveSlide(ids: readonly string[], command: string): string[] {
  const [action, at] = command.split(':');
  const i = Number(at);
  const next = [...ids];
  const item = next[i];
  if (item === undefined) return next;
  if (action === 'remove') next.splice(i, 1);
  const j = action === 'up' ? i - 1 : action === 'down' ? i + 1 : -1;
  const other = next[j];
  if (other !== undefined && action !== 'remove') {
    next[j] = item;
    next[i] = other;
  }
  return next;
}

/**
 * A refusal as a form lists it: each of the content policy's errors (`details.issues`) as the
 * compose form words it, or any other refusal as core's vocabulary tells it to a person in `zone`
 * (a past time said back in their zone).
 */
export function problemsOf(
  error: { code: ErrorCode; message: string; details?: Readonly<Record<string, unknown>> },
  zone = 'UTC',
): string[] {
  const issues = error.details?.issues;
  return Array.isArray(issues) && issues.length > 0
    ? issues.map((i: { code?: unknown; message?: unknown; platform?: unknown }) =>
        issueMessage({
          code: String(i.code ?? ''),
          message: String(i.message ?? ''),
          platform: isPlatform(i.platform) ? i.platform : null,
        }),
      )
    : [refusalSentence(error, zone)];
}
