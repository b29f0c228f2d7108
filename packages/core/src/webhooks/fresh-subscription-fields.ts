import type { WebhookSubscription } from './webhook.js';

/** The fields a subscription starts with: one secret, enabled, no failures yet. */
export type FreshSubscriptionFields = Pick<
  WebhookSubscription,
  | 'previousSealedSecret'
  | 'previousSecretUntil'
  | 'enabled'
  | 'disabledReason'
  | 'disabledAt'
  | 'failingSince'
  | 'createdAt'
  | 'updatedAt'
>;

/** The state of a subscription made at `now`, before any rotation, pause or failed delivery. */
export function freshSubscriptionFields(now: Date): FreshSubscriptionFields {
  return {
    previousSealedSecret: null,
    previousSecretUntil: null,
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: now,
    updatedAt: now,
  };
}
