// The SQLite WebhookStore: it stays whole because its statements are prepared once in one closure
// and its claims rely on the immediate transactions written beside them.

import {
  type ClaimedDelivery,
  commitFanOutScript,
  type FanOutCommit,
  type FanOutTx,
  type FinishAttemptRequest,
  type FinishAttemptTx,
  finishAttemptScript,
  patchSubscriptionScript,
  runScript,
  type SubscriptionPatchTx,
  type WebhookDelivery,
  type WebhookMessage,
  type WebhookStore,
  type WebhookSubscriptionPatch,
} from '@svc/core';
import type Database from 'better-sqlite3';
import { rowInserter } from './row-inserter.js';
import { dateToSql, jsonToSql, nullableDateToSql } from './sql-values.js';
import { sqliteFanOutCursor } from './sqlite-fan-out-cursor.js';
import {
  ANY_DELIVERY_DUE_SQL,
  CLAIM_DELIVERIES_SQL,
  FINISH_DELIVERY_SQL,
  INSERT_ATTEMPT_SQL,
  INSERT_DELIVERY_SQL,
  INSERT_MESSAGE_SQL,
  LIST_ATTEMPTS_SQL,
  LIST_SUBSCRIPTIONS_SQL,
  REDELIVER_SQL,
  RELEASE_DELIVERY_SQL,
  SUBSCRIPTION_HEALTH_SQL,
  SUBSCRIPTIONS_OF_SQL,
  UPDATE_SUBSCRIPTION_SQL,
} from './sqlite-webhook-queries.js';
import { createSqliteWebhookRetention } from './sqlite-webhook-retention.js';
import {
  type AttemptRow,
  attemptToRow,
  type DeliveryRow,
  deliveryToRow,
  type MessageRow,
  messageToRow,
  rowToAttempt,
  rowToDelivery,
  rowToMessage,
  rowToSubscription,
  type SubscriptionRow,
  subscriptionToRow,
} from './webhook-row.js';

type ClaimParams = {
  now: number;
  lease_owner: string;
  lease_until: number;
  limit: number;
  per_subscription: number;
};

type HealthParams = {
  id: string;
  set_failing: 0 | 1;
  failing_since: number | null;
  disable: 0 | 1;
  disabled_reason: string | null;
  disabled_at: number | null;
};

/** The attempts page cursor: an attempt's id, as `rowToAttempt` writes it. */
const CURSOR = /^[1-9][0-9]{0,15}$/;

/** A count from a caller for SQLite: below one (NaN too) is null (take nothing), unbounded is -1. */
function sqlCount(n: number): number | null {
  if (!(n >= 1)) return null;
  return Number.isFinite(n) ? Math.floor(n) : -1;
}

