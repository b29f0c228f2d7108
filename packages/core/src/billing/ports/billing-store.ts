import type { BillingEvent } from '../billing-event.js';
import type { Subscription } from '../subscription.js';

/** Storage of billing records (subscriptions and billing events), as the operator records them. */
export type BillingStore = {
  /** The user's subscription record; null when none was ever saved. */
  getSubscription(userId: string): Promise<Subscription | null>;
  /** Inserts or replaces the user's one subscription record. */
  saveSubscription(subscription: Subscription): Promise<void>;
  /** Stores a new event; an id that already exists is a fault. */
  addEvent(event: BillingEvent): Promise<void>;
  /** The user's latest `limit` events, newest `at` first (ties: newest id first). */
  lastEvents(userId: string, limit: number): Promise<readonly BillingEvent[]>;
};
