import type { WebhookDelivery, WebhookMessage } from '../webhook.js';

/** The small calls a store answers inside the transaction of a fan-out's commit (core's `commitFanOutScript`). */
export type FanOutTx = {
  /**
   * Moves the consumer's cursor to `to` if `leaseOwner` holds its lease and it is still at `from`
   * (null: never moved), and renews the lease until `leaseUntil` when given; whether it moved.
   */
  moveFanOut(
    consumer: string,
    leaseOwner: string,
    from: string | null,
    to: string,
    leaseUntil: Date | null,
  ): boolean;
  /**
   * Stores the messages and the deliveries whose subscription is still there. A message id or a
   * (subscription, message) pair already stored throws, for the transaction to roll back.
   */
  insertMessages(messages: readonly WebhookMessage[], deliveries: readonly WebhookDelivery[]): void;
};
