export type { AccountRowOf } from './account-row.js';
export type { ApiKeyRowOf } from './api-key-row.js';
export type { ApprovalRowOf } from './approval-row.js';
export type {
  AutomationRowOf,
  AutomationWithCountsRowOf,
  InboxRowOf,
  NewInboxRowOf,
} from './automation-row.js';
export type { BillingEventRowOf, BillingSubscriptionRowOf } from './billing-row.js';
export type { CollectionJobRowOf } from './collection-row.js';
export type { ConnectionRequestRowOf } from './connection-request-row.js';
export { MIGRATION_IDS, type MigrationId } from './migration-ids.js';
export { POST_COLUMNS, type PostRowOf } from './post-row.js';
export type { SqlCodec, SqlTypes } from './sql-codec.js';
export { sqlRows } from './sql-rows.js';
export type {
  AttemptRowOf,
  DeliveryRowOf,
  MessageRowOf,
  NewAttemptRowOf,
  SubscriptionRowOf,
} from './webhook-row.js';
