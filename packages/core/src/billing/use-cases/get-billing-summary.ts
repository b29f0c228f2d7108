import { ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorOwner, type PlanState, planStateAt, useCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { Money } from '../billing-event.js';
import type { SubscriptionStatus } from '../subscription.js';
import { truncateCustomerId } from '../truncate-customer-id.js';

/** How many billing events the summary shows. */
export const BILLING_SUMMARY_EVENTS = 5;

/** One billing event as the summary shows it (its id and owner are left out). */
export type BillingEventView = {
  readonly kind: string;
  readonly at: Date;
  readonly amount: Money | null;
  readonly description: string | null;
};

/**
 * What `svc_get_billing_summary` and `svc billing show` return: the recorded subscription, the
 * service plan that actually governs access, and the latest events. Never a payment method, and
 * the provider's customer id only truncated.
 */
export type BillingSummary = {
  /** `none` when the operator never recorded a subscription for the user. */
  readonly status: SubscriptionStatus;
  readonly plan: string | null;
  readonly currentPeriodEnd: Date | null;
  readonly purchasedHandles: number;
  /** First 4 and last 4 characters of the provider's customer id (`cus_…4242`), or null. */
  readonly customerId: string | null;
  /**
   * The service plan (docs/plans.md) next to the billing record, because that is what decides
   * access; an agent explains a `none` or `past_due` subscription with it.
   */
  readonly servicePlan: {
    readonly state: PlanState;
    readonly trialEndsAt: Date | null;
    readonly betaTester: boolean;
  };
  /** The latest events, newest first. */
  readonly recentEvents: readonly BillingEventView[];
};

type Deps = Pick<CoreDeps, 'store' | 'clock'>;

/**
 * The caller's billing summary (scope `account:read`, team action `billing:read`: admins and
 * owners, docs/teams.md). Billing belongs to the workspace, not to a connected account, so a key
 * limited to some accounts sees it too: it holds no account data.
 */
export function getBillingSummary(deps: Deps, actor: Actor): ResultAsync<BillingSummary, SvcError> {
  return useCase(
    actor,
    { scope: 'account:read', action: 'billing:read' },
    async (): Promise<Result<BillingSummary, SvcError>> => {
      return ok(await billingSummaryOf(deps, actorOwner(actor)));
    },
  );
}

/** The billing summary of a user, without a scope check (the operator's `svc billing show`). */
export async function billingSummaryOf(deps: Deps, user: Actor['user']): Promise<BillingSummary> {
  const [subscription, events] = await Promise.all([
    deps.store.billing.getSubscription(user.id),
    deps.store.billing.lastEvents(user.id, BILLING_SUMMARY_EVENTS),
  ]);
  return {
    status: subscription?.status ?? 'none',
    plan: subscription?.plan ?? null,
    currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
    purchasedHandles: subscription?.purchasedHandles ?? 0,
    customerId:
      subscription?.providerCustomerId == null ? null : truncateCustomerId(subscription.providerCustomerId),
    servicePlan: {
      state: planStateAt(user, deps.clock.now()),
      trialEndsAt: user.plan.kind === 'trial' ? user.plan.endsAt : null,
      betaTester: user.betaTester,
    },
    recentEvents: events.map((e) => ({
      kind: e.kind,
      at: e.at,
      amount: e.amount,
      description: e.description,
    })),
  };
}
