import type { NotificationKind } from './notification-kind.js';

/**
 * Where a notification is in its sending. `skipped`: never sent, a daily digest with nothing to
 * say, kept so that its person and day are decided once (docs/notifications.md, "Daily digest").
 */
export type NotificationStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/** One e-mail to one person, made from one journal event (or a day's digest), waiting in the outbox or sent. */
export type Notification = {
  readonly id: string;
  /** Event × person × kind (`notificationDedupKey`), or person × day (`digestDedupKey`): at most one notification per key. */
  readonly dedupKey: string;
  readonly userId: string;
  readonly kind: NotificationKind;
  /** The address, as the person's account had it when the event was read. */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** The one-click unsubscribe link of this person and kind (RFC 8058). */
  readonly unsubscribeUrl: string;
  readonly status: NotificationStatus;
  /** Attempts made, counted when claimed (before sending). */
  readonly attempts: number;
  readonly nextAttemptAt: Date | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly sentAt: Date | null;
};
