import { createCollector, DEFAULT_COLLECTOR_OPTIONS } from '@svc/publisher';
import { describePostgres, type OutageProxy, startOutageProxy } from '@svc/store-postgres/testing';
import { afterEach, expect, it } from 'vitest';
import { createLogger, loadConfig, openServices, type Services } from '../src/index.js';
import { engineDeps } from '../src/start-publisher.js';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';

// Metric collectors on PostgreSQL that lose the database in the middle of a round, and one that
// dies holding leases: every published post ends with exactly one reading for its slot, none lost
// and none twice.

const POSTS = 8;
let server: SandboxServer | null = null;
let proxy: OutageProxy | null = null;
const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close().catch(() => {});
  await server?.close();
  await proxy?.close();
  server = null;
  proxy = null;
});

await describePostgres('metric collectors while PostgreSQL goes away', (db) => {
  it('lose and duplicate no reading across an outage and a collector that died holding leases', async () => {
    proxy = await startOutageProxy(db.url());
    server = await startSandboxServer({ DATABASE_URL: db.url() });
    const { key, accounts } = await seedUser(server, ['threads']);
    const ids: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const created = await server.call('/api/v1/publish', key, {
        method: 'POST',
        json: { platforms: ['threads'], profileIds: [accounts.threads], caption: `Post ${i}` },
      });
      const post = await settled(server, key, created.body.postIds[0], 30_000);
      expect(post.status, post.failedReason).toBe('posted');
      ids.push(post.id);
    }
    // Collectors of other processes, reaching the database through the relay.
    const loaded = loadConfig({ ...server.env, DATABASE_URL: proxy.url }, process.cwd());
    if (!loaded.ok) throw new Error(loaded.error);
    const services = await openServices(loaded.config);
    opened.push(services);
    const logger = createLogger({ level: 'silent', destination: 'stdout' });
    const collector = (leaseOwner: string) =>
      createCollector(engineDeps(services, logger), {
        ...DEFAULT_COLLECTOR_OPTIONS,
        leaseOwner,
        leaseMs: 1_500,
      });
    await services.core.store.analytics.followJournal(1_000);
    expect(await services.core.store.analytics.collectNow(null, new Date())).toBe(POSTS);

    // The database goes away during the third metrics read of the first collector.
    let reads = 0;
    server.sandbox.control.intercept((call, phase) => {
      if (phase === 'before' && call.operation.includes('insights') && ++reads === 3) void proxy?.down();
    });
    await expect(collector('first').drain()).rejects.toThrow();
    await proxy.up();
    const pause = () => new Promise((resolve) => setTimeout(resolve, 1_600));
    // The first collector's leases run out; a second one claims two posts and dies (kill -9)
    // before reading them: its leases must run out too.
    await pause();
    const killed = await services.core.store.analytics.claimCollections({
      now: new Date(),
      leaseOwner: 'killed',
      leaseUntil: new Date(Date.now() + 1_500),
      limit: 2,
    });
    expect(killed).toHaveLength(2);
    await pause();
    const rest = await collector('third').drain();
    expect(rest.posts).toBeGreaterThan(0);

    for (const id of ids) {
      const snapshots = await services.core.store.analytics.listSnapshots(id);
      expect(
        snapshots.map((s) => s.slot),
        id,
      ).toEqual([0]);
    }
    // Nothing is due any more: every post was read once for its slot.
    expect(await collector('fourth').drain()).toEqual({ posts: 0, snapshots: 0 });
  }, 90_000);
});
