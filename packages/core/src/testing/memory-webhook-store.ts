// The WebhookStore in memory. It stays whole: subscriptions, messages, deliveries, attempts, pairs
// and the fan-out cursors are six private tables that most operations read or change together
// (deleting a subscription removes its deliveries and attempts, a commit writes messages and
// deliveries), so parts of it would each need them all.

import { runScript } from '../kernel/index.js';
import {
  type ClaimedDelivery,
  commitFanOutScript,
  type FanOutTx,
  type FinishAttemptTx,
  finishAttemptScript,
  patchSubscriptionScript,
  type RecordedAttempt,
  type SubscriptionPatchTx,
  type WebhookDelivery,
  type WebhookMessage,
  type WebhookStore,
  type WebhookSubscription,
} from '../webhooks/index.js';
import { copy, insertCopy } from './memory-copy.js';
import { heldBy } from './memory-lease.js';
import { inMemoryTransaction, type Undo } from './memory-transaction.js';

type Consumer = { position: string | null; leaseOwner: string | null; leaseUntil: Date | null };
type StoredAttempt = RecordedAttempt & { readonly ownerId: string; readonly serial: number };

const pairKey = (subscriptionId: string, messageId: string) => `${subscriptionId}\u0000${messageId}`;
// Plain code-unit order, as the SQL stores compare ids (BINARY in SQLite, "C" in PostgreSQL).
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const isLive = (leaseUntil: Date | null, now: Date) =>
  leaseUntil !== null && leaseUntil.getTime() > now.getTime();
/** A count from a caller: below one (NaN too) is none. */
const countOf = (n: number) => (n >= 1 ? Math.floor(n) : 0);

/**
 * The WebhookStore in memory, with the behaviour of the SQL stores (same contract suite). Each
 * operation checks everything before it writes anything, so a refused one leaves no trace.
 */
