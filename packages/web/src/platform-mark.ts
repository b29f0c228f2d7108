import { PLATFORM_INITIALS as INITIALS, PLATFORM_NAMES, type Platform } from '@svc/core';
import { type Html, html } from './html.js';

/**
 * A platform's mark with its name: beside it (`named`, the default), as the mark's spoken name
 * where the row has no room for the word (`mark`), or as hidden text a screen reader reads and a
 * page's text holds (`quiet`: a calendar cell, where the row's text is read as a whole).
 */
export function platformMark(platform: Platform, shown: 'named' | 'mark' | 'quiet' = 'named'): Html {
  const name = PLATFORM_NAMES[platform];
  if (shown === 'quiet')
    return html`<span class="platform"><span class="mark mark-${platform}" aria-hidden="true">${INITIALS[platform]}</span><span class="visually-hidden">${name}</span></span>`;
  if (shown === 'mark')
    return html`<span class="mark mark-${platform}" role="img" aria-label="${name}">${INITIALS[platform]}</span>`;
  return html`<span class="platform"><span class="mark mark-${platform}" aria-hidden="true">${INITIALS[platform]}</span>${name}</span>`;
}
