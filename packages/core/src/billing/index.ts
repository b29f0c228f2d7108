// @svc/core/billing — Billing: subscriptions and billing events from the payment provider, and the billing summary.
// This file is the area's contract: other areas and packages import only what it exports.
export { type BillingEvent, billingEventSchema, type Money, moneySchema } from './billing-event.js';
export type { BillingStore } from './ports/billing-store.js';
export {
  emptySubscription,
  isSubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionStatus,
  subscriptionSchema,
} from './subscription.js';
export { truncateCustomerId } from './truncate-customer-id.js';
export {
  BILLING_SUMMARY_EVENTS,
  type BillingEventView,
  type BillingSummary,
  billingSummaryOf,
  getBillingSummary,
} from './use-cases/get-billing-summary.js';
export {
  type BillingEventInput,
  recordBillingEvent,
  recordBillingSubscription,
  type SubscriptionChanges,
} from './use-cases/record-billing.js';
