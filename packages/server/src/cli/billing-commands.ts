import {
  billingSummaryOf,
  type CoreDeps,
  findUserByEmail,
  isSubscriptionStatus,
  parseIsoDateTime,
  recordBillingEvent,
  recordBillingSubscription,
  SUBSCRIPTION_STATUSES,
  type SubscriptionChanges,
  type SvcError,
  type User,
} from '@svc/core';
import type { ResultAsync } from 'neverthrow';
import { type CliCommand, CliFailure, type CliIo, printJson } from './cli-command.js';
import { integer, orFail, required, stringOptions, withServices } from './command-support.js';

type Values = Readonly<Record<string, string | boolean | undefined>>;

/** `svc billing show`. */
export const billingShow: CliCommand = {
  name: 'billing show',
  summary: "Show a user's billing summary",
  help: `Usage: svc billing show --email EMAIL

Prints the billing summary the agent tool svc_get_billing_summary returns: subscription status,
plan, period end, purchased handles, the customer id truncated to its first and last 4
characters, the service plan, and the last 5 billing events (docs/billing.md).

Options:
  --email EMAIL    the user`,
  options: { email: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    return printBillingSummary(io, required(values, 'email'));
  },
};

/** `svc billing set`. */
export const billingSet: CliCommand = {
  name: 'billing set',
  summary: "Record a user's subscription as the billing system reports it",
  help: `Usage: svc billing set --email EMAIL [--status S] [--plan NAME] [--period-end ISO] [--handles N] [--customer-id ID]

Records what your billing system says about the user's subscription; nothing is charged and no
payment provider is called. Creates the record on first use (status none, 0 handles); options
left out keep their recorded value. Prints the billing summary, as svc billing show does.

Options:
  --email EMAIL         the user
  --status S            ${SUBSCRIPTION_STATUSES.join(', ')}
  --plan NAME           the billing plan's name, e.g. starter or pro ("none" clears it)
  --period-end ISO      end of the current billing period, e.g. 2026-02-15T00:00:00Z ("none" clears it)
  --handles N           extra account slots bought (0 or more)
  --customer-id ID      the payment provider's customer id, e.g. cus_... ("none" clears it)`,
  options: {
    email: { type: 'string' },
    status: { type: 'string' },
    plan: { type: 'string' },
    'period-end': { type: 'string' },
    handles: { type: 'string' },
    'customer-id': { type: 'string' },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const email = required(values, 'email');
    const changes = subscriptionChanges(values);
    if (Object.keys(changes).length === 0) {
      throw new CliFailure(
        'nothing to set: give at least one of --status, --plan, --period-end, --handles, --customer-id.',
        2,
      );
    }
    return printBillingSummary(io, email, (core, user) =>
      recordBillingSubscription(core, user.email, changes),
    );
  },
};

/** `svc billing event`. */
export const billingEvent: CliCommand = {
  name: 'billing event',
  summary: "Add an event to a user's billing history",
  help: `Usage: svc billing event --email EMAIL --type KIND [--amount MINOR [--currency EUR]] [--description TEXT] [--at ISO]

Appends one event your billing system reported (an invoice paid, a subscription changed) to the
user's billing history and prints the billing summary, which shows the last 5 events.

Options:
  --email EMAIL          the user
  --type KIND            lower-case, dotted by convention: invoice.paid, subscription.updated
                         (--kind is the same option)
  --amount MINOR         amount in minor units (cents); negative for refunds, as --amount=-500
  --currency CODE        three-letter currency code of the amount, e.g. EUR (default: not recorded)
  --description TEXT     a short note for the user (at most 500 characters)
  --at ISO               when it happened, e.g. 2026-01-31T09:00:00Z (default: now)`,
  options: stringOptions('email', 'type', 'kind', 'amount', 'currency', 'description', 'at'),
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const email = required(values, 'email');
    const kind = kindOption(values);
    const amount = moneyOption(values);
    const at = values.at === undefined ? undefined : dateOption(values.at, 'at');
    const description = typeof values.description === 'string' ? values.description : null;
    return printBillingSummary(io, email, (core, user) =>
      recordBillingEvent(core, user.email, {
        kind,
        amount,
        description,
        ...(at === undefined ? {} : { at }),
      }),
    );
  },
};

// Every billing command ends the same way: the user's billing summary, printed after what the
// command records (refused input being a usage error).
async function printBillingSummary(
  io: CliIo,
  email: string,
  record?: (core: CoreDeps, user: User) => ResultAsync<unknown, SvcError>,
): Promise<number> {
  const summary = await withServices(io, async ({ core }) => {
    const user = await orFail(findUserByEmail(core, email));
    if (record !== undefined) await orUsageFail(record(core, user));
    return billingSummaryOf(core, user);
  });
  printJson(io, summary);
  return 0;
}

// Only the options given become changes, so `set` never resets a field the operator left out.
function subscriptionChanges(values: Values): SubscriptionChanges {
  const changes: { -readonly [K in keyof SubscriptionChanges]: SubscriptionChanges[K] } = {};
  if (typeof values.status === 'string') {
    if (!isSubscriptionStatus(values.status)) {
      throw new CliFailure(`--status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}.`, 2);
    }
    changes.status = values.status;
  }
  if (typeof values.plan === 'string') changes.plan = clearable(values.plan);
  const periodEnd = values['period-end'];
  if (typeof periodEnd === 'string') {
    changes.currentPeriodEnd = clearable(periodEnd) === null ? null : dateOption(periodEnd, 'period-end');
  }
  const handles = integer(values.handles, 'handles');
  if (handles !== null) changes.purchasedHandles = handles;
  const customerId = values['customer-id'];
  if (typeof customerId === 'string') changes.providerCustomerId = clearable(customerId);
  return changes;
}

function clearable(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'none' ? null : trimmed;
}

function dateOption(value: string | boolean, name: string): Date {
  const date = typeof value === 'string' ? parseIsoDateTime(value) : null;
  if (date === null) {
    throw new CliFailure(
      `--${name} must be an ISO 8601 date-time with an offset, e.g. 2026-02-15T00:00:00Z.`,
      2,
    );
  }
  return date;
}

// `--type` is the contract's name (docs/contract.md); `--kind` matches the record's field.
function kindOption(values: Values): string {
  const { type, kind } = values;
  if (typeof type === 'string' && typeof kind === 'string' && type !== kind) {
    throw new CliFailure('--type and --kind are the same option; give one.', 2);
  }
  if (typeof type !== 'string' && typeof kind !== 'string') throw new CliFailure('--type is required.', 2);
  return required(values, typeof type === 'string' ? 'type' : 'kind');
}

function moneyOption(values: Values): { minor: number; currency: string | null } | null {
  const { amount, currency } = values;
  if (amount === undefined && currency === undefined) return null;
  if (typeof amount !== 'string') throw new CliFailure('--currency needs --amount.', 2);
  const minor = /^-?\d+$/.test(amount.trim()) ? Number(amount) : Number.NaN;
  if (!Number.isSafeInteger(minor)) {
    throw new CliFailure('--amount must be a whole number of minor units (cents), e.g. 1900.', 2);
  }
  if (typeof currency !== 'string') return { minor, currency: null };
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code))
    throw new CliFailure('--currency must be a three-letter code such as EUR.', 2);
  return { minor, currency: code };
}

// Input the use case finds invalid is a usage error (exit 2), like input refused here.
async function orUsageFail<T>(result: ResultAsync<T, SvcError>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) {
    throw new CliFailure(settled.error.message, settled.error.code === 'validation_failed' ? 2 : 1);
  }
  return settled.value;
}
