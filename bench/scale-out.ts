// pnpm bench (scale-out part): 10,000 posts fall due at the same moment for 100 Facebook Pages on
// the sandbox simulator, which answers every API call after 100 ms. They are published by `svc
// publisher` processes sharing one PostgreSQL database: once by 1 process, once by 4, each with
// the default settings (16 publishes at a time per process). Reports posts/s of both runs and the
// speed-up (target >= 3x), and checks that every post reached the simulator exactly once.
//
// Needs PostgreSQL: SVC_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// each run gets a database of its own, dropped afterwards.

import { createScratchDatabase, startPublisherFleet } from '../packages/server/test/publisher-fleet.js';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const PAGES = 100;
const LATENCY_MS = 100;
const ADMIN_URL = process.env.SVC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Publishes POSTS due posts with `processes` publishers; posts per second from due time to the last. */
async function run(processes: number): Promise<{ postsPerSecond: number; seconds: number }> {
  const database = await createScratchDatabase(ADMIN_URL, 'bench');
  const fleet = await startPublisherFleet({ databaseUrl: database.url, latencyMs: LATENCY_MS });
  try {
    // Enough lead time for every process to start, migrate-check and go to sleep before the posts fall due.
    const due = new Date(Date.now() + 5_000 + processes * 1_000);
    const { ids } = await fleet.seedDuePosts(POSTS, { pages: PAGES, due });
    for (let i = 0; i < processes; i++) fleet.startPublisher({ LOG_LEVEL: 'warn' });
    await fleet.waitForPublished(POSTS, 30 * 60_000);
    await fleet.waitForSettled(ids, 60_000);
    let last = 0;
    for (const id of ids) {
      const post = await fleet.store.posts.getPost(id);
      if (post?.status !== 'posted' || post.publishedAt === null)
        throw new Error(`post ${id} is ${post?.status}`);
      last = Math.max(last, post.publishedAt.getTime());
    }
    const onPlatform = fleet.sandbox.control.published('facebook');
    const unique = new Set(onPlatform.map((p) => p.caption)).size;
    if (onPlatform.length !== POSTS || unique !== POSTS) {
      throw new Error(`${onPlatform.length} publications of ${unique} posts for ${POSTS} due`);
    }
    const seconds = (last - due.getTime()) / 1000;
    return { postsPerSecond: POSTS / seconds, seconds };
  } finally {
    await fleet.close();
    await database.drop();
  }
}

// BENCH_PROCESSES=4 runs only the 4-process half (to profile it); the speed-up needs both.
const counts = (process.env.BENCH_PROCESSES ?? '1,4').split(',').map(Number);
const results = new Map<number, number>();
for (const processes of counts) {
  const result = await run(processes);
  results.set(processes, result.postsPerSecond);
  console.log(
    `scale-out: ${processes} publisher process${processes === 1 ? '' : 'es'}: ${result.postsPerSecond.toFixed(0)} posts/s (${result.seconds.toFixed(1)} s)`,
  );
}
const one = results.get(1);
const four = results.get(4);
if (one !== undefined && four !== undefined) {
  console.log(
    `scale-out: speed-up 1 -> 4 processes ${(four / one).toFixed(2)}x (target >= 3); ` +
      `${POSTS} posts, ${PAGES} pages, ${LATENCY_MS} ms per platform call, no duplicates`,
  );
}
