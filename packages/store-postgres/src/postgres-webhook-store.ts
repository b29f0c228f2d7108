import {
  type AsyncTx,
  type ClaimedDelivery,
  commitFanOutScript,
  type FanOutTx,
  type FinishAttemptTx,
  finishAttemptScript,
  patchSubscriptionScript,
  runScriptAsync,
  type SubscriptionPatchTx,
  type WebhookDelivery,
  type WebhookMessage,
  type WebhookStore,
  type WebhookSubscription,
} from '@svc/core';
import type { Pool, PoolClient } from 'pg';
import { insertRow } from './insert-row.js';
import { numberFromBigint, PG_ROWS } from './pg-values.js';
import { type PostgresFanOutCursor, postgresFanOutCursor } from './postgres-fan-out-cursor.js';
import {
  CLAIM_DELIVERIES_SQL,
  DELETE_SUBSCRIPTION_SQL,
  FINISH_DELIVERY_SQL,
  GET_DELIVERY_SQL,
  GET_SUBSCRIPTION_SQL,
  INSERT_ATTEMPT_SQL,
  INSERT_DELIVERIES_SQL,
  INSERT_MESSAGES_SQL,
  LIST_ATTEMPTS_SQL,
  LIST_SUBSCRIPTIONS_SQL,
  LOCK_ATTEMPT_SUBSCRIPTION_SQL,
  LOCK_CLAIMABLE_SUBSCRIPTIONS_SQL,
  LOCK_SUBSCRIPTION_SQL,
  PENDING_COUNT_SQL,
  REDELIVER_SQL,
  RELEASE_DELIVERY_SQL,
  SUBSCRIPTION_HEALTH_SQL,
  SUBSCRIPTIONS_OF_SQL,
  UPDATE_SUBSCRIPTION_SQL,
} from './postgres-webhook-queries.js';
import { deleteSettledPostgresMessages } from './postgres-webhook-retention.js';
import {
  type AttemptRow,
  attemptParams,
  type DeliveryRow,
  deliveryParams,
  type MessageRow,
  messageParams,
  rowToAttempt,
  rowToDelivery,
  rowToMessage,
  rowToSubscription,
  type SubscriptionRow,
} from './webhook-row.js';
import { withTransaction } from './with-transaction.js';

/** The attempts page cursor: an attempt's bigint id, as pg reads it. */
const CURSOR = /^[1-9][0-9]{0,18}$/;

/** A claimed delivery's row, with its message and subscription as jsonb. */
type ClaimedRow = DeliveryRow & { message: MessageRow; subscription: SubscriptionRow };

/** A count from a caller: below one (NaN too) is none; unbounded is the largest bigint LIMIT takes. */
function pgCount(n: number): number | string {
  if (!(n >= 1)) return 0;
  return Number.isFinite(n) ? Math.floor(n) : '9223372036854775807';
}

/** Stores messages and deliveries inside the caller's transaction (a clash throws: it rolls back). */
async function insert(
  client: PoolClient,
  messages: readonly WebhookMessage[],
  deliveries: readonly WebhookDelivery[],
): Promise<void> {
  if (messages.length > 0) await client.query(INSERT_MESSAGES_SQL, messageParams(messages));
  if (deliveries.length > 0) await client.query(INSERT_DELIVERIES_SQL, deliveryParams(deliveries));
}

/** The parameters of UPDATE_SUBSCRIPTION_SQL. */
function updateParams(s: WebhookSubscription): unknown[] {
  return [
    s.id,
    s.ownerId,
    s.url,
    s.events,
    s.description,
    s.accountIds,
    s.sealedSecret,
    s.previousSealedSecret,
    s.previousSecretUntil,
    s.enabled,
    s.disabledReason,
    s.disabledAt,
    s.failingSince,
    s.updatedAt,
  ];
}

/** The small calls of core's patchSubscriptionScript, on the transaction's client. */
function patchTx(client: PoolClient): AsyncTx<SubscriptionPatchTx> {
  return {
    subscriptionForUpdate: async (ownerId, id) => {
      const row = (await client.query<SubscriptionRow>(LOCK_SUBSCRIPTION_SQL, [id, ownerId])).rows[0];
      return row === undefined ? null : rowToSubscription(row);
    },
    saveSubscription: async (subscription) => {
      await client.query(UPDATE_SUBSCRIPTION_SQL, updateParams(subscription));
    },
  };
}

/** The small calls of core's commitFanOutScript, on the transaction's client. */
function fanOutTx(cursor: PostgresFanOutCursor, client: PoolClient): AsyncTx<FanOutTx> {
  return {
    moveFanOut: (...move) => cursor.move(client, ...move),
    insertMessages: (messages, deliveries) => insert(client, messages, deliveries),
  };
}

/** The small calls of core's finishAttemptScript, on the transaction's client. */
function finishTx(client: PoolClient): AsyncTx<FinishAttemptTx> {
  return {
    finishDelivery: async (deliveryId, leaseOwner, result) => {
      const held = await client.query(LOCK_ATTEMPT_SUBSCRIPTION_SQL, [deliveryId, leaseOwner]);
      if (held.rowCount !== 1) return null;
      const finished = await client.query<DeliveryRow>(FINISH_DELIVERY_SQL, [
        deliveryId,
        leaseOwner,
        result.status,
        result.nextAttemptAt,
        result.deliveredAt,
        result.at,
      ]);
      const row = finished.rows[0];
      return row === undefined ? null : rowToDelivery(row);
    },
    recordAttempt: async (delivery, attempt) => {
      await client.query(INSERT_ATTEMPT_SQL, [
        delivery.id,
        delivery.subscriptionId,
        delivery.messageId,
        delivery.ownerId,
        ...attemptParams(attempt),
      ]);
    },
    changeHealth: async (subscriptionId, { failingSince, disable }) => {
      await client.query(SUBSCRIPTION_HEALTH_SQL, [
        subscriptionId,
        failingSince !== undefined,
        failingSince ?? null,
        disable !== undefined,
        disable?.reason ?? null,
        disable?.at ?? null,
      ]);
    },
  };
}

