import type {
  CollectionJob,
  ConnectedAccount,
  ConnectionRequest,
  Notification,
  StoredPasskey,
  StoredTotp,
  Subscription,
  WebhookDelivery,
  WebhookMessage,
} from '@svc/core';
import { ACCOUNT_MAP, type AccountRowOf } from './account-row.js';
import { apiKeyToSqlRow, sqlRowToApiKey } from './api-key-row.js';
import { approvalPolicyToSqlRow, sqlRowToApprovalPolicy } from './approval-policy-row.js';
import { approvalToSqlRow, sqlRowToApproval } from './approval-row.js';
import {
  automationToSqlRow,
  commentToSqlRow,
  sqlRowToAutomation,
  sqlRowToCommentJob,
} from './automation-row.js';
import {
  type BillingSubscriptionRowOf,
  billingEventToSqlRow,
  SUBSCRIPTION_MAP,
  sqlRowToBillingEvent,
} from './billing-row.js';
import { sqlRowToHeldBlobRemoval } from './blob-removal-row.js';
import { COLLECTION_JOB_MAP, type CollectionJobRowOf } from './collection-row.js';
import { columnMapped } from './column-map.js';
import { CONNECTION_REQUEST_MAP, type ConnectionRequestRowOf } from './connection-request-row.js';
import { mediaAssetToSqlRow, sqlRowToMediaAsset } from './media-asset-row.js';
import { sqlRowsToPreferences } from './notification-preference-row.js';
import {
  NOTIFICATION_MAP,
  type NotificationRowOf,
  sqlRowsToClaimedNotifications,
} from './notification-row.js';
import { oauthToSqlRow, sqlRowToOAuthRecord } from './oauth-row.js';
import { postToSqlRow, sqlRowToPost } from './post-row.js';
import {
  reviewDecisionToSqlRow,
  reviewLinkToSqlRow,
  sqlRowToReviewDecision,
  sqlRowToReviewLink,
} from './review-link-row.js';
import { PASSKEY_MAP, type PasskeyRowOf, TOTP_MAP, type TotpRowOf } from './second-factor-row.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';
import {
  attemptToSqlRow,
  DELIVERY_MAP,
  type DeliveryRowOf,
  MESSAGE_MAP,
  type MessageRowOf,
  sqlRowToAttempt,
  sqlRowToSubscription,
  subscriptionToSqlRow,
} from './webhook-row.js';
import {
  invitationToSqlRow,
  memberToSqlRow,
  sqlRowToInvitation,
  sqlRowToMember,
  sqlRowToMembership,
  sqlRowToWorkspace,
  workspaceToSqlRow,
} from './workspace-row.js';

/**
 * Every shared row mapper bound to one dialect's codec, so a dialect's row file takes the ones it
 * needs in one line and its stores call `rowToPost(row)` as they always did.
 */
