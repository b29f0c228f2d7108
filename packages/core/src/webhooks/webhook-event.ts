import type { DomainEventType, JournalEvent } from '../journal/index.js';
import type { WebhookEventType } from './webhook.js';

/** The journal events subscribers receive, by the name they receive them under. */
const FROM_JOURNAL: Readonly<Partial<Record<DomainEventType, WebhookEventType>>> = {
  'post.scheduled': 'post.scheduled',
  // A retried post is scheduled again: subscribers see it as such.
  'post.retry_requested': 'post.scheduled',
  'post.posted': 'post.published',
  'post.permalink_ready': 'post.permalink_ready',
  'post.failed': 'post.failed',
  'post.deleted': 'post.deleted',
  'post.restored': 'post.restored',
  'post.recycled': 'post.recycled',
  'post.recycle_skipped': 'post.recycle_skipped',
  'post.approval_requested': 'post.approval_requested',
  'post.approved': 'post.approved',
  'post.rejected': 'post.rejected',
  'account.connected': 'account.connected',
  // Fresh tokens for an account already there: connected again, as far as a subscriber cares.
  'account.reconnected': 'account.connected',
  'account.needs_reconnect': 'account.needs_reconnect',
  'account.token_expiring': 'account.token_expiring',
  'media.ready': 'media.ready',
};

/** The webhook event a journal event becomes; null for those not offered (publishing steps, automations). */
export function webhookEventOf(event: Pick<JournalEvent, 'type'>): WebhookEventType | null {
  return FROM_JOURNAL[event.type] ?? null;
}

/**
 * The connected account an event is about, for subscriptions limited to some accounts: a post's
 * account, the account itself; null for what belongs to no account (media).
 */
export function accountOfEvent(event: Pick<JournalEvent, 'type' | 'subjectId' | 'data'>): string | null {
  if (event.type.startsWith('account.')) return event.subjectId;
  const profile = event.data.profileId;
  return typeof profile === 'string' ? profile : null;
}
