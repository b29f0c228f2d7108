import type {
  ApiKey,
  Approval,
  Automation,
  ConnectedAccount,
  ConnectionRequest,
  InboxComment,
  Post,
  WebhookAttempt,
  WebhookDelivery,
  WebhookMessage,
  WebhookSubscription,
} from '@svc/core';
import { type AccountRowOf, accountToSqlRow, sqlRowToAccount } from './account-row.js';
import { type ApiKeyRowOf, apiKeyToSqlRow, sqlRowToApiKey } from './api-key-row.js';
import { type ApprovalRowOf, approvalToSqlRow, sqlRowToApproval } from './approval-row.js';
import {
  type AutomationWithCountsRowOf,
  automationToSqlRow,
  commentToSqlRow,
  type InboxRowOf,
  sqlRowToAutomation,
  sqlRowToCommentJob,
} from './automation-row.js';
import {
  type BillingEventRowOf,
  type BillingSubscriptionRowOf,
  sqlRowToBillingEvent,
  sqlRowToBillingSubscription,
} from './billing-row.js';
import { type CollectionJobRowOf, sqlRowToCollectionJob } from './collection-row.js';
import {
  type ConnectionRequestRowOf,
  connectionRequestToSqlRow,
  sqlRowToConnectionRequest,
} from './connection-request-row.js';
import { type PostRowOf, postToSqlRow, sqlRowToPost } from './post-row.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';
import {
  type AttemptRowOf,
  attemptToSqlRow,
  type DeliveryRowOf,
  deliveryToSqlRow,
  type MessageRowOf,
  messageToSqlRow,
  type SubscriptionRowOf,
  sqlRowToAttempt,
  sqlRowToDelivery,
  sqlRowToMessage,
  sqlRowToSubscription,
  subscriptionToSqlRow,
} from './webhook-row.js';

/**
 * Every shared row mapper bound to one dialect's codec, so a dialect's row file takes the ones it
 * needs in one line and its stores call `rowToPost(row)` as they always did.
 */
export function sqlRows<T extends SqlTypes>(codec: SqlCodec<T>) {
  return {
    postToRow: (post: Post) => postToSqlRow(codec, post),
    rowToPost: (row: PostRowOf<T>) => sqlRowToPost(codec, row),
    accountToRow: (account: ConnectedAccount) => accountToSqlRow(codec, account),
    rowToAccount: (row: AccountRowOf<T>) => sqlRowToAccount(codec, row),
    apiKeyToRow: (key: ApiKey) => apiKeyToSqlRow(codec, key),
    rowToApiKey: (row: ApiKeyRowOf<T>) => sqlRowToApiKey(codec, row),
    approvalToRow: (approval: Approval) => approvalToSqlRow(codec, approval),
    rowToApproval: (row: ApprovalRowOf<T>) => sqlRowToApproval(codec, row),
    rowToCollectionJob: (row: CollectionJobRowOf<T>) => sqlRowToCollectionJob(codec, row),
    rowToBillingSubscription: (row: BillingSubscriptionRowOf<T>) => sqlRowToBillingSubscription(codec, row),
    rowToBillingEvent: (row: BillingEventRowOf<T>) => sqlRowToBillingEvent(codec, row),
    connectionRequestToRow: (request: ConnectionRequest) => connectionRequestToSqlRow(codec, request),
    rowToConnectionRequest: (row: ConnectionRequestRowOf<T>) => sqlRowToConnectionRequest(codec, row),
    automationToRow: (automation: Automation) => automationToSqlRow(codec, automation),
    rowToAutomation: (row: AutomationWithCountsRowOf<T>) => sqlRowToAutomation(codec, row),
    commentToRow: (comment: InboxComment) => commentToSqlRow(codec, comment),
    rowToCommentJob: (row: InboxRowOf<T>) => sqlRowToCommentJob(codec, row),
    subscriptionToRow: (subscription: WebhookSubscription) => subscriptionToSqlRow(codec, subscription),
    rowToSubscription: (row: SubscriptionRowOf<T>) => sqlRowToSubscription(codec, row),
    messageToRow: (message: WebhookMessage) => messageToSqlRow(codec, message),
    rowToMessage: (row: MessageRowOf<T>) => sqlRowToMessage(codec, row),
    deliveryToRow: (delivery: WebhookDelivery) => deliveryToSqlRow(codec, delivery),
    rowToDelivery: (row: DeliveryRowOf<T>) => sqlRowToDelivery(codec, row),
    attemptToRow: (attempt: WebhookAttempt) => attemptToSqlRow(codec, attempt),
    rowToAttempt: (row: AttemptRowOf<T, number | string>) => sqlRowToAttempt(codec, row),
  };
}
