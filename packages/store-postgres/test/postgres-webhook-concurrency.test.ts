import type { ClaimedDelivery, Store, WebhookDelivery, WebhookMessage, WebhookSubscription } from '@svc/core';
import { aUser, aWebhookDelivery, aWebhookMessage, aWebhookSubscription } from '@svc/core/testing';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStore } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

const T0 = new Date('2026-05-04T10:00:00.000Z');
const LEASE_END = new Date(T0.getTime() + 3_600_000);
const PER_SUBSCRIPTION = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await describePostgres('PostgreSQL webhooks under concurrency', (db) => {
  const opened: Store[] = [];
  const pools: pg.Pool[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });
  /** `count` stores (one pool each) on one fresh schema, as that many processes would have, and a pool to look. */
  const openStores = async (count: number): Promise<[Store[], pg.Pool]> => {
    const options = { ...(await db.freshSchema()), max: 4 };
    const stores: Store[] = [];
    for (let i = 0; i < count; i += 1)
      stores.push(await openPostgresStore({ connectionString: db.url(), pool: options }));
    opened.push(...stores);
    const observer = new pg.Pool({ connectionString: db.url(), ...options });
    pools.push(observer);
    return [stores, observer];
  };

  it('hands 2,000 deliveries to four processes, each exactly once, never over the per-subscription bound', async () => {
    const [stores, observer] = await openStores(4);
    const [first] = stores;
    if (first === undefined) throw new Error('unreachable');
    const owner = aUser();
    const busy = aWebhookSubscription(owner.id, { createdAt: T0 });
    const others = Array.from({ length: 50 }, (_, i) =>
      aWebhookSubscription(owner.id, { createdAt: new Date(T0.getTime() + i + 1) }),
    );
    for (const s of [busy, ...others]) await first.webhooks.createSubscription(s);
    const deliveryTo = (to: WebhookSubscription, dueSecondsAgo: number) => {
      const message = aWebhookMessage(owner.id);
      return {
        message,
        delivery: aWebhookDelivery(to, message, {
          nextAttemptAt: new Date(T0.getTime() - dueSecondsAgo * 1000),
        }),
      };
    };
    let position = 0;
    const fanOut = async (batch: readonly { message: WebhookMessage; delivery: WebhookDelivery }[]) => {
      const committed = await first.webhooks.commitFanOut({
        consumer: 'webhooks',
        leaseOwner: 'fan',
        from: position === 0 ? null : String(position),
        to: String(position + 1),
        messages: batch.map((b) => b.message),
        deliveries: batch.map((b) => b.delivery),
      });
      expect(committed).toBe(true);
      position += 1;
    };
    const lease = { consumer: 'webhooks', leaseOwner: 'fan', now: T0, leaseUntil: LEASE_END };
    expect(await first.webhooks.leaseFanOut(lease)).toEqual({ position: null });

    // Before the workers start: 185 deliveries to one subscription and 33 or so to each of 50
    // others, due over the past half hour, in batches of 185.
    const upfront = Array.from({ length: 1_850 }, (_, i) =>
      deliveryTo(i % 10 === 0 ? busy : (others[i % others.length] ?? busy), 1_850 - i),
    );
    for (let i = 0; i < upfront.length; i += 185) await fanOut(upfront.slice(i, i + 185));
    // While they claim: 150 more to the busy one, ten at a time, each batch due before all the
    // others, so it goes to the front of the queue. A claim that counted the leases before another
    // claim committed would now find deliveries in front of those it meant to take, and take both.
    const late = Array.from({ length: 15 }, (_, batch) =>
      Array.from({ length: 10 }, (_, j) => deliveryTo(busy, 86_400 + batch * 100 + j)),
    );
    const deliveries = [...upfront, ...late.flat()].map((d) => d.delivery);
    const fanningOut = (async () => {
      for (const batch of late) {
        await fanOut(batch);
        await pause(2);
      }
    })();

    const taken: string[] = [];
    const lost: string[] = [];
    const busyLeases: number[] = [];
    const countBusyLeases = async () => {
      const counted = await observer.query<{ n: string }>(
        'SELECT count(*) AS n FROM webhook_deliveries WHERE subscription_id = $1 AND lease_until > $2',
        [busy.id, T0],
      );
      return Number(counted.rows[0]?.n ?? 0);
    };
    // Claims, checks the bound, then reports each delivery delivered, until all were taken.
    const worker = async (store: Store, name: string) => {
      for (let turn = 0; turn < 5_000 && taken.length < deliveries.length; turn += 1) {
        const claimed: readonly ClaimedDelivery[] = await store.webhooks.claimDeliveries({
          now: T0,
          leaseOwner: name,
          leaseUntil: LEASE_END,
          limit: 8,
          perSubscription: PER_SUBSCRIPTION,
        });
        busyLeases.push(await countBusyLeases());
        if (claimed.length === 0) {
          await pause(2);
          continue;
        }
        const finishing = claimed.map(async ({ delivery, message }) => {
          taken.push(delivery.id);
          const finished = await store.webhooks.finishAttempt({
            deliveryId: delivery.id,
            leaseOwner: name,
            attempt: {
              deliveryId: delivery.id,
              subscriptionId: delivery.subscriptionId,
              messageId: message.id,
              eventType: message.eventType,
              attemptNumber: delivery.attempts,
              startedAt: T0,
              durationMs: 5,
              statusCode: 204,
              outcome: 'delivered',
              error: null,
              responseExcerpt: null,
            },
            next: { status: 'delivered' },
          });
          if (!finished) lost.push(delivery.id);
        });
        await Promise.all(finishing);
      }
    };
    await Promise.all([
      fanningOut,
      ...stores.flatMap((store, i) => [worker(store, `worker-${i}a`), worker(store, `worker-${i}b`)]),
    ]);

    expect(lost).toEqual([]);
    expect(new Set(taken).size).toBe(taken.length);
    expect([...taken].sort()).toEqual(deliveries.map((d) => d.id).sort());
    expect(Math.max(...busyLeases)).toBeLessThanOrEqual(PER_SUBSCRIPTION);
    // The bound was reached, so it was what held the claims back.
    expect(Math.max(...busyLeases)).toBe(PER_SUBSCRIPTION);
    expect(await first.webhooks.pendingCount()).toBe(0);
    const attempts = await observer.query<{ n: string }>('SELECT count(*) AS n FROM webhook_attempts');
    expect(Number(attempts.rows[0]?.n)).toBe(2_000);
  }, 120_000);

  it('gives the fan-out lease to exactly one of two processes racing for it, new or expired', async () => {
    const [[a, b]] = (await openStores(2)) as [[Store, Store], pg.Pool];
    const race = (consumer: string, now: Date, names: [string, string]) =>
      Promise.all(
        [a, b].map((store, i) =>
          store.webhooks.leaseFanOut({
            consumer,
            leaseOwner: names[i] ?? 'unnamed',
            now,
            leaseUntil: new Date(now.getTime() + 60_000),
          }),
        ),
      );
    for (let round = 0; round < 30; round += 1) {
      const consumer = `race-${round}`;
      const fresh = await race(consumer, T0, ['a', 'b']);
      expect(fresh.filter((won) => won !== null)).toEqual([{ position: null }]);
      // Both leases of the first race ran out: again one of two new owners takes it.
      const later = new Date(T0.getTime() + 120_000);
      const expired = await race(consumer, later, ['c', 'd']);
      expect(expired.filter((won) => won !== null)).toEqual([{ position: null }]);
    }
  });

  it('moves the fan-out cursor once when the same batch is committed twice at once', async () => {
    const [[a, b]] = (await openStores(2)) as [[Store, Store], pg.Pool];
    const owner = aUser();
    const subscription = aWebhookSubscription(owner.id);
    await a.webhooks.createSubscription(subscription);
    await a.webhooks.leaseFanOut({ consumer: 'webhooks', leaseOwner: 'fan', now: T0, leaseUntil: LEASE_END });
    for (let round = 0; round < 20; round += 1) {
      const batch = (store: Store) => {
        const message = aWebhookMessage(owner.id, { sourcePosition: String(round) });
        return store.webhooks.commitFanOut({
          consumer: 'webhooks',
          leaseOwner: 'fan',
          from: round === 0 ? null : String(round - 1),
          to: String(round),
          messages: [message],
          deliveries: [aWebhookDelivery(subscription, message)],
        });
      };
      const results = await Promise.all([batch(a), batch(b)]);
      expect(results.filter(Boolean)).toEqual([true]);
    }
    expect(await a.webhooks.pendingCount()).toBe(20);
  });
});
