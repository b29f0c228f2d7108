// pnpm bench:console: how fast the web console's pages answer on a large account. One user with
// three connected accounts has 10,000 posts (scheduled, posted, failed, drafts, posts awaiting
// review with their approval requests, and deleted ones), each with its last journal event, and
// a few API keys. The console runs
// over the real services (`openServices`, as `svc serve` builds them) on a SQLite file in a temp
// dir and on a scratch PostgreSQL database; a signed-in client reads each page ROUNDS times, one
// request at a time, after a warm-up, and the p50 and p99 of each page are reported. The target is
// a p99 under 100 ms on this 2-core machine; absolute figures depend on the machine.
//
// Scale with BENCH_CONSOLE_POSTS (default 10,000) and BENCH_CONSOLE_ROUNDS (default 200); pick
// stores with BENCH_CONSOLE_STORES (default sqlite,postgres). PostgreSQL: SVC_TEST_POSTGRES_URL
// (default postgres://postgres@127.0.0.1:5432/postgres); the run's database is dropped afterwards.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConsole } from '@svc/console';
import {
  type Approval,
  createApiKey,
  createSignInLimiter,
  createUser,
  type DomainEvent,
  type Post,
  type PostStatus,
  postEvent,
} from '@svc/core';
import { hashPassword } from '@svc/core/node';
import { anAccount, aPost } from '@svc/core/testing';
import { loadConfig, openServices, type Services } from '@svc/server';
import { createScratchDatabase } from '../packages/store-postgres/src/testing/scratch-database.js';

const POSTS = Number(process.env.BENCH_CONSOLE_POSTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_CONSOLE_ROUNDS ?? 200);
const WARM_UP = 10;
const STORES = (process.env.BENCH_CONSOLE_STORES ?? 'sqlite,postgres').split(',');
const ADMIN_URL = process.env.SVC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench console password';
const DAY_MS = 86_400_000;

// The mix of an account in daily use: mostly published, a backlog scheduled, some of the rest.
const MIX: readonly [PostStatus | 'deleted', number][] = [
  ['posted', 0.55],
  ['scheduled', 0.25],
  ['draft', 0.08],
  ['failed', 0.05],
  ['pending_approval', 0.04],
  ['deleted', 0.03],
];

// The journal event each post's last change left, so the overview's recent activity has the
// account's real history to read (and the captions of the posts it names).
function lastEventOf(post: Post): DomainEvent {
  if (post.deletedAt !== null) return postEvent('post.deleted', post, post.deletedAt);
  switch (post.status) {
    case 'posted':
      return postEvent('post.posted', post, post.publishedAt ?? post.createdAt, {
        permalink: post.permalink,
        platformPostId: post.platformPostId,
      });
    case 'failed':
      return postEvent('post.failed', post, post.updatedAt, { reason: post.failedReason });
    case 'pending_approval':
      return postEvent('post.approval_requested', post, post.createdAt);
    default:
      return postEvent('post.scheduled', post, post.createdAt, {
        scheduledTime: post.scheduledTime?.toISOString() ?? null,
      });
  }
}