/**
 * The WebhookStore of a PostgreSQL database. Any number of fan-out and delivery workers may share
 * it: the fan-out cursor is leased in one statement and moved by compare-and-set, claims lock the
 * subscriptions they take from (SKIP LOCKED, so workers never wait on each other) and then their
 * deliveries, and every multi-row write is one transaction.
 */
export function createPostgresWebhookStore(pool: Pool): WebhookStore {
  const cursor = postgresFanOutCursor(pool);
  return {
    async createSubscription(subscription) {
      await insertRow(pool, 'webhook_subscriptions', PG_ROWS.subscriptionToRow(subscription));
    },

    async getSubscription(ownerId, id) {
      const row = (await pool.query<SubscriptionRow>(GET_SUBSCRIPTION_SQL, [id, ownerId])).rows[0];
      return row === undefined ? null : rowToSubscription(row);
    },

    async listSubscriptions(ownerId) {
      return (await pool.query<SubscriptionRow>(LIST_SUBSCRIPTIONS_SQL, [ownerId])).rows.map(
        rowToSubscription,
      );
    },

    updateSubscription(ownerId, id, patch) {
      return withTransaction(pool, (client) =>
        runScriptAsync(patchSubscriptionScript(ownerId, id, patch), patchTx(client)),
      );
    },

    async deleteSubscription(ownerId, id) {
      return (await pool.query(DELETE_SUBSCRIPTION_SQL, [id, ownerId])).rowCount === 1;
    },

    async subscriptionsOf(ownerIds) {
      if (ownerIds.length === 0) return [];
      return (await pool.query<SubscriptionRow>(SUBSCRIPTIONS_OF_SQL, [ownerIds])).rows.map(
        rowToSubscription,
      );
    },

    leaseFanOut: cursor.lease,

    commitFanOut(commit) {
      return withTransaction(pool, (client) =>
        runScriptAsync(commitFanOutScript(commit), fanOutTx(cursor, client)),
      );
    },

    startFanOutAt: cursor.start,

    enqueue(message, deliveries) {
      return withTransaction(pool, (client) => insert(client, [message], deliveries));
    },

    async claimDeliveries({ now, leaseOwner, leaseUntil, limit, perSubscription }) {
      const [most, each] = [pgCount(limit), pgCount(perSubscription)];
      if (most === 0 || each === 0) return [];
      // Two statements, not one: the second must count leases on a snapshot taken after the
      // first holds its locks (see LOCK_CLAIMABLE_SUBSCRIPTIONS_SQL).
      return withTransaction(pool, async (client): Promise<ClaimedDelivery[]> => {
        const locked = await client.query<{ id: string }>(LOCK_CLAIMABLE_SUBSCRIPTIONS_SQL, [
          now,
          most,
          each,
        ]);
        if (locked.rows.length === 0) return [];
        const claimed = await client.query<ClaimedRow>(CLAIM_DELIVERIES_SQL, [
          locked.rows.map((r) => r.id),
          now,
          each,
          most,
          leaseOwner,
          leaseUntil,
        ]);
        return claimed.rows.map((row) => ({
          delivery: rowToDelivery(row),
          message: rowToMessage(row.message),
          subscription: rowToSubscription(row.subscription),
        }));
      });
    },

    finishAttempt(request) {
      return withTransaction(pool, (client) =>
        runScriptAsync(finishAttemptScript(request), finishTx(client)),
      );
    },

    async releaseDelivery(deliveryId, leaseOwner, at) {
      return (await pool.query(RELEASE_DELIVERY_SQL, [deliveryId, leaseOwner, at])).rowCount === 1;
    },

    async redeliver(ownerId, subscriptionId, deliveryId, now) {
      const redelivered = await pool.query<DeliveryRow>(REDELIVER_SQL, [
        deliveryId,
        ownerId,
        subscriptionId,
        now,
      ]);
      const row = redelivered.rows[0];
      return row === undefined ? null : rowToDelivery(row);
    },

    async listAttempts(ownerId, subscriptionId, { limit, before }) {
      if (before !== undefined && !CURSOR.test(before)) throw new Error(`Not an attempts cursor: ${before}`);
      const most = pgCount(limit);
      if (most === 0) return { attempts: [], next: null };
      const page = typeof most === 'number' ? most + 1 : most;
      const listed = await pool.query<AttemptRow>(LIST_ATTEMPTS_SQL, [
        subscriptionId,
        ownerId,
        before ?? null,
        page,
      ]);
      const shown = typeof most === 'number' ? listed.rows.slice(0, most) : listed.rows;
      const last = shown.at(-1);
      return {
        attempts: shown.map(rowToAttempt),
        next: listed.rows.length > shown.length && last !== undefined ? last.id : null,
      };
    },

    async getDelivery(ownerId, deliveryId) {
      const row = (await pool.query<DeliveryRow>(GET_DELIVERY_SQL, [deliveryId, ownerId])).rows[0];
      return row === undefined ? null : rowToDelivery(row);
    },

    async deleteSettledMessages(before, limit) {
      return deleteSettledPostgresMessages(pool, before, limit);
    },
    async pendingCount() {
      const counted = await pool.query<{ n: string }>(PENDING_COUNT_SQL);
      return numberFromBigint(counted.rows[0]?.n ?? 0);
    },
  };
}
