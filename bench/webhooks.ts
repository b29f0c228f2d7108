// pnpm bench:webhooks: how long from a post's state change to the start of its webhook's
// delivery. A real server (in this process, with its publisher and webhook worker) on the sandbox
// publishes POSTS Threads posts one after another; a receiver on loopback verifies each
// `post.published` with `standardwebhooks` and notes when it arrived. Latency = arrival minus the
// event's own time (the body's `timestamp`, when the post became `posted`). Reported as p50, p95,
// p99 and max, on SQLite and on PostgreSQL (target: p99 under 1 s on a quiet machine).
//
// PostgreSQL: SVC_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres); the run
// gets a database of its own, dropped afterwards. BENCH_WEBHOOK_POSTS changes the count (200).

import { createScratchDatabase } from '../packages/server/test/publisher-fleet.js';
import { seedUser, startSandboxServer } from '../packages/server/test/sandbox-server.js';
import { startWebhookReceiver } from '../packages/server/test/webhook-receiver.js';

const POSTS = Number(process.env.BENCH_WEBHOOK_POSTS ?? 200);
const ADMIN_URL = process.env.SVC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function run(label: string, env: Record<string, string>): Promise<void> {
  const receiver = await startWebhookReceiver();
  const server = await startSandboxServer({ ...env, SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
  try {
    const { key, accounts } = await seedUser(server, ['threads']);
    const created = await server.call('/api/v1/webhooks', key, {
      method: 'POST',
      json: { url: `${receiver.url}/bench`, events: ['post.published'] },
    });
    if (created.status !== 201) throw new Error(`subscribing answered ${created.status}`);
    receiver.setSecret(created.body.secret);
    for (let i = 0; i < POSTS; i++) {
      const answer = await server.call('/api/v1/publish', key, {
        method: 'POST',
        json: { platforms: ['threads'], profileIds: [accounts.threads], caption: `bench ${label} ${i}` },
      });
      if (answer.status !== 200) throw new Error(`publishing answered ${answer.status}`);
      // About 20 posts a second: a busy account, not a flood the publisher must queue.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await receiver.waitFor(() => receiver.idsOf('post.published').size >= POSTS, 120_000, 'every delivery');
    if (receiver.rejected.length > 0)
      throw new Error(`${receiver.rejected.length} deliveries failed verification`);
    const latencies = receiver.received.map((r) => r.arrivedAt - r.eventAt).sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0;
    console.log(
      `${label.padEnd(10)} ${POSTS} post.published: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
    );
  } finally {
    await server.close();
    await receiver.close();
  }
}

await run('SQLite', {});
const database = await createScratchDatabase(ADMIN_URL, 'bench');
try {
  await run('PostgreSQL', { DATABASE_URL: database.url });
} finally {
  await database.drop();
}
