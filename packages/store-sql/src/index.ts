export { ACCOUNT_COLUMNS, type AccountRowOf, upsertAccountSql } from './account-row.js';
export type { ApiKeyRowOf } from './api-key-row.js';
export {
  APPROVAL_POLICY_COLUMNS,
  type ApprovalPolicyRowOf,
  saveApprovalPolicySql,
} from './approval-policy-row.js';
export { type ApprovalRowOf, stepsToSql } from './approval-row.js';
export type {
  AutomationRowOf,
  AutomationWithCountsRowOf,
  InboxRowOf,
  NewInboxRowOf,
} from './automation-row.js';
export {
  type BillingEventRowOf,
  type BillingSubscriptionRowOf,
  SUBSCRIPTION_COLUMNS,
  saveSubscriptionSql,
} from './billing-row.js';
export {
  type BlobRemovalCalls,
  type HeldBlobRemovalRowOf,
  selectHeldBlobRemovalSql,
} from './blob-removal-row.js';
export type { CollectionJobRowOf } from './collection-row.js';
export type { ConnectionRequestRowOf } from './connection-request-row.js';
export { DELIVERY_SLOTS_SQL } from './delivery-slots-sql.js';
export {
  type EventActorRow,
  eventActorColumns,
  eventActorOfRow,
  JOURNAL_ACTOR_MIGRATION_SQL,
} from './event-actor-row.js';
export type { MediaAssetRowOf } from './media-asset-row.js';
export { MIGRATION_IDS, type MigrationId } from './migration-ids.js';
export { migrationsInOrder } from './migrations-in-order.js';
export type { NotificationPreferenceRowOf } from './notification-preference-row.js';
export { insertNotificationSql, type NotificationRowOf } from './notification-row.js';
export {
  OAUTH_UPSERT_COLUMNS,
  type OAuthRowOf,
  type OAuthUpsertRowOf,
  upsertOAuthSql,
} from './oauth-row.js';
export { insertSql, type Placeholder } from './placeholder.js';
export type { PostQueries } from './post-queries.js';
export { POST_COLUMNS, type PostRowOf } from './post-row.js';
export {
  beforeAtVersion,
  changedPostColumns,
  statementPerColumnSet,
  updatePostSql,
  type WritablePostColumn,
} from './post-update.js';
export type { ReviewDecisionRowOf, ReviewLinkRowOf } from './review-link-row.js';
export type { PasskeyRowOf, TotpRowOf } from './second-factor-row.js';
export { SHARED_MIGRATION_SQL } from './shared-migration-sql.js';
export type { SqlCodec, SqlTypes } from './sql-codec.js';
export { assertWellOrdered, type SqlMigration } from './sql-migration.js';
export { sqlRows } from './sql-rows.js';
export {
  type AttemptRowOf,
  DELIVERY_COLUMNS,
  type DeliveryRowOf,
  MESSAGE_COLUMNS,
  type MessageRowOf,
  type NewAttemptRowOf,
  type SubscriptionRowOf,
} from './webhook-row.js';
export {
  type InvitationRowOf,
  insertMemberSql,
  listMembershipsSql,
  listMembersSql,
  MEMBER_COLUMNS,
  type MemberRowOf,
  type MembershipRowOf,
  personalWorkspaceSql,
  type WorkspaceRowOf,
} from './workspace-row.js';
