import { type Post, threadPartsOf, threadView } from '@svc/core';
import { type Html, html } from '@svc/web';

/** A first comment's or a chain part's outcome, in words: neither ever fails its post. */
export const OUTCOME_WORDS = {
  pending: 'waits for the post to go out',
  posted: 'posted',
  failed: 'not posted',
  skipped: 'skipped',
} as const;

/**
 * The post page's reply chain (docs/posts.md, "Threads reply chains"): each part's text and media
 * count, and how it went, with a link to the part once it is live. Empty on posts without one.
 */
export function threadPartsLine(post: Post): Html | '' {
  const view = threadView(post);
  const parts = threadPartsOf(post);
  if (view === null) return '';
  return html`<dt>Reply chain</dt><dd><ol id="thread-outcome" class="thread-outcome">${parts.map(
    (part, i) => {
      const outcome = view[i];
      const media =
        part.mediaIds.length === 0
          ? ''
          : ` (${part.mediaIds.length} photo or video${part.mediaIds.length === 1 ? '' : 's'})`;
      return html`<li>${part.caption}${media}<div class="muted" data-part-status="${outcome?.status ?? 'pending'}">${OUTCOME_WORDS[outcome?.status ?? 'pending']}${
        outcome?.permalink ? html`: <a href="${outcome.permalink}">see it on Threads</a>` : ''
      }${outcome?.error ? `: ${outcome.error}` : ''}</div></li>`;
    },
  )}</ol></dd>`;
}