// Plain code-unit order, as SQLite's BINARY collation sorts the ids in the claim.
const byDueThenId = (a: DeliveryRow, b: DeliveryRow) =>
  (a.next_attempt_at ?? 0) - (b.next_attempt_at ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The WebhookStore of a SQLite database. Statements are prepared once, here. Writes run in
 * immediate transactions: the write lock is held from the first statement, and SQLite has one
 * writer, so a claim's counts of live leases cannot change under it and two workers never lease
 * the same delivery.
 */
export function createSqliteWebhookStore(db: Database.Database): WebhookStore {
  const insertSubscription = rowInserter<SubscriptionRow>(db, 'webhook_subscriptions');
  const selectSubscription = db.prepare<[string, string], SubscriptionRow>(
    'SELECT * FROM webhook_subscriptions WHERE id = ? AND owner_id = ?',
  );
  const selectSubscriptionById = db.prepare<[string], SubscriptionRow>(
    'SELECT * FROM webhook_subscriptions WHERE id = ?',
  );
  const listSubscriptions = db.prepare<[string], SubscriptionRow>(LIST_SUBSCRIPTIONS_SQL);
  const updateSubscription = db.prepare<[SubscriptionRow]>(UPDATE_SUBSCRIPTION_SQL);
  const deleteSubscription = db.prepare<[string, string]>(
    'DELETE FROM webhook_subscriptions WHERE id = ? AND owner_id = ?',
  );
  const subscriptionsOf = db.prepare<[string], SubscriptionRow>(SUBSCRIPTIONS_OF_SQL);
  const cursor = sqliteFanOutCursor(db);
  const insertMessage = db.prepare<[MessageRow]>(INSERT_MESSAGE_SQL);
  const insertDelivery = db.prepare<[DeliveryRow]>(INSERT_DELIVERY_SQL);
  const claimDue = db.prepare<[ClaimParams], DeliveryRow>(CLAIM_DELIVERIES_SQL);
  const anyDue = db.prepare<[{ now: number }], number>(ANY_DELIVERY_DUE_SQL).pluck();
  const selectMessage = db.prepare<[string], MessageRow>('SELECT * FROM webhook_messages WHERE id = ?');
  const finishDelivery = db.prepare<
    [
      {
        id: string;
        lease_owner: string;
        status: string;
        next_attempt_at: number | null;
        delivered_at: number | null;
        at: number;
      },
    ],
    DeliveryRow
  >(FINISH_DELIVERY_SQL);
  const insertAttempt = db.prepare(INSERT_ATTEMPT_SQL);
  const health = db.prepare<[HealthParams]>(SUBSCRIPTION_HEALTH_SQL);
  const release = db.prepare<[{ id: string; lease_owner: string; at: number }]>(RELEASE_DELIVERY_SQL);
  const redeliver = db.prepare<
    [{ id: string; owner_id: string; subscription_id: string; now: number }],
    DeliveryRow
  >(REDELIVER_SQL);
  const listAttempts = db.prepare<
    [{ subscription_id: string; owner_id: string; before: number | null; limit: number }],
    AttemptRow
  >(LIST_ATTEMPTS_SQL);
  const selectDelivery = db.prepare<[string, string], DeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE id = ? AND owner_id = ?',
  );
  const countPending = db
    .prepare<[], number>("SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'")
    .pluck();

  // The small calls of core's patchSubscriptionScript; the immediate transaction holds the write lock.
  const patchTx: SubscriptionPatchTx = {
    subscriptionForUpdate: (ownerId, id) => {
      const row = selectSubscription.get(id, ownerId);
      return row === undefined ? null : rowToSubscription(row);
    },
    saveSubscription: (subscription) => {
      updateSubscription.run(subscriptionToRow(subscription));
    },
  };

  const update = db.transaction((ownerId: string, id: string, patch: WebhookSubscriptionPatch) =>
    runScript(patchSubscriptionScript(ownerId, id, patch), patchTx),
  ).immediate;

  // A clash (a message id or a subscription-message pair stored already) throws, and the
  // transaction around this rolls everything back.
  const insert = (messages: readonly WebhookMessage[], deliveries: readonly WebhookDelivery[]) => {
    for (const message of messages) insertMessage.run(messageToRow(message));
    for (const delivery of deliveries) insertDelivery.run(deliveryToRow(delivery));
  };

  // The small calls of core's commitFanOutScript.
  const fanOutTx: FanOutTx = {
    moveFanOut: cursor.move,
    insertMessages: insert,
  };

  const commit = db.transaction((c: FanOutCommit): boolean =>
    runScript(commitFanOutScript(c), fanOutTx),
  ).immediate;

  const enqueue = db.transaction(insert).immediate;

  const claim = db.transaction((params: ClaimParams): ClaimedDelivery[] =>
    claimDue
      .all(params)
      .sort(byDueThenId)
      .map((row) => {
        const message = selectMessage.get(row.message_id);
        const subscription = selectSubscriptionById.get(row.subscription_id);
        if (message === undefined || subscription === undefined) {
          throw new Error(`Delivery ${row.id} lost its message or subscription.`);
        }
        return {
          delivery: rowToDelivery(row),
          message: rowToMessage(message),
          subscription: rowToSubscription(subscription),
        };
      }),
  ).immediate;

  // The small calls of core's finishAttemptScript.
  const finishTx: FinishAttemptTx = {
    finishDelivery: (deliveryId, leaseOwner, result) => {
      const row = finishDelivery.get({
        id: deliveryId,
        lease_owner: leaseOwner,
        status: result.status,
        next_attempt_at: nullableDateToSql(result.nextAttemptAt),
        delivered_at: nullableDateToSql(result.deliveredAt),
        at: dateToSql(result.at),
      });
      return row === undefined ? null : rowToDelivery(row);
    },
    recordAttempt: (delivery, attempt) => {
      insertAttempt.run({
        ...attemptToRow(attempt),
        delivery_id: delivery.id,
        subscription_id: delivery.subscriptionId,
        message_id: delivery.messageId,
        owner_id: delivery.ownerId,
      });
    },
    changeHealth: (subscriptionId, { failingSince, disable }) => {
      health.run({
        id: subscriptionId,
        set_failing: failingSince === undefined ? 0 : 1,
        failing_since: nullableDateToSql(failingSince ?? null),
        disable: disable === undefined ? 0 : 1,
        disabled_reason: disable?.reason ?? null,
        disabled_at: disable === undefined ? null : dateToSql(disable.at),
      });
    },
  };

  const finish = db.transaction((request: FinishAttemptRequest): boolean =>
    runScript(finishAttemptScript(request), finishTx),
  ).immediate;

  const deleteSettled = createSqliteWebhookRetention(db);

  return {
    async createSubscription(subscription) {
      insertSubscription(subscriptionToRow(subscription));
    },
    async getSubscription(ownerId, id) {
      const row = selectSubscription.get(id, ownerId);
      return row === undefined ? null : rowToSubscription(row);
    },
    async listSubscriptions(ownerId) {
      return listSubscriptions.all(ownerId).map(rowToSubscription);
    },
    async updateSubscription(ownerId, id, patch) {
      return update(ownerId, id, patch);
    },
    async deleteSubscription(ownerId, id) {
      // Deliveries and attempts follow through ON DELETE CASCADE.
      return deleteSubscription.run(id, ownerId).changes > 0;
    },
    async subscriptionsOf(ownerIds) {
      return ownerIds.length === 0 ? [] : subscriptionsOf.all(jsonToSql(ownerIds)).map(rowToSubscription);
    },

    async leaseFanOut(request) {
      return cursor.lease(request);
    },
    async commitFanOut(fanOut) {
      return commit(fanOut);
    },
    async startFanOutAt(consumer, position) {
      cursor.start(consumer, position);
    },

    async enqueue(message, deliveries) {
      enqueue([message], deliveries);
    },
    async claimDeliveries({ now, leaseOwner, leaseUntil, limit, perSubscription }) {
      const [most, each] = [sqlCount(limit), sqlCount(perSubscription)];
      if (most === null || each === null) return [];
      // The claim is a write transaction (it takes the file's write lock, and its commit empties
      // every read cache); the delivery loop wakes after every fan-out round, which under a burst of
      // creates is about every 10 ms, nearly always with nothing due (issue 34). Nothing due at this
      // read is what the claim would have found had it run now: the next wake-up claims the rest.
      if (anyDue.get({ now: dateToSql(now) }) === undefined) return [];
      return claim({
        now: dateToSql(now),
        lease_owner: leaseOwner,
        lease_until: dateToSql(leaseUntil),
        limit: most,
        per_subscription: each === -1 ? Number.MAX_SAFE_INTEGER : each,
      });
    },
    async finishAttempt(request) {
      return finish(request);
    },
    async releaseDelivery(deliveryId, leaseOwner, at) {
      return release.run({ id: deliveryId, lease_owner: leaseOwner, at: dateToSql(at) }).changes > 0;
    },
    async redeliver(ownerId, subscriptionId, deliveryId, now) {
      const row = redeliver.get({
        id: deliveryId,
        owner_id: ownerId,
        subscription_id: subscriptionId,
        now: dateToSql(now),
      });
      return row === undefined ? null : rowToDelivery(row);
    },
    async listAttempts(ownerId, subscriptionId, { limit, before }) {
      if (before !== undefined && !CURSOR.test(before)) throw new Error(`Not an attempts cursor: ${before}`);
      const most = sqlCount(limit);
      if (most === null) return { attempts: [], next: null };
      const rows = listAttempts.all({
        subscription_id: subscriptionId,
        owner_id: ownerId,
        before: before === undefined ? null : Number(before),
        limit: most === -1 ? -1 : most + 1,
      });
      const shown = most === -1 ? rows : rows.slice(0, most);
      const last = shown.at(-1);
      return {
        attempts: shown.map(rowToAttempt),
        next: rows.length > shown.length && last !== undefined ? String(last.id) : null,
      };
    },
    async getDelivery(ownerId, deliveryId) {
      const row = selectDelivery.get(deliveryId, ownerId);
      return row === undefined ? null : rowToDelivery(row);
    },
    async deleteSettledMessages(before, limit) {
      return deleteSettled(before, limit);
    },
    async pendingCount() {
      return countPending.get() ?? 0;
    },
  };
}
