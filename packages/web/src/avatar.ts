import { type Html, html } from './html.js';

/**
 * An account's picture, or its first letter on a tinted disc when there is none. Decorative: the
 * name is always written beside it, so the image has an empty text alternative.
 */
export function avatar(name: string, imageUrl: string | null): Html {
  if (imageUrl !== null)
    return html`<img class="avatar" src="${imageUrl}" alt="" width="40" height="40" loading="lazy" referrerpolicy="no-referrer">`;
  const initial = Array.from(name.replace(/^@/, '').trim())[0]?.toUpperCase() ?? '?';
  return html`<span class="avatar" aria-hidden="true">${initial}</span>`;
}
