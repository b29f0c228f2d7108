export {
  type AutomationRowOf,
  type AutomationWithCountsRowOf,
  automationToSqlRow,
  commentToSqlRow,
  type InboxRowOf,
  type NewInboxRowOf,
  sqlRowToAutomation,
  sqlRowToCommentJob,
} from './automation-row.js';
export { MIGRATION_IDS, type MigrationId } from './migration-ids.js';
export { orNull } from './or-null.js';
export { type PostRowOf, postToSqlRow, sqlRowToPost } from './post-row.js';
export type { SqlCodec, SqlTypes } from './sql-codec.js';
export {
  type AttemptRowOf,
  attemptToSqlRow,
  type DeliveryRowOf,
  deliveryToSqlRow,
  type MessageRowOf,
  messageToSqlRow,
  type NewAttemptRowOf,
  type SubscriptionRowOf,
  sqlRowToAttempt,
  sqlRowToDelivery,
  sqlRowToMessage,
  sqlRowToSubscription,
  subscriptionToSqlRow,
} from './webhook-row.js';
