import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Store } from '@svc/core';
import { createAesGcmSecretBox } from '@svc/core/node';
import { createSandbox } from '@svc/sandbox';
import { openPostgresStore } from '@svc/store-postgres';
import { describePostgres, holdTables } from '@svc/store-postgres/testing';
import { openSqliteStore } from '@svc/store-sqlite';
import { describe, expect, it } from 'vitest';
import { type CliOutcome, svcInProcess, svcProcess, useDataDirs } from './support.js';
import { type SweepSeeds, seedSweeps } from './sweep-seeds.js';

// Two `svc sweep` processes started together on one database: every sweep (token warnings,
// abandoned upload targets, the purge of soft-deleted posts, webhook retention) must have its
// effects exactly once, however the two interleave, and remove nothing else.

const dataDir = useDataDirs();
const SECRET = 'sweeps-process-master-secret-of-forty-chars';
const SANDBOX_SECRET = 'sweeps-process-sandbox-secret';
const SIZES = { refreshable: 12, accounts: 40, uploads: 700, posts: 450, copies: 6, messages: 1200 };
const COUNTS = [
  'refreshed',
  'warned',
  'abandonedUploads',
  'purgedPosts',
  'purgedMediaAssets',
  'webhookMessages',
];

/** A sandbox of the platforms on loopback, counting the token refreshes it answers per token's account. */
async function startSandbox() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sandbox = createSandbox({ baseUrl, secret: SANDBOX_SECRET, refreshMinAgeMs: 0, fetchMedia: false });
  let refreshes = 0;
  server.on('request', (req, res) => {
    if (req.url?.includes('/refresh_access_token') === true) refreshes += 1;
    sandbox.handle(req, res);
  });
  return {
    baseUrl,
    refreshes: () => refreshes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The two processes' counts added up. */
function summed(outcomes: readonly CliOutcome[]): Record<string, number> {
  return Object.fromEntries(
    COUNTS.map((name) => [name, outcomes.reduce((sum, o) => sum + (o.json?.[name] as number), 0)]),
  );
}

/**
 * Seeds every sweep's rows through `open`'s store, starts two `svc sweep` processes, lets `gate`
 * hold them until both are at their sweeps, then checks their counts, the platform's refreshes and
 * the rows left, and that a third sweep finds nothing.
 */
async function sweepTwiceAtOnce(
  env: Record<string, string>,
  open: () => Promise<Store>,
  gate: () => Promise<() => Promise<void>>,
) {
  const sandbox = await startSandbox();
  const box = createAesGcmSecretBox(SECRET);
  const seeding = await open();
  const seeds = await seedSweeps(seeding, new Date(), SIZES, {
    baseUrl: sandbox.baseUrl,
    secret: SANDBOX_SECRET,
    seal: (text) => box.seal(text),
  });
  await seeding.close();
  const withSandbox = {
    ...env,
    SVC_SECRET: SECRET,
    SVC_SANDBOX: 'on',
    SVC_BASE_URL: sandbox.baseUrl,
    LOG_LEVEL: 'warn',
  };
  try {
    const release = await gate();
    const running = Promise.all([svcProcess(['sweep'], withSandbox), svcProcess(['sweep'], withSandbox)]);
    await release();
    const outcomes = await running;
    for (const outcome of outcomes) expect(outcome.code, outcome.stderr).toBe(0);
    expect(summed(outcomes)).toEqual(seeds.expected);
    expect(sandbox.refreshes()).toBe(seeds.expected.refreshed);
    await checkRowsLeft(await open(), seeds);
    const again = await svcInProcess(['sweep'], withSandbox);
    expect(again.json).toMatchObject(Object.fromEntries(COUNTS.map((name) => [name, 0])));
    expect(sandbox.refreshes()).toBe(seeds.expected.refreshed);
  } finally {
    await sandbox.close();
  }
}

/** Every row the sweeps had to change is changed once, and every other row is still there. */
async function checkRowsLeft(store: Store, seeds: SweepSeeds) {
  try {
    for (const id of seeds.refreshedAccountIds) {
      const account = await store.accounts.getAccount(id);
      expect(account?.tokenExpiresAt?.getTime(), id).toBeGreaterThan(Date.now() + 30 * 86_400_000);
      expect(await store.events.historyOf(seeds.ownerId, id, 10), id).toEqual([]);
    }
    for (const id of seeds.warnedAccountIds) {
      const history = await store.events.historyOf(seeds.ownerId, id, 10);
      expect(
        history.map((e) => e.type),
        id,
      ).toEqual(['account.token_expiring']);
    }
    expect(await store.events.historyOf(seeds.ownerId, seeds.laterAccountId, 10)).toEqual([]);
    for (const id of seeds.purgedPostIds) expect(await store.posts.getPost(id)).toBeNull();
    for (const id of seeds.keptPostIds) expect(await store.posts.getPost(id), id).not.toBeNull();
    expect(await store.media.getMediaAssets(seeds.removedAssetIds)).toEqual([]);
    expect((await store.media.getMediaAssets(seeds.keptAssetIds)).map((a) => a.id).sort()).toEqual(
      [...seeds.keptAssetIds].sort(),
    );
    for (const id of seeds.removedDeliveryIds.slice(0, 50)) {
      expect(await store.webhooks.getDelivery(seeds.ownerId, id)).toBeNull();
    }
    for (const id of seeds.keptDeliveryIds) {
      expect(await store.webhooks.getDelivery(seeds.ownerId, id), id).not.toBeNull();
    }
    expect(await store.webhooks.pendingCount()).toBe(1);
  } finally {
    await store.close();
  }
}

describe('svc sweep on SQLite, two processes at once', () => {
  it('has every sweep take effect once', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const env = { SVC_DATA_DIR: dir };
    expect((await svcInProcess(['migrate'], env)).code).toBe(0);
    const path = join(dir, 'svc.db');
    // A write lock held while both start, so both are at their sweeps and contend for every batch.
    // SQLite has one writer at a time and busy-waits: the process already writing usually wins the
    // next batch too, so this checks the exactly-once effects, not an even split (PostgreSQL below).
    const gate = async () => {
      const lock = new DatabaseSync(path);
      lock.exec('BEGIN IMMEDIATE');
      return async () => {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        lock.exec('COMMIT');
        lock.close();
      };
    };
    await sweepTwiceAtOnce(env, async () => openSqliteStore({ path }), gate);
  });
});

await describePostgres('svc sweep on PostgreSQL, two processes at once', (db) => {
  it('has every sweep take effect once', { timeout: 120_000 }, async () => {
    const env = { SVC_DATA_DIR: dataDir(), DATABASE_URL: db.url() };
    expect((await svcInProcess(['migrate'], env)).code).toBe(0);
    // Every sweep's first statement waits for these tables: released once all four sweeps of
    // both processes wait, so they start at the same moment.
    const gate = async () => {
      const hold = await holdTables(db.url(), [
        'connected_accounts',
        'media_assets',
        'posts',
        'webhook_messages',
      ]);
      return async () => {
        try {
          await hold.waitForWaiters(8);
        } finally {
          await hold.release();
        }
      };
    };
    await sweepTwiceAtOnce(
      env,
      () => openPostgresStore({ connectionString: db.url(), migrate: false }),
      gate,
    );
  });
});
