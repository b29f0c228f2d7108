import type { JournalEvent } from '@svc/core';
import { type Html, html } from '@svc/web';
import type { TimeFormat } from '../time-format.js';
import { editedPhrase } from './activity-sentence.js';
import { SKIP_REASONS } from './evergreen-section.js';

const EVENT_LABELS: Readonly<Record<string, string>> = {
  'post.scheduled': 'Scheduled',
  'post.publishing': 'Publishing started',
  'post.posted': 'Published',
  'post.permalink_ready': 'Public link arrived',
  'post.failed': 'Failed',
  'post.retrying': 'Will be tried again',
  'post.retry_requested': 'Sent to publish again',
  'post.deleted': 'Deleted',
  'post.restored': 'Restored',
  'post.approval_requested': 'Review requested',
  'post.approved': 'Approved',
  'post.rejected': 'Rejected',
  'post.recycled': 'Queued as a copy of its evergreen original',
  'post.recycle_skipped': 'Not recycled this period',
};

// One change of the post, with what it carries that a person wants to read (the failure reason,
// what an edit changed).
export function historyLine(event: JournalEvent, time: TimeFormat): Html {
  if (event.type === 'post.edited') {
    const phrase = editedPhrase(event.data, time);
    return html`<li>${time.when(event.at)}: ${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}</li>`;
  }
  if (event.type === 'review_link.decided') {
    // The client's own words for themself, when they gave a name; the note stays with the link.
    const who = typeof event.data.reviewer === 'string' ? event.data.reviewer : 'the client';
    const what = event.data.decision === 'approved' ? 'Approved' : 'Rejected';
    return html`<li>${time.when(event.at)}: ${what} by ${who} through a review link</li>`;
  }
  const given = typeof event.data.reason === 'string' ? event.data.reason : null;
  // A skipped period's reason is a code; other events' reasons are already sentences.
  const reason =
    event.type === 'post.recycle_skipped' && given !== null
      ? (SKIP_REASONS[given as keyof typeof SKIP_REASONS] ?? given)
      : given;
  return html`<li>${time.when(event.at)}: ${EVENT_LABELS[event.type] ?? event.type}${reason === null ? '' : html`: ${reason}`}</li>`;
}
