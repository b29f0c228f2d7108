import type {
  AttemptNext,
  ClaimedDelivery,
  DeliveryClaimRequest,
  SubscriptionHealth,
  WebhookAttempt,
  WebhookDelivery,
  WebhookMessage,
  WebhookStore,
  WebhookSubscription,
} from '../webhooks/index.js';
import { aUser, aWebhookDelivery, aWebhookMessage, aWebhookSubscription } from './builders.js';

// What the webhook store contract's delivery and attempt parts share.

/** The time the builders date everything at. */
export const T0 = new Date('2026-01-15T12:00:00.000Z');
/** `seconds` after T0. */
export const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
/** How long `claim` leases for. */
export const LEASE_SECONDS = 60;

/** A message and a pending delivery of it to each subscription (all of one owner), stored with `enqueue`. */
export async function enqueueTo(
  store: WebhookStore,
  subscriptions: readonly WebhookSubscription[],
  delivery: Partial<WebhookDelivery> = {},
  message: Partial<WebhookMessage> = {},
): Promise<{ message: WebhookMessage; deliveries: WebhookDelivery[] }> {
  const [first] = subscriptions;
  if (first === undefined) throw new Error('enqueueTo needs a subscription');
  const stored = aWebhookMessage(first.ownerId, message);
  const deliveries = subscriptions.map((s) => aWebhookDelivery(s, stored, delivery));
  await store.enqueue(stored, deliveries);
  return { message: stored, deliveries };
}

/** Claims at `now` (seconds after T0) for a minute, ten at most, ten per subscription unless told. */
export const claim = (
  store: WebhookStore,
  now: number,
  leaseOwner = 'worker-a',
  request: Partial<DeliveryClaimRequest> = {},
) =>
  store.claimDeliveries({
    now: at(now),
    leaseOwner,
    leaseUntil: at(now + LEASE_SECONDS),
    limit: 10,
    perSubscription: 10,
    ...request,
  });

/** The ids of claimed deliveries, in claim order. */
export const idsOf = (claimed: readonly ClaimedDelivery[]) => claimed.map((c) => c.delivery.id);

/** The attempt a worker made of a claimed delivery, starting at `startedAt` (seconds after T0). */
export const attemptOf = (
  claimed: ClaimedDelivery,
  startedAt: number,
  overrides: Partial<WebhookAttempt> = {},
): WebhookAttempt => ({
  deliveryId: claimed.delivery.id,
  subscriptionId: claimed.delivery.subscriptionId,
  messageId: claimed.message.id,
  eventType: claimed.message.eventType,
  attemptNumber: claimed.delivery.attempts,
  startedAt: at(startedAt),
  durationMs: 250,
  statusCode: 503,
  outcome: 'failed',
  error: 'status 503',
  responseExcerpt: 'Service Unavailable',
  ...overrides,
});

/** Reports an attempt of `claimed` by `leaseOwner`. */
export const finish = (
  store: WebhookStore,
  claimed: ClaimedDelivery,
  leaseOwner: string,
  next: AttemptNext,
  attempt: Partial<WebhookAttempt> = {},
  subscription?: SubscriptionHealth,
) =>
  store.finishAttempt({
    deliveryId: claimed.delivery.id,
    leaseOwner,
    attempt: attemptOf(claimed, 10, attempt),
    next,
    ...(subscription === undefined ? {} : { subscription }),
  });

/** The single claimed delivery of a claim, which must have taken exactly one. */
export function only(claimed: readonly ClaimedDelivery[]): ClaimedDelivery {
  const [one, ...more] = claimed;
  if (one === undefined || more.length > 0)
    throw new Error(`Expected one claimed delivery, got ${claimed.length}`);
  return one;
}

/** A new owner with `count` subscriptions, created a second apart. */
export async function anOwnerWith(
  store: WebhookStore,
  count: number,
  overrides: Partial<WebhookSubscription> = {},
) {
  const owner = aUser();
  const subscriptions = Array.from({ length: count }, (_, i) =>
    aWebhookSubscription(owner.id, { createdAt: at(i), ...overrides }),
  );
  for (const s of subscriptions) await store.createSubscription(s);
  return { owner, subscriptions };
}
