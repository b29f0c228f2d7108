// pnpm bench:journal: what appending to the event journal costs PostgreSQL writers running at once.
// WRITERS stores (one connection each) on one database:
//   - updates: each changes its own post ROUNDS times, one `post.edited` event per update (the
//     single-statement path, `withEvents`);
//   - inserts: each inserts BATCHES batches of 5 new posts of its own owner, a `post.scheduled`
//     event each (the transaction path: lock, quota, rows, usage, then the events).
//   - read: one reader then reads the whole journal from the start, 500 events a page, as a
//     follower catching up does (on PostgreSQL this includes numbering what was appended).
// Reported as operations per second over the whole phase. Absolute figures depend on the machine
// (and its fsync); compare runs of two versions on the same machine, alternating them.
//
// PostgreSQL: SVC_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres); the run
// gets a database of its own, dropped afterwards. BENCH_JOURNAL_WRITERS (8), BENCH_JOURNAL_ROUNDS
// (2000) and BENCH_JOURNAL_BATCHES (200) change the sizes. BENCH_JOURNAL_ASYNC_COMMIT=1 runs the
// sessions with synchronous_commit off: no wait for the disk at commit, so what is left is the
// appenders' own cost (a slow fsync otherwise dominates both versions alike).

import { type Post, postEvent, type Store, scheduledEvents } from '@svc/core';
import { aPost } from '@svc/core/testing';
import { openPostgresStore } from '../packages/store-postgres/src/index.js';
import { createScratchDatabase } from '../packages/store-postgres/src/testing/index.js';

const WRITERS = Number(process.env.BENCH_JOURNAL_WRITERS ?? 8);
const ROUNDS = Number(process.env.BENCH_JOURNAL_ROUNDS ?? 2000);
const BATCHES = Number(process.env.BENCH_JOURNAL_BATCHES ?? 200);
const ADMIN_URL = process.env.SVC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POOL = {
  max: 1,
  ...(process.env.BENCH_JOURNAL_ASYNC_COMMIT === '1' ? { options: '-c synchronous_commit=off' } : {}),
};
const T0 = new Date('2026-01-15T12:00:00.000Z');

const ownerOf = (writer: number) => `user_bench_journal_${writer}`;

async function insertBatch(store: Store, writer: number, posts: Post[]): Promise<void> {
  const outcome = await store.posts.insertPosts({
    ownerId: ownerOf(writer),
    at: T0,
    posts,
    idempotency: null,
    quota: { limit: 1_000_000, windowStart: T0 },
    events: scheduledEvents(posts, T0),
  });
  if (outcome.kind !== 'inserted') throw new Error(`inserting answered ${outcome.kind}`);
}

async function updates(store: Store, writer: number): Promise<void> {
  let post = aPost(ownerOf(writer), 'acct_bench', { id: `post_bench_u${writer}` });
  await insertBatch(store, writer, [post]);
  for (let i = 0; i < ROUNDS; i++) {
    const next = { ...post, caption: `caption ${i}` };
    const event = postEvent('post.edited', next, T0, { changed: 'caption' });
    const stored = await store.posts.updatePost(next, post.version, [event]);
    if (stored === null) throw new Error('an update was lost');
    post = stored;
  }
}

async function inserts(store: Store, writer: number): Promise<void> {
  for (let b = 0; b < BATCHES; b++) {
    const posts = Array.from({ length: 5 }, (_, i) =>
      aPost(ownerOf(writer), 'acct_bench', { id: `post_bench_i${writer}_${b}_${i}`, caption: `p ${b} ${i}` }),
    );
    await insertBatch(store, writer, posts);
  }
}

async function readAll(store: Store): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const page = await store.events.listEvents(after, 500);
    const last = page.at(-1);
    if (last === undefined) return;
    after = last.position;
  }
}

async function phase(
  label: string,
  stores: Store[],
  work: (store: Store, writer: number) => Promise<void>,
  ops: number,
) {
  const started = performance.now();
  await Promise.all(stores.map((store, writer) => work(store, writer)));
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label.padEnd(8)} ${ops} in ${seconds.toFixed(2)} s: ${(ops / seconds).toFixed(0)}/s`);
}

const database = await createScratchDatabase(ADMIN_URL, 'bench');
try {
  const first = await openPostgresStore({ connectionString: database.url, pool: POOL });
  const stores = [first];
  for (let i = 1; i < WRITERS; i++)
    stores.push(await openPostgresStore({ connectionString: database.url, pool: POOL }));
  try {
    await phase('updates', stores, updates, WRITERS * ROUNDS);
    await phase('inserts', stores, inserts, WRITERS * BATCHES);
    const events = WRITERS * (ROUNDS + 1 + 5 * BATCHES);
    await phase('read', [first], readAll, events);
  } finally {
    await Promise.all(stores.map((store) => store.close()));
  }
} finally {
  await database.drop();
}
