import type { WebhookAttempt, WebhookDelivery } from '../webhook.js';
import type { SubscriptionHealth } from '../webhook-retry.js';
import type { AttemptResult } from './webhook-store.js';

/** What an attempt's history row records of its delivery. */
export type DeliveryKeys = Pick<WebhookDelivery, 'id' | 'subscriptionId' | 'messageId' | 'ownerId'>;

/** The small calls a store answers inside the transaction of a finished attempt (core's `finishAttemptScript`). */
export type FinishAttemptTx = {
  /**
   * If `leaseOwner` still holds the delivery's lease: writes `result` to it and releases the lease;
   * its keys. Null, with nothing written, when the lease was lost.
   */
  finishDelivery(deliveryId: string, leaseOwner: string, result: AttemptResult): DeliveryKeys | null;
  /** Appends the attempt to the delivery's history, with an id after every earlier attempt's. */
  recordAttempt(delivery: DeliveryKeys, attempt: WebhookAttempt): void;
  /** Applies an attempt's health changes to the subscription (only those given), if it is still there. */
  changeHealth(subscriptionId: string, health: SubscriptionHealth): void;
};
