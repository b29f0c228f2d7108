import type { WebhookSubscription } from '../webhook.js';

/** The small calls a store answers inside the transaction of a subscription's patch (core's `patchSubscriptionScript`). */
export type SubscriptionPatchTx = {
  /** One of the owner's subscriptions, held against other writers until the transaction ends; or null. */
  subscriptionForUpdate(ownerId: string, id: string): WebhookSubscription | null;
  /** Writes the subscription's changeable fields (id, owner and creation time stay). */
  saveSubscription(subscription: WebhookSubscription): void;
};
