import { isStoreUnavailable, type Store } from '@svc/core';
import { aUser } from '@svc/core/testing';
import { afterEach, expect, it } from 'vitest';
import { describePostgres } from '../src/testing/describe-postgres.js';
import { type OutageProxy, startOutageProxy } from '../src/testing/outage-proxy.js';
import { terminateConnections } from '../src/testing/terminate-connections.js';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

await describePostgres('PostgreSQL store while the database is away', (db) => {
  async function storeBehindProxy(): Promise<{ store: Store; proxy: OutageProxy }> {
    const proxy = await startOutageProxy(db.url());
    cleanup.push(() => proxy.close());
    const store = await db.openStore({
      connectionString: proxy.url,
      pool: { ...(await db.freshSchema()), connectionTimeoutMillis: 1_000 },
    });
    cleanup.push(() => store.close());
    return { store, proxy };
  }

  it('reports every kind of call as StoreUnavailableError while cut off, and recovers by itself', async () => {
    const { store, proxy } = await storeBehindProxy();
    const user = aUser();
    await store.users.insertUser(user);

    await proxy.down();
    // A plain query, a transaction (the claim) and the health ping all say the same thing.
    const failures = await Promise.all([
      rejection(store.users.getUser(user.id)),
      rejection(
        store.posts.claimDuePosts({ now: new Date(), limit: 5, leaseOwner: 'p', leaseUntil: new Date() }),
      ),
      rejection(store.ping()),
      // The webhook store's plain queries and its claim transaction too.
      rejection(store.webhooks.pendingCount()),
      rejection(
        store.webhooks.claimDeliveries({
          now: new Date(),
          leaseOwner: 'w',
          leaseUntil: new Date(),
          limit: 5,
          perSubscription: 2,
        }),
      ),
    ]);
    for (const failure of failures) {
      expect(isStoreUnavailable(failure), String(failure)).toBe(true);
      // The driver's own error stays attached for logs, never in the message.
      expect((failure as Error).message).toBe('The PostgreSQL database is unreachable.');
    }

    await proxy.up();
    expect((await store.users.getUser(user.id))?.email).toBe(user.email);
    await store.ping();
  });

  it('treats connections the server terminated as unavailable, then reconnects', async () => {
    const { store } = await storeBehindProxy();
    const user = aUser();
    await store.users.insertUser(user);
    // What an operator's pg_terminate_backend, or a failover, does to the service's sessions.
    expect(await terminateConnections(db.url())).toBeGreaterThan(0);
    // Pooled connections the server ended are replaced; the store works again on the next call.
    let read: unknown;
    for (let i = 0; i < 20 && read === undefined; i++) {
      read = await store.users.getUser(user.id).catch((error: unknown) => {
        expect(isStoreUnavailable(error), String(error)).toBe(true);
        return undefined;
      });
    }
    expect(read).toMatchObject({ id: user.id });
  });

  it('fails calls caught mid-transaction as unavailable, with no error escaping the process', async () => {
    // Vitest fails the run on an uncaught exception: a checked-out connection that dies between
    // two queries of a transaction must be heard, not left to crash the process.
    const { store } = await storeBehindProxy();
    const user = aUser();
    await store.users.insertUser(user);
    const failures: unknown[] = [];
    let answered = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          await store.posts.claimDuePosts({
            now: new Date(),
            limit: 5,
            leaseOwner: 'p',
            leaseUntil: new Date(),
          });
          await store.users.getUser(user.id);
          answered++;
        } catch (error) {
          failures.push(error);
        }
      }
    };
    const workers = Promise.all(Array.from({ length: 8 }, worker));
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (let round = 0; round < 3; round++) {
      await terminateConnections(db.url());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stop = true;
    await workers;

    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(isStoreUnavailable(failure), String(failure)).toBe(true);
    expect(answered).toBeGreaterThan(0);
    expect((await store.users.getUser(user.id))?.id).toBe(user.id);
  });
});
