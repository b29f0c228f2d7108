import type { DomainEventType } from '../journal/index.js';

/**
 * The journal events an outgoing webhook subscription can ask for, by the name subscribers receive
 * them under. Some are renamed (`post.posted` is `post.published`), some are not offered (a
 * publisher's `post.publishing`, automations), and the list of webhook events is made from this
 * table so the two cannot disagree.
 */
export const WEBHOOK_EVENT_OF_JOURNAL = {
  'post.scheduled': 'post.scheduled',
  // A retried post is scheduled again: subscribers see it as such.
  'post.retry_requested': 'post.scheduled',
  'post.posted': 'post.published',
  // A published post's public link arrived after `post.published` (TikTok's moderation).
  'post.permalink_ready': 'post.permalink_ready',
  'post.failed': 'post.failed',
  'post.deleted': 'post.deleted',
  'post.restored': 'post.restored',
  // A copy of an evergreen post entered its queue (docs/queue.md, "Evergreen recycling").
  'post.recycled': 'post.recycled',
  // An evergreen post's period passed without a copy (`reason`: no slots, no figures, …).
  'post.recycle_skipped': 'post.recycle_skipped',
  'post.approval_requested': 'post.approval_requested',
  'post.approved': 'post.approved',
  'post.rejected': 'post.rejected',
  'account.connected': 'account.connected',
  // Fresh tokens for an account already there: connected again, as far as a subscriber cares.
  'account.reconnected': 'account.connected',
  'account.needs_reconnect': 'account.needs_reconnect',
  // A warning raised before a token lapses.
  'account.token_expiring': 'account.token_expiring',
  'media.ready': 'media.ready',
} as const satisfies Partial<Record<DomainEventType, string>>;

/**
 * The type of an event a webhook subscriber receives: a journal event's webhook name, or `ping`
 * (a test message sent on request, not a journal event at all).
 */
export type WebhookEventType =
  | (typeof WEBHOOK_EVENT_OF_JOURNAL)[keyof typeof WEBHOOK_EVENT_OF_JOURNAL]
  | 'ping';

/** What an outgoing webhook subscription can ask for, in the table's order, then `ping`. */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  ...new Set(Object.values(WEBHOOK_EVENT_OF_JOURNAL)),
  'ping',
];

/** An endpoint of an owner's that receives signed messages about the events it chose. */
export type WebhookSubscription = {
  readonly id: string;
  readonly ownerId: string;
  /** Where messages are POSTed (https; checked when created or changed, and again when sent). */
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly description: string | null;
  /** The connected accounts whose events it receives; null: every account of the owner. */
  readonly accountIds: readonly string[] | null;
  /** The signing secret (`whsec_…`), sealed by the SecretBox: the plain secret is never stored. */
  readonly sealedSecret: string;
  /** The secret before the last rotation, still signing alongside the new one until `previousSecretUntil`. */
  readonly previousSealedSecret: string | null;
  readonly previousSecretUntil: Date | null;
  /** False when its owner paused it or the service disabled it (`disabledReason` says which). */
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly disabledAt: Date | null;
  /**
   * The first failure of the current run of failures; null after a success. An endpoint failing
   * for long enough is disabled, and this is what "long enough" is measured from.
   */
  readonly failingSince: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

/** One event as subscribers receive it: the same bytes go to every subscription it fans out to. */
export type WebhookMessage = {
  /** `msg_…`: the Standard Webhooks `webhook-id`, the same on every retry and redelivery. */
  readonly id: string;
  readonly ownerId: string;
  readonly eventType: WebhookEventType;
  /** The journal position of the event it came from; null for a ping. */
  readonly sourcePosition: string | null;
  /** The JSON body, sent byte for byte (signatures are computed over exactly these bytes). */
  readonly payload: string;
  readonly createdAt: Date;
};

/** Where a delivery stands. */
export const WEBHOOK_DELIVERY_STATUSES = [
  /** Waiting for its next attempt (or being attempted, while a worker holds its lease). */
  'pending',
  /** The endpoint answered 2xx. */
  'delivered',
  /** Given up: retries exhausted, or the subscription was disabled. */
  'failed',
] as const;

/** The status of a delivery. */
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One message on its way to one subscription, retried under a delivery worker's lease. */
export type WebhookDelivery = {
  /** `dlv_…`. */
  readonly id: string;
  readonly subscriptionId: string;
  readonly messageId: string;
  readonly ownerId: string;
  readonly status: WebhookDeliveryStatus;
  /**
   * Attempts of the current round (a redelivery starts a new one). Counted when a worker claims
   * the delivery, before it sends, so a worker that dies mid-send still counts its attempt.
   */
  readonly attempts: number;
  /** When it is due; null once delivered or failed. */
  readonly nextAttemptAt: Date | null;
  /** The worker attempting it and until when; null when no worker holds it. */
  readonly leaseOwner: string | null;
  readonly leaseUntil: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deliveredAt: Date | null;
};

/** The longest response excerpt an attempt keeps; callers cut the body to it. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 1024;

/** One try at sending a delivery, kept in the subscription's history (retries and redeliveries too). */
export type WebhookAttempt = {
  readonly deliveryId: string;
  readonly subscriptionId: string;
  readonly messageId: string;
  readonly eventType: WebhookEventType;
  /** Its number within its round, from 1. */
  readonly attemptNumber: number;
  readonly startedAt: Date;
  readonly durationMs: number;
  /** The HTTP status answered; null when there was no answer (refused, timed out). */
  readonly statusCode: number | null;
  readonly outcome: 'delivered' | 'failed';
  /** Why it failed, for the owner to read (`timeout`, `refused: private address`); never a secret. */
  readonly error: string | null;
  /** The start of the response body, at most WEBHOOK_RESPONSE_EXCERPT_MAX characters. */
  readonly responseExcerpt: string | null;
};
