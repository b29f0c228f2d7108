import type { DomainEventType } from '../journal/index.js';

/** What a person can be e-mailed about; each is switched on or off per person (docs/notifications.md). */
export const NOTIFICATION_KINDS = [
  'post_failed',
  'account_reconnect',
  'review_requested',
  'review_decided',
  /** Once a day, a summary of each workspace the person belongs to (docs/notifications.md, "Daily digest"). */
  'daily_digest',
] as const;

/** One kind of notification. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds a person gets until they choose: what needs them to act, and what they lose if nobody
 * says (a failed post, an account that will fail), as the operating contract promises. The daily
 * digest is optional: a person asks for it.
 */
export const DEFAULT_NOTIFICATION_KINDS: readonly NotificationKind[] = ['post_failed', 'account_reconnect'];

const KIND_OF_EVENT: Partial<Record<DomainEventType, NotificationKind>> = {
  'post.failed': 'post_failed',
  'account.needs_reconnect': 'account_reconnect',
  'account.token_expiring': 'account_reconnect',
  'post.approval_requested': 'review_requested',
  'post.approved': 'review_decided',
  'post.rejected': 'review_decided',
};

/** The kind of notification a journal event makes, or null when nobody is e-mailed about it. */
export function notificationKindOf(type: DomainEventType): NotificationKind | null {
  return KIND_OF_EVENT[type] ?? null;
}

/** Whether a text names a kind (a form field, a token's content). */
export function isNotificationKind(text: string): text is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(text);
}
