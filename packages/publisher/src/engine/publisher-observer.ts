import type { CommentReplyAnswer, Platform, PublishStep } from '@svc/core';

/**
 * How one publish ended for this publisher: `posted` and `failed` for good; `retry` back in the
 * queue after a transient failure (an attempt); `deferred` back in the queue without an attempt
 * (a platform quota); `waiting` handed back while the platform processes the media (any
 * publisher resumes it when the wait is over); `released` handed back because the publisher is
 * stopping; `lease_lost`
 * when another publisher took the post over; `error` when the publish crashed (its lease runs out
 * and another publisher resumes it).
 */
export type PublishResult =
  | 'posted'
  | 'failed'
  | 'retry'
  | 'deferred'
  | 'waiting'
  | 'released'
  | 'lease_lost'
  | 'error';

/**
 * One webhook delivery attempt: `delivered` (2xx); `retrying` failed and comes again; `given_up`
 * failed for the last time; `lease_lost` sent, but another worker holds the delivery now; `error`
 * a fault before the attempt was recorded (its lease runs out and it is sent again).
 */
export type WebhookDeliveryResult = 'delivered' | 'retrying' | 'given_up' | 'lease_lost' | 'error';

/**
 * The platform's answer to an automation's reply (after one token refresh, if it took one), or
 * `error` when the call threw (the comment's lease runs out and it is taken up again).
 */
export type CommentReplyResult = CommentReplyAnswer['kind'] | 'error';

/**
 * What the publisher's workers report while they work, so the server can count it (Prometheus
 * metrics) without the engines knowing how. Methods are called on the hot path: they must be
 * cheap and must not throw. Durations are wall-clock milliseconds; lags follow the `Clock` port.
 */
export type PublisherObserver = {
  /** A claim of due posts took `durationMs` and leased `count` of them. */
  claimed(durationMs: number, count: number): void;
  /** A post's first claim started its publish `lagMs` after its scheduled time. */
  publishStarted(platform: Platform, lagMs: number): void;
  /** One call of the platform's publish step took `durationMs` and answered `result` (a throw is `retry`). */
  stepTaken(platform: Platform, result: PublishStep['kind'], durationMs: number): void;
  /** A publish ended for this publisher; `postedLagMs` is the scheduled time to `posted`, else null. */
  publishEnded(platform: Platform, result: PublishResult, postedLagMs: number | null): void;
  /** One webhook delivery attempt ended after `durationMs`. */
  webhookDelivered(result: WebhookDeliveryResult, durationMs: number): void;
  /** A failed delivery disabled its endpoint (after days of failures). */
  webhookEndpointDisabled(): void;
  /** An automation's private or public reply to a comment went out, with the platform's answer. */
  commentReplied(reply: 'private' | 'public', result: CommentReplyResult): void;
};

/** The observer of a publisher nobody watches: every report is dropped. */
export const NO_PUBLISHER_OBSERVER: PublisherObserver = {
  claimed() {},
  publishStarted() {},
  stepTaken() {},
  publishEnded() {},
  webhookDelivered() {},
  webhookEndpointDisabled() {},
  commentReplied() {},
};
