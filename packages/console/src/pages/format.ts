import type { PublicPostStatus } from '@svc/core';
import { type Html, html } from '@svc/web';

const STATUS_LABELS: Readonly<Record<PublicPostStatus, string>> = {
  draft: 'Draft',
  pending_approval: 'Awaiting review',
  scheduled: 'Scheduled',
  posted: 'Posted',
  failed: 'Failed',
};

/** A post's status as a badge; the text says it, the colour only repeats it. */
export function statusBadge(status: PublicPostStatus): Html {
  return html`<span class="status status-${status}">${STATUS_LABELS[status]}</span>`;
}

/** The label of a status. */
export function statusLabel(status: PublicPostStatus): string {
  return STATUS_LABELS[status];
}

/** A file size as a person reads it: bytes below 1 KB, KB below 1 MB, then MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The first sentence of a text (all of it when it has one), for a list that links to the whole. */
export function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}