export function sqlRows<T extends SqlTypes>(codec: SqlCodec<T>) {
  // A mapper of this package with the dialect's codec as its first argument, bound to it.
  const bound =
    <A, R>(mapper: (codec: SqlCodec<T>, value: A) => R) =>
    (value: A): R =>
      mapper(codec, value);
  // The tables written as a column map: both mappers come from the map.
  const account = columnMapped<T, ConnectedAccount, AccountRowOf<T>>(codec, ACCOUNT_MAP);
  const billingSubscription = columnMapped<T, Subscription, BillingSubscriptionRowOf<T>>(
    codec,
    SUBSCRIPTION_MAP,
  );
  const collectionJob = columnMapped<T, CollectionJob, CollectionJobRowOf<T>>(codec, COLLECTION_JOB_MAP);
  const connectionRequest = columnMapped<T, ConnectionRequest, ConnectionRequestRowOf<T>>(
    codec,
    CONNECTION_REQUEST_MAP,
  );
  const notification = columnMapped<T, Notification, NotificationRowOf<T>>(codec, NOTIFICATION_MAP);
  const message = columnMapped<T, WebhookMessage, MessageRowOf<T>>(codec, MESSAGE_MAP);
  const delivery = columnMapped<T, WebhookDelivery, DeliveryRowOf<T>>(codec, DELIVERY_MAP);
  const totp = columnMapped<T, StoredTotp, TotpRowOf<T>>(codec, TOTP_MAP);
  const passkey = columnMapped<T, StoredPasskey, PasskeyRowOf<T>>(codec, PASSKEY_MAP);
  return {
    workspaceToRow: bound(workspaceToSqlRow<T>),
    rowToWorkspace: bound(sqlRowToWorkspace<T>),
    memberToRow: bound(memberToSqlRow<T>),
    rowToMember: bound(sqlRowToMember<T>),
    invitationToRow: bound(invitationToSqlRow<T>),
    rowToInvitation: bound(sqlRowToInvitation<T>),
    rowToMembership: bound(sqlRowToMembership<T>),
    postToRow: bound(postToSqlRow<T>),
    rowToPost: bound(sqlRowToPost<T>),
    apiKeyToRow: bound(apiKeyToSqlRow<T>),
    rowToApiKey: bound(sqlRowToApiKey<T>),
    approvalPolicyToRow: bound(approvalPolicyToSqlRow<T>),
    rowToApprovalPolicy: bound(sqlRowToApprovalPolicy<T>),
    approvalToRow: bound(approvalToSqlRow<T>),
    rowToApproval: bound(sqlRowToApproval<T>),
    rowToHeldBlobRemoval: bound(sqlRowToHeldBlobRemoval<T>),
    mediaAssetToRow: bound(mediaAssetToSqlRow<T>),
    rowToMediaAsset: bound(sqlRowToMediaAsset<T>),
    oauthToRow: bound(oauthToSqlRow<T>),
    rowToOAuthRecord: bound(sqlRowToOAuthRecord<T>),
    billingEventToRow: bound(billingEventToSqlRow<T>),
    rowToBillingEvent: bound(sqlRowToBillingEvent<T>),
    automationToRow: bound(automationToSqlRow<T>),
    rowToAutomation: bound(sqlRowToAutomation<T>),
    commentToRow: bound(commentToSqlRow<T>),
    rowToCommentJob: bound(sqlRowToCommentJob<T>),
    subscriptionToRow: bound(subscriptionToSqlRow<T>),
    rowToSubscription: bound(sqlRowToSubscription<T>),
    attemptToRow: bound(attemptToSqlRow<T>),
    rowToAttempt: bound(sqlRowToAttempt<T>),
    rowsToClaimedNotifications: bound(sqlRowsToClaimedNotifications<T>),
    rowsToPreferences: bound(sqlRowsToPreferences<T>),
    reviewLinkToRow: bound(reviewLinkToSqlRow<T>),
    rowToReviewLink: bound(sqlRowToReviewLink<T>),
    reviewDecisionToRow: bound(reviewDecisionToSqlRow<T>),
    rowToReviewDecision: bound(sqlRowToReviewDecision<T>),
    // From the column maps above.
    accountToRow: account.toRow,
    rowToAccount: account.fromRow,
    billingSubscriptionToRow: billingSubscription.toRow,
    rowToBillingSubscription: billingSubscription.fromRow,
    rowToCollectionJob: collectionJob.fromRow,
    connectionRequestToRow: connectionRequest.toRow,
    rowToConnectionRequest: connectionRequest.fromRow,
    notificationToRow: notification.toRow,
    rowToNotification: notification.fromRow,
    messageToRow: message.toRow,
    rowToMessage: message.fromRow,
    deliveryToRow: delivery.toRow,
    rowToDelivery: delivery.fromRow,
    rowToTotp: totp.fromRow,
    passkeyToRow: passkey.toRow,
    rowToPasskey: passkey.fromRow,
  };
}
