import type { CoreDeps } from '../../deps/index.js';
import { decideAfterAttempt, jitterOf } from '../../webhooks/index.js';
import type { Notification } from '../notification.js';
import type { Mailer } from '../ports/mailer.js';

/** What sending a claimed notification needs. */
export type SendNotificationDeps = Pick<CoreDeps, 'store' | 'clock'> & {
  readonly mailer: Mailer;
  /** The domain of Message-IDs (the host of `SVC_BASE_URL`). */
  readonly messageIdDomain: string;
};

/** What came of one attempt. */
export type NotificationSendResult = 'sent' | 'retrying' | 'gave_up' | 'lost';

/**
 * Sends one claimed notification with its one-click unsubscribe headers (RFC 8058) and records
 * what follows, on the webhooks' schedule: retried after 5 s, 5 min, 30 min … ten attempts over
 * about three days, given up after the last or at once when the server refuses for good. The
 * claim counted the attempt before sending, so a crash here sends it again, never loses it.
 */
export async function sendNotification(
  deps: SendNotificationDeps,
  notification: Notification,
  leaseOwner: string,
): Promise<NotificationSendResult> {
  const result = await deps.mailer.send({
    to: notification.to,
    subject: notification.subject,
    text: notification.text,
    html: notification.html,
    messageId: `<${notification.id}@${deps.messageIdDomain}>`,
    headers: {
      'List-Unsubscribe': `<${notification.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  const now = deps.clock.now();
  const next =
    result.kind === 'sent'
      ? ({ status: 'sent' } as const)
      : result.permanent
        ? ({ status: 'failed' } as const)
        : decideAfterAttempt({
            attempts: notification.attempts,
            outcome: { delivered: false, retryAfterMs: null, error: result.error },
            now,
            failingSince: null,
            jitter: jitterOf(`${notification.id}:${notification.attempts}`),
          }).next;
  const status = next.status === 'pending' ? 'pending' : next.status === 'failed' ? 'failed' : 'sent';
  const recorded = await deps.store.notifications.finishAttempt({
    id: notification.id,
    leaseOwner,
    status,
    nextAttemptAt: next.status === 'pending' ? next.at : null,
    error: result.kind === 'sent' ? null : result.error,
    at: now,
  });
  if (!recorded) return 'lost';
  return status === 'sent' ? 'sent' : status === 'pending' ? 'retrying' : 'gave_up';
}
