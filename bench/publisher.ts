// pnpm bench (publisher part): 10,000 posts fall due at the same moment for 100 Facebook Pages on
// the sandbox simulator, which answers every API call after 100 ms and runs in a process of its
// own, so its CPU is not counted against the publisher. One publisher (in this process, with the
// server's default limits except a global concurrency of 100) publishes them over real HTTP into
// a real SQLite file. Reports posts/s and the p50/p99 delay from due time to
// `posted`, and the bound the platform's latency sets (publishes in flight / (platform calls per
// post × latency)) with the throughput's ratio to it. Then times the claim query with 10,000 and
// with 1,000,000 scheduled rows in the table.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Post, Store } from '@svc/core';
import { createAesGcmSecretBox, systemClock } from '@svc/core/node';
import { aPost, aUser } from '@svc/core/testing';
import { createFacebookGateway, createPublisher, DEFAULT_PUBLISHER_OPTIONS } from '@svc/publisher';
import { SANDBOX_APPS, sandboxEndpoints } from '@svc/sandbox';
import { openSqliteStore } from '@svc/store-sqlite';
import { seedFacebookPages } from '../packages/server/test/publisher-fleet.js';
import { startSimulatorProcess } from '../packages/server/test/simulator-process.js';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const PAGES = 100;
const LATENCY_MS = 100;
const CONCURRENCY = 100;
const SECRET = 'bench-sandbox-secret';
const box = createAesGcmSecretBox('bench-master-secret-of-32-characters!!');