export function createMemoryWebhookStore(live: () => void): WebhookStore {
  const subscriptions = new Map<string, WebhookSubscription>();
  const messages = new Map<string, WebhookMessage>();
  const deliveries = new Map<string, WebhookDelivery>();
  const pairs = new Set<string>();
  const attempts: StoredAttempt[] = [];
  const consumers = new Map<string, Consumer>();
  let attemptSerial = 0;

  const ownSubscription = (ownerId: string, id: string) => {
    const found = subscriptions.get(id);
    return found?.ownerId === ownerId ? found : null;
  };
  const ownDelivery = (ownerId: string, id: string) => {
    const found = deliveries.get(id);
    return found?.ownerId === ownerId ? found : null;
  };

  /** Stores messages and their deliveries, leaving out those of missing subscriptions; throws first on a clash. */
  const insert = (added: readonly WebhookMessage[], addedDeliveries: readonly WebhookDelivery[]) => {
    const messageIds = new Set<string>();
    for (const message of added) {
      if (messages.has(message.id) || messageIds.has(message.id))
        throw new Error(`Webhook message ${message.id} already exists.`);
      messageIds.add(message.id);
    }
    const kept = addedDeliveries.filter((d) => subscriptions.has(d.subscriptionId));
    const keys = new Set<string>();
    const ids = new Set<string>();
    for (const delivery of kept) {
      const key = pairKey(delivery.subscriptionId, delivery.messageId);
      if (pairs.has(key) || keys.has(key))
        throw new Error(
          `Message ${delivery.messageId} already has a delivery to ${delivery.subscriptionId}.`,
        );
      if (deliveries.has(delivery.id) || ids.has(delivery.id))
        throw new Error(`Webhook delivery ${delivery.id} already exists.`);
      if (!messages.has(delivery.messageId) && !messageIds.has(delivery.messageId))
        throw new Error(`Webhook delivery ${delivery.id} refers to no stored message.`);
      keys.add(key);
      ids.add(delivery.id);
    }
    for (const message of added) messages.set(message.id, copy(message));
    for (const delivery of kept) {
      deliveries.set(delivery.id, copy(delivery));
      pairs.add(pairKey(delivery.subscriptionId, delivery.messageId));
    }
  };

  const claimable = (d: WebhookDelivery, now: Date) =>
    d.status === 'pending' &&
    d.nextAttemptAt !== null &&
    d.nextAttemptAt.getTime() <= now.getTime() &&
    !isLive(d.leaseUntil, now) &&
    subscriptions.get(d.subscriptionId)?.enabled === true;

  // The small calls of core's patchSubscriptionScript.
  const patchTx: SubscriptionPatchTx = {
    subscriptionForUpdate: (ownerId, id) => {
      const found = ownSubscription(ownerId, id);
      return found === null ? null : copy(found);
    },
    saveSubscription: (subscription) => {
      subscriptions.set(subscription.id, copy(subscription));
    },
  };

  // The small calls of core's commitFanOutScript. The cursor moves first, so the move records how
  // to undo it, for when the insert after it throws on a clash.
  const fanOutTx = (undo: Undo[]): FanOutTx => ({
    moveFanOut: (consumer, leaseOwner, from, to, leaseUntil) => {
      const row = consumers.get(consumer);
      if (row === undefined || row.leaseOwner !== leaseOwner || row.position !== from) return false;
      undo.push(() => consumers.set(consumer, row));
      consumers.set(consumer, { ...row, position: to, leaseUntil: leaseUntil ?? row.leaseUntil });
      return true;
    },
    insertMessages: insert,
  });

  // The small calls of core's finishAttemptScript; none throws after another wrote.
  const finishTx: FinishAttemptTx = {
    finishDelivery: (deliveryId, leaseOwner, result) => {
      const delivery = heldBy(deliveries, deliveryId, leaseOwner);
      if (delivery === null) return null;
      deliveries.set(delivery.id, {
        ...delivery,
        status: result.status,
        nextAttemptAt: result.nextAttemptAt,
        deliveredAt: result.deliveredAt,
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: result.at,
      });
      return delivery;
    },
    recordAttempt: (delivery, attempt) => {
      attemptSerial += 1;
      attempts.push({
        ...copy(attempt),
        id: String(attemptSerial),
        serial: attemptSerial,
        deliveryId: delivery.id,
        subscriptionId: delivery.subscriptionId,
        messageId: delivery.messageId,
        ownerId: delivery.ownerId,
      });
    },
    changeHealth: (subscriptionId, health) => {
      const subscription = subscriptions.get(subscriptionId);
      if (subscription === undefined) return;
      subscriptions.set(subscription.id, {
        ...subscription,
        ...(health.failingSince === undefined ? {} : { failingSince: copy(health.failingSince) }),
        ...(health.disable === undefined
          ? {}
          : {
              enabled: false,
              disabledReason: health.disable.reason,
              disabledAt: new Date(health.disable.at),
              updatedAt: new Date(health.disable.at),
            }),
      });
    },
  };

  return {
    async createSubscription(subscription) {
      live();
      insertCopy(subscriptions, 'Webhook subscription', subscription);
    },
    async getSubscription(ownerId, id) {
      live();
      const found = ownSubscription(ownerId, id);
      return found === null ? null : copy(found);
    },
    async listSubscriptions(ownerId) {
      live();
      return [...subscriptions.values()]
        .filter((s) => s.ownerId === ownerId)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(b, a))
        .map(copy);
    },
    async updateSubscription(ownerId, id, patch) {
      live();
      return runScript(patchSubscriptionScript(ownerId, id, copy(patch)), patchTx);
    },
    async deleteSubscription(ownerId, id) {
      live();
      if (ownSubscription(ownerId, id) === null) return false;
      subscriptions.delete(id);
      for (const d of [...deliveries.values()].filter((d) => d.subscriptionId === id)) {
        deliveries.delete(d.id);
        pairs.delete(pairKey(d.subscriptionId, d.messageId));
      }
      attempts.splice(0, attempts.length, ...attempts.filter((a) => a.subscriptionId !== id));
      return true;
    },
    async subscriptionsOf(ownerIds) {
      live();
      const owners = new Set(ownerIds);
      return [...subscriptions.values()]
        .filter((s) => s.enabled && owners.has(s.ownerId))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || byId(a, b))
        .map(copy);
    },

    async leaseFanOut({ consumer, leaseOwner, now, leaseUntil }) {
      live();
      const row = consumers.get(consumer) ?? { position: null, leaseOwner: null, leaseUntil: null };
      if (row.leaseOwner !== leaseOwner && isLive(row.leaseUntil, now)) return null;
      consumers.set(consumer, { position: row.position, leaseOwner, leaseUntil: new Date(leaseUntil) });
      return { position: row.position };
    },
    async commitFanOut(commit) {
      live();
      return inMemoryTransaction((undo) => runScript(commitFanOutScript(commit), fanOutTx(undo)));
    },
    async startFanOutAt(consumer, position) {
      live();
      if (!consumers.has(consumer)) consumers.set(consumer, { position, leaseOwner: null, leaseUntil: null });
    },

    async enqueue(message, added) {
      live();
      insert([message], added);
    },
    async claimDeliveries({ now, leaseOwner, leaseUntil, limit, perSubscription }) {
      live();
      const leases = new Map<string, number>();
      for (const d of deliveries.values()) {
        if (isLive(d.leaseUntil, now)) leases.set(d.subscriptionId, (leases.get(d.subscriptionId) ?? 0) + 1);
      }
      const due = [...deliveries.values()]
        .filter((d) => claimable(d, now))
        .sort((a, b) => (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || byId(a, b));
      const claimed: ClaimedDelivery[] = [];
      for (const d of due) {
        if (claimed.length >= countOf(limit)) break;
        const leased = leases.get(d.subscriptionId) ?? 0;
        if (leased >= countOf(perSubscription)) continue;
        leases.set(d.subscriptionId, leased + 1);
        const next: WebhookDelivery = {
          ...d,
          attempts: d.attempts + 1,
          leaseOwner,
          leaseUntil: new Date(leaseUntil),
          updatedAt: new Date(now),
        };
        deliveries.set(d.id, next);
        const message = messages.get(d.messageId);
        const subscription = subscriptions.get(d.subscriptionId);
        if (message === undefined || subscription === undefined)
          throw new Error('unreachable: checked above');
        claimed.push({ delivery: copy(next), message: copy(message), subscription: copy(subscription) });
      }
      return claimed;
    },
    async finishAttempt(request) {
      live();
      return runScript(finishAttemptScript(request), finishTx);
    },
    async releaseDelivery(deliveryId, leaseOwner, at) {
      live();
      const delivery = heldBy(deliveries, deliveryId, leaseOwner);
      if (delivery === null) return false;
      deliveries.set(deliveryId, {
        ...delivery,
        attempts: Math.max(0, delivery.attempts - 1),
        nextAttemptAt: new Date(at),
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: new Date(at),
      });
      return true;
    },
    async redeliver(ownerId, subscriptionId, deliveryId, now) {
      live();
      const delivery = ownDelivery(ownerId, deliveryId);
      if (delivery === null || delivery.subscriptionId !== subscriptionId) return null;
      const next: WebhookDelivery = {
        ...delivery,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: new Date(now),
        leaseOwner: null,
        leaseUntil: null,
        deliveredAt: null,
        updatedAt: new Date(now),
      };
      deliveries.set(deliveryId, next);
      return copy(next);
    },
    async listAttempts(ownerId, subscriptionId, { limit, before }) {
      live();
      if (before !== undefined && !/^[1-9][0-9]{0,15}$/.test(before))
        throw new Error(`Not an attempts cursor: ${before}`);
      const below = before === undefined ? Number.POSITIVE_INFINITY : Number(before);
      const page = attempts
        .filter((a) => a.ownerId === ownerId && a.subscriptionId === subscriptionId && a.serial < below)
        .sort((a, b) => b.serial - a.serial)
        .slice(0, countOf(limit) + 1);
      const shown = page.slice(0, countOf(limit));
      const last = shown.at(-1);
      return {
        attempts: shown.map(({ ownerId: _o, serial: _s, ...attempt }) => copy(attempt)),
        next: page.length > shown.length && last !== undefined ? last.id : null,
      };
    },
    async getDelivery(ownerId, deliveryId) {
      live();
      const found = ownDelivery(ownerId, deliveryId);
      return found === null ? null : copy(found);
    },
    async pendingCount() {
      live();
      return [...deliveries.values()].filter((d) => d.status === 'pending').length;
    },
    async deleteSettledMessages(before, limit) {
      live();
      const of = new Map<string, WebhookDelivery[]>();
      for (const d of deliveries.values()) of.set(d.messageId, [...(of.get(d.messageId) ?? []), d]);
      const settled = (m: WebhookMessage) =>
        m.createdAt < before &&
        (of.get(m.id) ?? []).every((d) => d.status !== 'pending' && d.updatedAt < before);
      const gone = [...messages.values()]
        .filter(settled)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || byId(a, b))
        .slice(0, countOf(limit));
      const ids = new Set(gone.map((m) => m.id));
      let removedDeliveries = 0;
      for (const id of ids) {
        messages.delete(id);
        for (const d of of.get(id) ?? []) {
          deliveries.delete(d.id);
          pairs.delete(pairKey(d.subscriptionId, d.messageId));
          removedDeliveries += 1;
        }
      }
      const kept = attempts.filter((a) => !ids.has(a.messageId));
      const removedAttempts = attempts.length - kept.length;
      attempts.splice(0, attempts.length, ...kept);
      return { messages: ids.size, deliveries: removedDeliveries, attempts: removedAttempts };
    },
  };
}
