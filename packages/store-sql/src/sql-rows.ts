import { accountToSqlRow, sqlRowToAccount } from './account-row.js';
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
  billingEventToSqlRow,
  billingSubscriptionToSqlRow,
  sqlRowToBillingEvent,
  sqlRowToBillingSubscription,
} from './billing-row.js';
import { sqlRowToHeldBlobRemoval } from './blob-removal-row.js';
import { sqlRowToCollectionJob } from './collection-row.js';
import { connectionRequestToSqlRow, sqlRowToConnectionRequest } from './connection-request-row.js';
import { mediaAssetToSqlRow, sqlRowToMediaAsset } from './media-asset-row.js';
import { sqlRowsToPreferences } from './notification-preference-row.js';
import {
  notificationToSqlRow,
  sqlRowsToClaimedNotifications,
  sqlRowToNotification,
} from './notification-row.js';
import { oauthToSqlRow, sqlRowToOAuthRecord } from './oauth-row.js';
import { postToSqlRow, sqlRowToPost } from './post-row.js';
import {
  reviewDecisionToSqlRow,
  reviewLinkToSqlRow,
  sqlRowToReviewDecision,
  sqlRowToReviewLink,
} from './review-link-row.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';
import {
  attemptToSqlRow,
  deliveryToSqlRow,
  messageToSqlRow,
  sqlRowToAttempt,
  sqlRowToDelivery,
  sqlRowToMessage,
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
    accountToRow: bound(accountToSqlRow<T>),
    rowToAccount: bound(sqlRowToAccount<T>),
    apiKeyToRow: bound(apiKeyToSqlRow<T>),
    rowToApiKey: bound(sqlRowToApiKey<T>),
    approvalPolicyToRow: bound(approvalPolicyToSqlRow<T>),
    rowToApprovalPolicy: bound(sqlRowToApprovalPolicy<T>),
    approvalToRow: bound(approvalToSqlRow<T>),
    rowToApproval: bound(sqlRowToApproval<T>),
    rowToCollectionJob: bound(sqlRowToCollectionJob<T>),
    rowToHeldBlobRemoval: bound(sqlRowToHeldBlobRemoval<T>),
    mediaAssetToRow: bound(mediaAssetToSqlRow<T>),
    rowToMediaAsset: bound(sqlRowToMediaAsset<T>),
    oauthToRow: bound(oauthToSqlRow<T>),
    rowToOAuthRecord: bound(sqlRowToOAuthRecord<T>),
    billingSubscriptionToRow: bound(billingSubscriptionToSqlRow<T>),
    rowToBillingSubscription: bound(sqlRowToBillingSubscription<T>),
    billingEventToRow: bound(billingEventToSqlRow<T>),
    rowToBillingEvent: bound(sqlRowToBillingEvent<T>),
    connectionRequestToRow: bound(connectionRequestToSqlRow<T>),
    rowToConnectionRequest: bound(sqlRowToConnectionRequest<T>),
    automationToRow: bound(automationToSqlRow<T>),
    rowToAutomation: bound(sqlRowToAutomation<T>),
    commentToRow: bound(commentToSqlRow<T>),
    rowToCommentJob: bound(sqlRowToCommentJob<T>),
    subscriptionToRow: bound(subscriptionToSqlRow<T>),
    rowToSubscription: bound(sqlRowToSubscription<T>),
    messageToRow: bound(messageToSqlRow<T>),
    rowToMessage: bound(sqlRowToMessage<T>),
    deliveryToRow: bound(deliveryToSqlRow<T>),
    rowToDelivery: bound(sqlRowToDelivery<T>),
    attemptToRow: bound(attemptToSqlRow<T>),
    rowToAttempt: bound(sqlRowToAttempt<T>),
    notificationToRow: bound(notificationToSqlRow<T>),
    rowToNotification: bound(sqlRowToNotification<T>),
    rowsToClaimedNotifications: bound(sqlRowsToClaimedNotifications<T>),
    rowsToPreferences: bound(sqlRowsToPreferences<T>),
    reviewLinkToRow: bound(reviewLinkToSqlRow<T>),
    rowToReviewLink: bound(sqlRowToReviewLink<T>),
    reviewDecisionToRow: bound(reviewDecisionToSqlRow<T>),
    rowToReviewDecision: bound(sqlRowToReviewDecision<T>),
  };
}
