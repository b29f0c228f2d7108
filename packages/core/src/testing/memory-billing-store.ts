import type { BillingEvent, BillingStore, Subscription } from '../billing/index.js';
import { copy, copyOrNull, insertCopy } from './memory-copy.js';

/**
 * The BillingStore part of the memory store. `live` throws once the store is closed; values are
 * copied in and out like everywhere in the memory store.
 */
export function createMemoryBillingStore(live: () => void): BillingStore {
  const subscriptions = new Map<string, Subscription>();
  const events = new Map<string, BillingEvent>();
  return {
    async getSubscription(userId) {
      live();
      return copyOrNull(subscriptions.get(userId));
    },
    async saveSubscription(subscription) {
      live();
      subscriptions.set(subscription.userId, copy(subscription));
    },
    async addEvent(event) {
      live();
      insertCopy(events, 'Billing event', event);
    },
    async lastEvents(userId, limit) {
      live();
      return [...events.values()]
        .filter((e) => e.userId === userId)
        .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1))
        .slice(0, Math.max(0, limit))
        .map(copy);
    },
  };
}