async function seed(services: Services): Promise<string[]> {
  const { core } = services;
  const now = core.clock.now().getTime();
  const user = (
    await createUser(core, { email: EMAIL, plan: 'paid', trialDays: 14, betaTester: false })
  )._unsafeUnwrap();
  await core.store.users.setPasswordHash(user.id, await hashPassword(PASSWORD), new Date(now));
  const accounts = [];
  for (const platform of ['threads', 'instagram', 'tiktok'] as const) {
    accounts.push(
      await core.store.accounts.saveAccount(anAccount(user.id, { platform, handle: `bench_${platform}` })),
    );
  }
  for (let i = 0; i < 5; i++) {
    (
      await createApiKey(core, {
        email: EMAIL,
        scopes: ['*'],
        accountIds: null,
        name: `key ${i}`,
        expiresInDays: null,
      })
    )._unsafeUnwrap();
  }
  const posts: Post[] = [];
  const approvals: Approval[] = [];
  let cursor = 0;
  for (const [status, share] of MIX) {
    const count = Math.round(POSTS * share);
    for (let n = 0; n < count; n++, cursor++) {
      const account = accounts[cursor % accounts.length] as (typeof accounts)[number];
      const created = new Date(now - (POSTS - cursor) * 60_000);
      const future = status === 'scheduled' || status === 'pending_approval' || status === 'draft';
      const when = new Date(future ? now + (cursor % 90) * DAY_MS + 3_600_000 : created.getTime());
      const post = aPost(user.id, account.id, {
        platforms: [account.platform],
        status: status === 'deleted' ? 'scheduled' : status,
        caption: `Bench post ${cursor} about the spring collection #bench`,
        createdAt: created,
        updatedAt: created,
        scheduledTime: when,
        dueAt: status === 'scheduled' ? when : null,
        publishedAt: status === 'posted' ? when : null,
        permalink: status === 'posted' ? `https://example.com/p/${cursor}` : null,
        platformPostId: status === 'posted' ? `pp${cursor}` : null,
        failedReason: status === 'failed' ? 'The platform refused the media.' : null,
        deletedAt: status === 'deleted' ? new Date(now - (cursor % 20) * DAY_MS) : null,
      });
      posts.push(post);
      if (status === 'pending_approval') {
        approvals.push({
          id: `appr_bench${String(cursor).padStart(21, '0')}`,
          postId: post.id,
          ownerId: user.id,
          status: 'pending',
          requestNote: 'Please check',
          reviewerNote: null,
          requestedAt: created,
          decidedAt: null,
          requestedBy: 'key_bench',
        });
      }
    }
  }
  for (let i = 0; i < posts.length; i += 500) {
    await core.store.posts.insertPosts({
      ownerId: user.id,
      at: new Date(now),
      posts: posts.slice(i, i + 500),
      idempotency: null,
      quota: { limit: Number.MAX_SAFE_INTEGER, windowStart: new Date(0) },
      events: posts.slice(i, i + 500).map(lastEventOf),
    });
  }
  for (const approval of approvals) await core.store.approvals.insertApproval(approval);
  const someFailed = posts.find((p) => p.status === 'failed') as Post;
  return [
    '/app',
    '/app/compose',
    '/app/calendar',
    '/app/posts',
    '/app/posts?status=failed',
    `/app/posts/${someFailed.id}`,
    '/app/approvals',
    '/app/deleted',
    '/app/media',
    '/app/connections',
    '/app/automations',
    '/app/analytics',
    '/app/keys',
    '/app/billing',
  ];
}

async function measure(services: Services, baseUrl: string, paths: readonly string[]): Promise<void> {
  const web = createConsole({
    core: services.core,
    baseUrl,
    trustProxy: false,
    logger: { warn() {}, error: (f: unknown, m: string) => console.error(m, f) },
    signInLimiter: createSignInLimiter(services.core.store.rateLimits, services.core.clock),
    webhookSender: services.webhookSender,
  });
  const server = createServer((req, res) => web.handle(req, res));
  await new Promise<void>((resolve) => server.listen(Number(new URL(baseUrl).port), '127.0.0.1', resolve));
  try {
    const signIn = await fetch(`${baseUrl}/app/sign-in`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD, next: '/app' }),
      redirect: 'manual',
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    for (const path of paths) {
      const times: number[] = [];
      for (let round = 0; round < WARM_UP + ROUNDS; round++) {
        const started = performance.now();
        const res = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
        if (round >= WARM_UP) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const pick = (q: number) =>
        (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(1);
      console.log(`  ${path.padEnd(40)} p50 ${pick(0.5).padStart(6)} ms   p99 ${pick(0.99).padStart(6)} ms`);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

async function run(store: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-console-'));
  const scratch = store === 'postgres' ? await createScratchDatabase(ADMIN_URL, 'bench') : null;
  const port = 41_000 + Math.floor(Math.random() * 1000);
  const loaded = loadConfig(
    {
      PORT: String(port),
      SVC_BASE_URL: `http://127.0.0.1:${port}`,
      SVC_DATA_DIR: dir,
      SVC_SECRET: 'bench-console-secret-of-at-least-32-chars',
      SVC_SANDBOX: 'on',
      ...(scratch === null ? {} : { DATABASE_URL: scratch.url }),
    },
    process.cwd(),
  );
  if (!loaded.ok) throw new Error(loaded.error);
  const services = await openServices(loaded.config);
  try {
    const started = performance.now();
    const paths = await seed(services);
    console.log(`${store}: ${POSTS} posts seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await measure(services, loaded.config.baseUrl, paths);
  } finally {
    await services.close();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const store of STORES) await run(store);
