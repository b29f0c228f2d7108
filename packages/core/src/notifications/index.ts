// @svc/core/notifications — E-mail notifications: kinds, who is told, each person's choices, the outbox fed by the journal, one-click unsubscribe.
// This file is the area's contract: other areas and packages import only what it exports.
export {
  type ComposedMessage,
  composeNotification,
  kindLabel,
  type NotificationFacts,
} from './compose-notification.js';
export {
  composeDailyDigest,
  DIGEST_ITEMS_SHOWN,
  type DigestAccount,
  type DigestFacts,
  type DigestPost,
  hasNews,
  type WorkspaceDigest,
} from './daily-digest.js';
export { DIGEST_LOCAL_HOUR, type DigestDay, digestDayAt, digestDedupKey } from './daily-digest-time.js';
export { composeInvitationEmail, type InvitationEmailFacts } from './invitation-email.js';
export type { Notification, NotificationStatus } from './notification.js';
export {
  DEFAULT_NOTIFICATION_KINDS,
  isNotificationKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
  notificationKindOf,
} from './notification-kind.js';
export {
  type NotificationPreferences,
  preferencesOf,
  type StoredPreferences,
} from './notification-preferences.js';
export { type NotificationRecipient, notificationDedupKey, recipientsOf } from './notification-recipients.js';
export type { Mailer, MailMessage, MailResult } from './ports/mailer.js';
export type {
  NotificationAttemptEnd,
  NotificationFanOutCommit,
  NotificationStore,
} from './ports/notification-store.js';
export { readUnsubscribeToken, type UnsubscribeSubject, unsubscribeToken } from './unsubscribe-token.js';
export {
  type DeliveredInvitation,
  type InvitationDelivery,
  invitationDelivery,
  invitationUrl,
  inviteAndDeliver,
} from './use-cases/deliver-invitation.js';
export {
  fanOutNotifications,
  NOTIFICATION_FAN_OUT_CONSUMER,
  NOTIFICATION_MAX_AGE_MS,
  type NotificationFanOutDeps,
} from './use-cases/fan-out-notifications.js';
export {
  type DigestWindow,
  gatherWorkspaceDigest,
} from './use-cases/gather-workspace-digest.js';
export { type DailyDigestDeps, makeDailyDigests } from './use-cases/make-daily-digests.js';
export {
  getNotificationPreferences,
  setNotificationPreferences,
  unsubscribe,
  unsubscribeSubjectOf,
} from './use-cases/notification-settings.js';
export {
  type NotificationSendResult,
  type SendNotificationDeps,
  sendNotification,
} from './use-cases/send-notification.js';
