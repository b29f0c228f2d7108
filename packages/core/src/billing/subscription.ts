import { z } from 'zod';

/**
 * Subscription statuses as the operator's billing system reports them; `none` means no
 * subscription was ever recorded (or it was cleared), which is different from `canceled`.
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'none'] as const;

/** A subscription status. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Whether a string is a subscription status (CLI input). */
export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/**
 * What the operator's billing system says about one user's subscription. We never call a payment
 * provider: the operator records these fields (`svc billing set`) and we only show them.
 */
export const subscriptionSchema = z.object({
  userId: z.string().min(1),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The billing plan's name (`starter`, `pro`, …); null until the operator records one. */
  plan: z.string().min(1).max(64).nullable(),
  currentPeriodEnd: z.date().nullable(),
  /** Extra account slots bought on top of the plan. */
  purchasedHandles: z.number().int().nonnegative(),
  /** The payment provider's customer id (`cus_…`); stored whole, only ever shown truncated. */
  providerCustomerId: z.string().min(1).max(255).nullable(),
  updatedAt: z.date(),
});

/** One user's subscription record. */
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The record of a user the operator has not recorded anything for yet. */
export function emptySubscription(userId: string, at: Date): Subscription {
  return {
    userId,
    status: 'none',
    plan: null,
    currentPeriodEnd: null,
    purchasedHandles: 0,
    providerCustomerId: null,
    updatedAt: at,
  };
}
