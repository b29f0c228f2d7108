import { type PublicPostStatus, sizeWords, statusName } from '@svc/core';
import { type Html, html } from '@svc/web';

/** A post's status as a badge; the text says it, the colour only repeats it. */
export function statusBadge(status: PublicPostStatus): Html {
  return html`<span class="status status-${status}">${statusName(status)}</span>`;
}

/** The label of a status (core's vocabulary). */
export function statusLabel(status: PublicPostStatus): string {
  return statusName(status);
}

/** A file size as a person reads it, in KB or MB (core's vocabulary). */
export function formatSize(bytes: number): string {
  return sizeWords(bytes);
}

/** The first sentence of a text (all of it when it has one), for a list that links to the whole. */
export function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}
