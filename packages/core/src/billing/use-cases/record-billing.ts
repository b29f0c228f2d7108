import { errAsync, ResultAsync } from 'neverthrow';
import type { z } from 'zod';
import type { CoreDeps } from '../../deps/index.js';
import { findUserByEmail } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { type BillingEvent, billingEventSchema } from '../billing-event.js';
import { emptySubscription, type Subscription, subscriptionSchema } from '../subscription.js';

/**
 * Subscription fields an operator sets; absent fields keep their recorded value (or the empty
 * record's default), and `null` clears a nullable field.
 */
export type SubscriptionChanges = Partial<
  Pick<Subscription, 'status' | 'plan' | 'currentPeriodEnd' | 'purchasedHandles' | 'providerCustomerId'>
>;

/**
 * Records what the billing system says about a user's subscription (operator action, `svc billing
 * set`). Creates the record on first use. Returns the full record as stored.
 */
export function recordBillingSubscription(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  email: string,
  changes: SubscriptionChanges,
): ResultAsync<Subscription, SvcError> {
  return findUserByEmail(deps, email)
    .map(async (user) => {
      const now = deps.clock.now();
      const current = (await deps.store.billing.getSubscription(user.id)) ?? emptySubscription(user.id, now);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      return { ...current, ...defined, updatedAt: now };
    })
    .andThen((record) =>
      saveChecked(subscriptionSchema, record, (s) => deps.store.billing.saveSubscription(s)),
    );
}

/** A billing event as the operator reports it. */
export type BillingEventInput = Omit<BillingEvent, 'id' | 'userId' | 'at'> & {
  /** When it happened; now when absent. */
  readonly at?: Date;
};

/** Appends a billing event to a user's log (operator action, `svc billing event`). */
export function recordBillingEvent(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids'>,
  email: string,
  input: BillingEventInput,
): ResultAsync<BillingEvent, SvcError> {
  return findUserByEmail(deps, email)
    .map((user) => ({ ...input, id: deps.ids.id('bill'), userId: user.id, at: input.at ?? deps.clock.now() }))
    .andThen((record) => saveChecked(billingEventSchema, record, (e) => deps.store.billing.addEvent(e)));
}

/**
 * Checks a record an operator action built against its schema (`validation_failed` naming the
 * first wrong field) and stores it as checked: the end of both billing actions.
 */
function saveChecked<T>(
  schema: z.ZodType<T>,
  record: unknown,
  save: (record: T) => Promise<void>,
): ResultAsync<T, SvcError> {
  const parsed = schema.safeParse(record);
  if (!parsed.success) return errAsync(invalid(parsed.error.issues));
  const checked = parsed.data;
  return ResultAsync.fromSafePromise(save(checked).then(() => checked));
}

function invalid(issues: readonly { path: PropertyKey[]; message: string }[]): SvcError {
  const first = issues[0];
  const field = first?.path.map(String).join('.') ?? '';
  return svcError(
    'validation_failed',
    `Invalid ${field || 'billing record'}: ${first?.message ?? 'invalid'}`,
    {
      field,
    },
  );
}
