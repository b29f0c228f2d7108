import type { LeaseClaim } from '../../kernel/index.js';
import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookMessage,
  WebhookSubscription,
} from '../webhook.js';
import type { AttemptNext, SubscriptionHealth } from '../webhook-retry.js';

/** The fields of a subscription its owner (or the service) may change after creating it. */
export const WEBHOOK_PATCHABLE_FIELDS = [
  'url',
  'events',
  'description',
  'accountIds',
  'sealedSecret',
  'previousSealedSecret',
  'previousSecretUntil',
  'enabled',
  'disabledReason',
  'disabledAt',
  'failingSince',
] as const;

/** A change to a subscription: the fields given are set, the others kept; `updatedAt` always. */
export type WebhookSubscriptionPatch = Partial<
  Pick<WebhookSubscription, (typeof WEBHOOK_PATCHABLE_FIELDS)[number]>
> & { readonly updatedAt: Date };

/**
 * The subscription after `patch`. Only the patchable fields are read from it, so an object that
 * carries more (a whole subscription, say) cannot change an id, an owner or a creation time.
 */
export function patchSubscription(
  subscription: WebhookSubscription,
  patch: WebhookSubscriptionPatch,
): WebhookSubscription {
  const changes: Record<string, unknown> = {};
  for (const field of WEBHOOK_PATCHABLE_FIELDS) {
    if (patch[field] !== undefined) changes[field] = patch[field];
  }
  return { ...subscription, ...changes, updatedAt: patch.updatedAt };
}

/** A fan-out worker asking for the journal consumer's cursor: a lease on one cursor, no limit. */
export type FanOutLeaseRequest = Omit<LeaseClaim, 'limit'> & {
  /** The consumer's name (one cursor per name). */
  readonly consumer: string;
};

/** The consumer's cursor, as a fan-out worker holding its lease reads it. */
export type FanOutCursor = {
  /** The journal position read up to (`listEvents`' `after`); null: from the journal's start. */
  readonly position: string | null;
};

/** What a fan-out worker made of the journal events between two positions. */
export type FanOutCommit = {
  readonly consumer: string;
  readonly leaseOwner: string;
  /** The position the worker read from: the commit applies only if the cursor is still there. */
  readonly from: string | null;
  /** The position it read up to: where the cursor moves. */
  readonly to: string;
  /**
   * Renews the lease until then with the move (the holder's next lease statement is then
   * due later); absent: the lease stays as it is.
   */
  readonly leaseUntil?: Date;
  readonly messages: readonly WebhookMessage[];
  /** Each refers to one of `messages`; at most one per (subscription, message). */
  readonly deliveries: readonly WebhookDelivery[];
};

/** A delivery worker asking for due deliveries. */
export type DeliveryClaimRequest = LeaseClaim & {
  /**
   * At most this many live leases per subscription, counting those other workers hold: one slow
   * endpoint then holds at most this many workers' slots, and never stalls other endpoints.
   */
  readonly perSubscription: number;
};

/** A claimed delivery with what sending it needs. */
export type ClaimedDelivery = {
  /** As it stands after the claim: leased, its attempt counted. */
  readonly delivery: WebhookDelivery;
  readonly message: WebhookMessage;
  /** The subscription as it stands now (its URL, secrets and filters may have changed since the fan-out). */
  readonly subscription: WebhookSubscription;
};

/** A delivery worker reporting an attempt it made under its lease. */
export type FinishAttemptRequest = {
  readonly deliveryId: string;
  readonly leaseOwner: string;
  readonly attempt: WebhookAttempt;
  readonly next: AttemptNext;
  readonly subscription?: SubscriptionHealth;
};

/** The delivery's fields a finished attempt sets (besides releasing the lease). */
export type AttemptResult = {
  readonly status: WebhookDeliveryStatus;
  readonly nextAttemptAt: Date | null;
  readonly deliveredAt: Date | null;
  /** When the attempt ended: the delivery's `updatedAt`. */
  readonly at: Date;
};

/** What a finished attempt makes of its delivery: every store writes exactly this. */
export function attemptResult(request: FinishAttemptRequest): AttemptResult {
  const { attempt, next } = request;
  const at = new Date(attempt.startedAt.getTime() + attempt.durationMs);
  return {
    status: next.status,
    nextAttemptAt: next.status === 'pending' ? next.at : null,
    deliveredAt: next.status === 'delivered' ? at : null,
    at,
  };
}

/** An attempt as the history keeps it, with its id (increasing in the order attempts were recorded). */
export type RecordedAttempt = WebhookAttempt & { readonly id: string };

/** A page of a subscription's attempts. */
export type AttemptPageRequest = {
  readonly limit: number;
  /** The `next` of the previous page; absent for the first page. */
  readonly before?: string;
};

/** Attempts, newest first, and the cursor of the page after (null on the last page). */
export type AttemptPage = {
  readonly attempts: readonly RecordedAttempt[];
  readonly next: string | null;
};

/**
 * Outgoing webhooks: subscriptions, the fan-out from the event journal into messages and
 * deliveries, and the delivery queue. Fan-out and delivery workers may run in several processes
 * at once (on PostgreSQL): the fan-out cursor is leased and moved by compare-and-set, deliveries
 * are leased one worker at a time, and every step that writes more than one row is one
 * transaction. An attempt is counted when it is claimed, before it is sent, so a crash means a
 * second delivery of the same message, never a missing one.
 *
 * Every read and write that takes an `ownerId` is scoped by it: another owner's ids behave as
 * missing. Sealed secrets are stored as they are given.
 */