async function insertAll(store: Store, ownerId: string, posts: Post[]): Promise<void> {
  for (let i = 0; i < posts.length; i += 1000) {
    await store.posts.insertPosts({
      ownerId,
      at: systemClock.now(),
      posts: posts.slice(i, i + 1000),
      idempotency: null,
      quota: { limit: Number.MAX_SAFE_INTEGER, windowStart: new Date(0) },
    });
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function publishRun(dir: string) {
  const simulator = await startSimulatorProcess({ secret: SECRET, latencyMs: LATENCY_MS });
  const { baseUrl } = simulator;
  const store = openSqliteStore({ path: join(dir, 'publish.db') });
  const owner = aUser();
  await store.users.insertUser(owner);
  const accountIds = await seedFacebookPages(store, {
    ownerId: owner.id,
    pages: PAGES,
    secret: SECRET,
    baseUrl,
    seal: (text) => box.seal(text),
  });
  const due = new Date(Date.now() + 2_000);
  const posts = Array.from({ length: POSTS }, (_, i) =>
    aPost(owner.id, accountIds[i % PAGES] as string, {
      platforms: ['facebook'],
      caption: `bench post ${i}`,
      media: [],
      scheduledTime: due,
      dueAt: due,
    }),
  );
  await insertAll(store, owner.id, posts);
  const publisher = createPublisher(
    {
      store,
      clock: systemClock,
      secretBox: box,
      gateways: {
        facebook: createFacebookGateway({
          ...SANDBOX_APPS.facebook,
          hosts: sandboxEndpoints(baseUrl).facebook,
          clock: systemClock,
        }),
      },
      mediaUrl: (id) => id,
      logger: { info() {}, warn() {}, error: (f, m) => console.error(m, f) },
    },
    {
      ...DEFAULT_PUBLISHER_OPTIONS,
      leaseOwner: 'bench',
      concurrency: { global: CONCURRENCY, perPlatform: CONCURRENCY, perAccount: 1 },
    },
  );
  const cpuBefore = process.cpuUsage();
  const simulatorBefore = await simulator.usage(); // the Pages' seeding made no calls, but count from here
  publisher.start();
  publisher.wake(due);
  const started = due.getTime();
  while ((await simulator.publishedCount('facebook')) < POSTS) await new Promise((r) => setTimeout(r, 200));
  // The last posts are out but may still be reading their permalink: stopping now would hand them
  // back unfinished (`scheduled`, resumed at the next start), so let them settle first.
  await publisher.idle();
  await publisher.stop();
  const cpu = process.cpuUsage(cpuBefore);
  const simulatorAfter = await simulator.usage();
  const callsPerPost = (simulatorAfter.calls - simulatorBefore.calls) / POSTS;
  const delays: number[] = [];
  let lastPublished = 0;
  for (const post of posts) {
    const stored = await store.posts.getPost(post.id);
    if (stored?.status !== 'posted' || stored.publishedAt === null)
      throw new Error(`post ${post.id} is ${stored?.status}`);
    delays.push(stored.publishedAt.getTime() - started);
    lastPublished = Math.max(lastPublished, stored.publishedAt.getTime());
  }
  delays.sort((a, b) => a - b);
  const published = await simulator.publishedCaptions('facebook');
  await store.close();
  await simulator.close();
  return {
    postsPerSecond: POSTS / ((lastPublished - started) / 1000),
    p50Ms: percentile(delays, 50),
    p99Ms: percentile(delays, 99),
    duplicates: published.length - new Set(published).size, // every caption is a different post
    callsPerPost,
    // CPU per post, which a busy machine shares out but does not inflate the way it stretches
    // wall-clock throughput: the publisher's process (SQLite included: it runs in this thread)
    // and the simulator's, apart.
    cpuMsPerPost: (cpu.user + cpu.system) / 1000 / POSTS,
    simulatorCpuMsPerPost: (simulatorAfter.cpuMs - simulatorBefore.cpuMs) / POSTS,
  };
}

/** Median time of claiming 100 due posts while `rows` scheduled rows wait in the table. */
async function claimTime(dir: string, rows: number): Promise<number> {
  const store = openSqliteStore({ path: join(dir, `claim-${rows}.db`) });
  const owner = aUser();
  await store.users.insertUser(owner);
  const future = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < rows; i += 10_000) {
    const batch = Array.from({ length: Math.min(10_000, rows - i) }, () =>
      aPost(owner.id, 'acct_x', { scheduledTime: future, dueAt: future }),
    );
    await insertAll(store, owner.id, batch);
  }
  const now = new Date();
  const samples: number[] = [];
  // The first rounds pay for checkpointing the bulk insert's WAL and warming the page cache.
  for (let round = 0; round < 60; round++) {
    await insertAll(
      store,
      owner.id,
      Array.from({ length: 100 }, () => aPost(owner.id, 'acct_x', { scheduledTime: now, dueAt: now })),
    );
    const t0 = process.hrtime.bigint();
    const claimed = await store.posts.claimDuePosts({
      now: new Date(),
      limit: 100,
      leaseOwner: 'b',
      leaseUntil: future,
    });
    if (round >= 10) samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (claimed.length !== 100) throw new Error(`claimed ${claimed.length}`);
  }
  await store.close();
  samples.sort((a, b) => a - b);
  return percentile(samples, 50);
}

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-publisher-'));
try {
  const run = await publishRun(dir);
  console.log(
    `publisher: ${POSTS} posts due at once, ${PAGES} pages, ${LATENCY_MS} ms per platform call: ` +
      `${run.postsPerSecond.toFixed(0)} posts/s, due→posted p50 ${(run.p50Ms / 1000).toFixed(1)} s, p99 ${(run.p99Ms / 1000).toFixed(1)} s, duplicates ${run.duplicates}, ` +
      `CPU per post ${run.cpuMsPerPost.toFixed(2)} ms publisher, ${run.simulatorCpuMsPerPost.toFixed(2)} ms simulator (own process)`,
  );
  // No publisher can beat the platform's latency: at most CONCURRENCY publishes in flight (one
  // per Page, and there are as many Pages), each waiting LATENCY_MS for every call it makes.
  const inFlight = Math.min(CONCURRENCY, PAGES);
  const bound = inFlight / ((run.callsPerPost * LATENCY_MS) / 1000);
  console.log(
    `platform-latency bound: ${inFlight} in flight / (${run.callsPerPost.toFixed(2)} calls per post × ${LATENCY_MS} ms) = ` +
      `${bound.toFixed(0)} posts/s; throughput / bound = ${(run.postsPerSecond / bound).toFixed(2)} (target >= 0.9)`,
  );
  const small = await claimTime(dir, 10_000);
  const largeRows = Number(process.env.BENCH_CLAIM_ROWS ?? 1_000_000);
  const large = await claimTime(dir, largeRows);
  console.log(
    `claim query (100 due posts): ${small.toFixed(2)} ms with 10,000 scheduled rows, ${large.toFixed(2)} ms with ${largeRows.toLocaleString('en')}; ratio ${(large / small).toFixed(2)} (target <= 2)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
