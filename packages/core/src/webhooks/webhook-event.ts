import type { DomainEventType, JournalEvent } from '../journal/index.js';
import { WEBHOOK_EVENT_OF_JOURNAL, type WebhookEventType } from './webhook.js';

// Typed for lookups by any journal event type (the table lists only those offered).
const FROM_JOURNAL: Readonly<Partial<Record<DomainEventType, WebhookEventType>>> = WEBHOOK_EVENT_OF_JOURNAL;

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
