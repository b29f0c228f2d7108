import type { CoreDeps } from '../../deps/index.js';
import type { WebhookResponse, WebhookSender } from '../ports/webhook-sender.js';
import type { WebhookSigner } from '../ports/webhook-signer.js';
import type { ClaimedDelivery } from '../ports/webhook-store.js';
import type { WebhookAttempt } from '../webhook.js';
import { WEBHOOK_RESPONSE_EXCERPT_MAX } from '../webhook.js';
import { type AttemptOutcome, decideAfterAttempt, jitterOf } from '../webhook-retry.js';

/** What sending a delivery needs. */
export type DeliverDeps = Pick<CoreDeps, 'store' | 'clock' | 'secretBox'> & {
  readonly webhookSender: Pick<WebhookSender, 'send'>;
  readonly webhookSigner: WebhookSigner;
};

/** What came of one attempt. */
export type DeliveryResult = {
  readonly delivered: boolean;
  /** The lease was lost before the attempt was recorded (another worker has it now). */
  readonly lost: boolean;
  readonly statusCode: number | null;
  /** A failed attempt was the delivery's last: it is given up, not retried. */
  readonly gaveUp: boolean;
  /** The attempt disabled the endpoint after its days of failures (docs/webhooks.md). */
  readonly endpointDisabled: boolean;
};

/**
 * Sends one claimed delivery, signed with the subscription's secret (and the previous one for 24
 * hours after a rotation, as Standard Webhooks allows several signatures), and records the
 * attempt with what follows it: done, retried later, given up; and the endpoint disabled after
 * three days of failures. The claim counted the attempt before sending, so a crash here means the
 * message is sent again with the same `webhook-id`, never lost.
 */
export async function deliverWebhook(
  deps: DeliverDeps,
  claimed: ClaimedDelivery,
  leaseOwner: string,
): Promise<DeliveryResult> {
  const { delivery, message, subscription } = claimed;
  const startedAt = deps.clock.now();
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  const secrets = [subscription.sealedSecret];
  if (
    subscription.previousSealedSecret !== null &&
    subscription.previousSecretUntil !== null &&
    subscription.previousSecretUntil.getTime() > startedAt.getTime()
  ) {
    secrets.push(subscription.previousSealedSecret);
  }
  const signature = secrets
    .map((sealed) =>
      deps.webhookSigner.sign(deps.secretBox.open(sealed), message.id, timestamp, message.payload),
    )
    .join(' ');
  const response = await deps.webhookSender.send({
    url: subscription.url,
    body: message.payload,
    headers: {
      'content-type': 'application/json',
      'webhook-id': message.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    },
  });
  const delivered = response.kind === 'answered' && response.status >= 200 && response.status < 300;
  const error = delivered ? null : errorOf(response);
  const outcome: AttemptOutcome = delivered
    ? { delivered: true }
    : {
        delivered: false,
        retryAfterMs: response.kind === 'answered' ? response.retryAfterMs : null,
        error: error ?? 'failed',
      };
  const now = deps.clock.now();
  const decision = decideAfterAttempt({
    attempts: delivery.attempts,
    outcome,
    now,
    failingSince: subscription.failingSince,
    jitter: jitterOf(`${delivery.id}:${delivery.attempts}`),
  });
  const statusCode = response.kind === 'answered' ? response.status : null;
  const attempt: WebhookAttempt = {
    deliveryId: delivery.id,
    subscriptionId: subscription.id,
    messageId: message.id,
    eventType: message.eventType,
    attemptNumber: delivery.attempts,
    startedAt,
    durationMs: Math.max(0, Math.round(response.durationMs)),
    statusCode,
    outcome: delivered ? 'delivered' : 'failed',
    error,
    responseExcerpt:
      response.kind === 'answered' ? response.excerpt.slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX) : null,
  };
  const recorded = await deps.store.webhooks.finishAttempt({
    deliveryId: delivery.id,
    leaseOwner,
    attempt,
    next: decision.next,
    subscription: decision.health,
  });
  return {
    delivered,
    lost: !recorded,
    statusCode,
    gaveUp: recorded && decision.next.status === 'failed',
    endpointDisabled: recorded && decision.health.disable !== undefined,
  };
}

function errorOf(response: WebhookResponse): string {
  if (response.kind === 'answered') return `HTTP ${response.status}`;
  return response.reason === 'timeout'
    ? 'timeout'
    : `${response.reason.replace('_', ' ')}: ${response.detail}`;
}