export type WebhookStore = {
  /** Stores a new subscription; an id already there is a caller's fault (the store throws). */
  createSubscription(subscription: WebhookSubscription): Promise<void>;
  /** One of the owner's subscriptions, or null. */
  getSubscription(ownerId: string, id: string): Promise<WebhookSubscription | null>;
  /** The owner's subscriptions, newest first. */
  listSubscriptions(ownerId: string): Promise<readonly WebhookSubscription[]>;
  /** Applies `patchSubscription` to one of the owner's subscriptions; null when it is not there. */
  updateSubscription(
    ownerId: string,
    id: string,
    patch: WebhookSubscriptionPatch,
  ): Promise<WebhookSubscription | null>;
  /**
   * Removes one of the owner's subscriptions with its deliveries and attempts (messages stay: other
   * subscriptions may share them, and they are small). False when it was not there.
   */
  deleteSubscription(ownerId: string, id: string): Promise<boolean>;
  /** The enabled subscriptions of these owners, oldest first: the fan-out's lookup. */
  subscriptionsOf(ownerIds: readonly string[]): Promise<readonly WebhookSubscription[]>;

  /**
   * Takes the lease on the consumer's cursor, or renews it for the same owner, creating the cursor
   * at position null on first use. Null while another owner's lease is live (`leaseUntil` after
   * `now`). Race-free between processes: of several asking at once, one gets it.
   */
  leaseFanOut(request: FanOutLeaseRequest): Promise<FanOutCursor | null>;
  /**
   * In one transaction: if the consumer's lease is still `leaseOwner`'s and its cursor still at
   * `from`, stores the messages and deliveries and moves the cursor to `to`; true. False, with
   * nothing written, otherwise. Deliveries of subscriptions deleted meanwhile are left out. A
   * message id or a (subscription, message) pair already stored is a caller's fault: the store
   * throws, with nothing written.
   */
  commitFanOut(commit: FanOutCommit): Promise<boolean>;
  /**
   * Creates the consumer's cursor at `position` if it has none yet (a new installation starts at
   * the journal's end instead of replaying its history); otherwise does nothing.
   */
  startFanOutAt(consumer: string, position: string): Promise<void>;

  /**
   * Stores one message and its deliveries in one transaction (a ping, outside the fan-out), with
   * the same rules as `commitFanOut`.
   */
  enqueue(message: WebhookMessage, deliveries: readonly WebhookDelivery[]): Promise<void>;
  /**
   * Leases up to `limit` pending deliveries due at `now` (`nextAttemptAt` ≤ `now`) without a live
   * lease, of enabled subscriptions, oldest due first, to `leaseOwner` until `leaseUntil`; never
   * more than `perSubscription` live leases per subscription in all. Each claimed delivery's
   * `attempts` goes up by one. Several workers claiming at once never get the same delivery.
   */
  claimDeliveries(request: DeliveryClaimRequest): Promise<readonly ClaimedDelivery[]>;
  /**
   * In one transaction, if `leaseOwner` still holds the delivery's lease: appends the attempt to the
   * history, writes `attemptResult` to the delivery, releases the lease and applies the
   * subscription's health; true. False, with nothing written, when the lease was lost.
   */
  finishAttempt(request: FinishAttemptRequest): Promise<boolean>;
  /**
   * Gives a claimed delivery back unsent (its worker is shutting down): due at `at`, its claim's
   * attempt uncounted, the lease released. False when `leaseOwner` no longer holds it.
   */
  releaseDelivery(deliveryId: string, leaseOwner: string, at: Date): Promise<boolean>;
  /**
   * Sends one of the owner's deliveries again (whatever its status): pending, due at `now`, a new
   * round of attempts (0), no lease, not delivered. Its earlier attempts stay in the history. Null
   * when the owner has no such delivery on that subscription.
   */
  redeliver(
    ownerId: string,
    subscriptionId: string,
    deliveryId: string,
    now: Date,
  ): Promise<WebhookDelivery | null>;
  /**
   * Up to `limit` attempts of one of the owner's subscriptions, newest first, and the cursor of the
   * next page. A cursor the store did not hand out is a caller's fault: the store throws.
   */
  listAttempts(ownerId: string, subscriptionId: string, request: AttemptPageRequest): Promise<AttemptPage>;
  /** One of the owner's deliveries, or null. */
  getDelivery(ownerId: string, deliveryId: string): Promise<WebhookDelivery | null>;
  /** How many deliveries are pending, of every owner (metrics). */
  pendingCount(): Promise<number>;
  /**
   * Removes up to `limit` settled messages, oldest first, with their deliveries and attempts, in
   * one transaction: messages created before `before` none of whose deliveries is pending or
   * changed since `before` (delivered or given up longer ago; a message left without deliveries
   * by deleted subscriptions counts as settled). A message whose delivery is being redelivered at
   * the same moment is either kept or removed first (the redelivery then finds nothing); concurrent
   * calls remove each message once. Answers what went.
   */
  deleteSettledMessages(before: Date, limit: number): Promise<WebhookRetentionOutcome>;
};

/** What one webhook retention batch removed. */
export type WebhookRetentionOutcome = {
  readonly messages: number;
  readonly deliveries: number;
  readonly attempts: number;
};
