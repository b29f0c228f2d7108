import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Post, Store } from '@svc/core';
import { createAesGcmSecretBox, systemClock } from '@svc/core/node';
import { aMediaAsset, aPost, aUser, seedMediaAsset } from '@svc/core/testing';
import { createSandbox, mintSandboxAccount, type Sandbox } from '@svc/sandbox';
import { openPostgresStore } from '@svc/store-postgres';
import { describePostgres } from '@svc/store-postgres/testing';
import { afterEach, expect, it } from 'vitest';
import { followJournal } from './follow-journal.js';
import { subscribeWebhook } from './subscribe-webhook.js';
import { SVC_BIN } from './support.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

// Three `svc publisher` processes (each with its metric collector) on one PostgreSQL database
// publish TikTok photo posts to a simulator whose moderation holds every public post id back for
// a while, as TikTok's does. One process is killed with SIGKILL while publishing, another while the
// collectors ask for the held-back ids. Every post must reach TikTok once, none may be lost, every
// post must end with the simulator's public id and link, and each post's link arrives once: in its
// `post.posted`, or else in exactly one `post.permalink_ready` (webhooks at least once, a repeat
// being the same message).

const POSTS = 16;
const ACCOUNTS = 8;
const MODERATION_MS = 15_000;
const MASTER_SECRET = 'tiktok-moderation-fleet-master-secret-40ch';
const SANDBOX_SECRET = 'tiktok-moderation-fleet-sandbox-secret';

type Fleet = {
  readonly sandbox: Sandbox;
  readonly store: Store;
  readonly server: Server;
  readonly dataDir: string;
  readonly children: { child: ChildProcess; exited: Promise<void> }[];
};
let fleet: Fleet | null = null;
let receiver: WebhookReceiver | null = null;
afterEach(async () => {
  if (fleet !== null) {
    for (const { child, exited } of fleet.children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await fleet.store.close();
    await new Promise((resolve) => fleet?.server.close(resolve));
    rmSync(fleet.dataDir, { recursive: true, force: true });
  }
  fleet = null;
  await receiver?.close();
  receiver = null;
});

await describePostgres('TikTok posts whose public id comes late, with processes killed', (db) => {
  it('publishes each post once and gives every post its link once, across SIGKILLs', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sandbox = createSandbox({
      baseUrl,
      secret: SANDBOX_SECRET,
      latencyMs: 5,
      fetchMedia: false,
      tiktok: { moderation: { afterMs: MODERATION_MS, afterReads: 0 } },
    });
    server.on('request', (req, res) => sandbox.handle(req, res));
    const store = await openPostgresStore({ connectionString: db.url() });
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-tiktok-fleet-'));
    fleet = { sandbox, store, server, dataDir, children: [] };
    const { ids, ownerId } = await seedPhotoPosts(store, baseUrl, new Date(Date.now() + 1_500));
    receiver = await startWebhookReceiver();
    receiver.setSecret(
      await subscribeWebhook(store, createAesGcmSecretBox(MASTER_SECRET), {
        ownerId,
        url: `${receiver.url}/tiktok`,
        events: ['post.permalink_ready'],
      }),
    );

    const env = {
      DATABASE_URL: db.url(),
      SVC_BASE_URL: baseUrl,
      SVC_SANDBOX: 'on',
      SVC_SECRET: MASTER_SECRET,
      SVC_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Short leases and intervals, so what a killed process held comes back within the test.
      SVC_PUBLISHER_LEASE_MS: '3000',
      SVC_PUBLISHER_INTERVAL_MS: '1000',
      SVC_COLLECTOR_INTERVAL_MS: '1000',
      SVC_COLLECTOR_LEASE_MS: '3000',
      SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
      // A publisher killed after marking a photo post's start and before TikTok got its init leaves
      // a post the next one looks for before sending again: 40 s (over the 15 s review) instead of
      // 10 minutes, so the test can wait it out.
      TIKTOK_PHOTO_RESEND_AFTER_MS: '40000',
    };
    const journal = followJournal(store.events, 100);
    const processes = Array.from({ length: 3 }, () => startPublisher(fleet as Fleet, env));
    const [publishing, asking] = processes;
    if (publishing === undefined || asking === undefined) throw new Error('no publishers');

    // Killed while publishing.
    await waitFor(() => sandbox.control.published('tiktok').length >= POSTS / 2, 90_000, 'half published');
    publishing.child.kill('SIGKILL');
    await publishing.exited;
    await waitForPosts(store, ids, (p) => p.status === 'posted' || p.status === 'failed', 150_000);

    // Killed while the collectors ask for the held-back ids: the first ask after publishing.
    let asked = false;
    sandbox.control.intercept((call, phase) => {
      if (call.operation === 'tiktok.status' && phase === 'before') asked = true;
    });
    await waitFor(() => asked, 90_000, 'a public id check');
    asking.child.kill('SIGKILL');
    await asking.exited;
    await waitForPosts(store, ids, (p) => p.permalink !== null, 120_000);

    const onPlatform = sandbox.control.published('tiktok');
    expect(onPlatform).toHaveLength(POSTS);
    const byCaption = new Map(onPlatform.map((p) => [p.caption, p]));
    expect(byCaption.size).toBe(POSTS);
    const posts = await Promise.all(ids.map(async (id) => (await store.posts.getPost(id)) as Post));
    for (const post of posts) {
      const published = byCaption.get(`Moderated ${post.caption}\n\n${post.caption}`);
      expect(post.status, post.failedReason ?? post.id).toBe('posted');
      expect(post.platformPostId, post.id).toBe(published?.id);
      expect(post.permalink, post.id).toBe(published?.permalink);
    }

    // Each post's link is told once: with its post.posted, or in one post.permalink_ready. The
    // journal shows an event once nothing can commit before it, so the reader may lag a little.
    await waitFor(
      () => {
        const seen = journal.events();
        const withoutLink = seen.filter((e) => e.type === 'post.posted' && e.data.permalink === null);
        const told = seen.filter((e) => e.type === 'post.permalink_ready');
        return (
          seen.filter((e) => e.type === 'post.posted').length >= POSTS && told.length >= withoutLink.length
        );
      },
      30_000,
      'every event in the journal',
    );
    const events = await journal.stop();
    const postedOf = new Map(events.filter((e) => e.type === 'post.posted').map((e) => [e.subjectId, e]));
    expect(new Set(postedOf.keys())).toEqual(new Set(ids));
    expect(events.filter((e) => e.type === 'post.posted')).toHaveLength(POSTS);
    const ready = events.filter((e) => e.type === 'post.permalink_ready');
    expect(new Set(ready.map((e) => e.subjectId)).size).toBe(ready.length);
    const late = ids.filter((id) => postedOf.get(id)?.data.permalink === null);
    expect(late.length).toBeGreaterThan(0);
    expect(new Set(ready.map((e) => e.subjectId))).toEqual(new Set(late));
    for (const event of ready) {
      const post = posts.find((p) => p.id === event.subjectId);
      expect(event.data).toMatchObject({ platformPostId: post?.platformPostId, permalink: post?.permalink });
    }

    // Integrators hear every late link at least once; a repeat is the same message again.
    const hook = receiver;
    await hook.waitFor(
      () => new Set(hook.received.map((r) => r.data.id)).size >= late.length,
      60_000,
      'every post.permalink_ready',
    );
    expect(hook.rejected).toEqual([]);
    const messages = new Map<string, Set<string>>();
    for (const r of hook.received) {
      expect(r.type).toBe('post.permalink_ready');
      expect(r.data.permalink).toBe(posts.find((p) => p.id === r.data.id)?.permalink);
      messages.set(r.data.id, (messages.get(r.data.id) ?? new Set()).add(r.id));
    }
    expect(new Set(messages.keys())).toEqual(new Set(late));
    for (const [postId, ids] of messages) expect(ids.size, postId).toBe(1);
  }, 360_000);
});

/** A user with ACCOUNTS connected TikTok creators and POSTS public photo posts to them, due at `due`. */
async function seedPhotoPosts(store: Store, baseUrl: string, due: Date) {
  const owner = aUser();
  await store.users.insertUser(owner);
  const box = createAesGcmSecretBox(MASTER_SECRET);
  const accounts: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const minted = mintSandboxAccount({
      platform: 'tiktok',
      handle: `moderated_${i}`,
      secret: SANDBOX_SECRET,
      baseUrl,
      now: systemClock.now(),
    });
    const saved = await store.accounts.saveAccount({
      id: `acct_tt_fleet_${i}`,
      ownerId: owner.id,
      platform: 'tiktok',
      platformAccountId: minted.platformAccountId,
      handle: minted.handle,
      profileUrl: minted.profileUrl,
      profileImageUrl: null,
      followerCount: null,
      status: 'active',
      needsReconnect: false,
      sealedCredentials: box.seal(JSON.stringify(minted.credentials)),
      tokenExpiresAt: minted.tokenExpiresAt,
      connectedAt: systemClock.now(),
      updatedAt: systemClock.now(),
    });
    accounts.push(saved.id);
  }
  const posts: Post[] = [];
  for (let i = 0; i < POSTS; i++) {
    const photo = await seedMediaAsset(
      store.media,
      aMediaAsset(owner.id, { contentType: 'image/jpeg', width: 1080, height: 1350 }),
    );
    posts.push(
      aPost(owner.id, accounts[i % ACCOUNTS] as string, {
        platforms: ['tiktok'],
        caption: `photo post ${i}`,
        title: `Moderated photo post ${i}`,
        media: [{ kind: 'asset', mediaId: photo.id }],
        platformMeta: { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } },
        scheduledTime: due,
        dueAt: due,
      }),
    );
  }
  await store.posts.insertPosts({
    ownerId: owner.id,
    at: systemClock.now(),
    posts,
    idempotency: null,
    quota: { limit: Number.MAX_SAFE_INTEGER, windowStart: new Date(0) },
  });
  return { ids: posts.map((p) => p.id), ownerId: owner.id };
}

function startPublisher(f: Fleet, env: Record<string, string>) {
  const child = spawn(process.execPath, [SVC_BIN, 'publisher'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = { child, exited };
  f.children.push(started);
  return started;
}

async function waitFor(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`no ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once every post satisfies `settled`; rejects after `timeoutMs` naming one that does not. */
async function waitForPosts(
  store: Store,
  ids: readonly string[],
  settled: (post: Post) => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(ids);
  for (;;) {
    for (const id of pending) {
      const post = await store.posts.getPost(id);
      if (post !== null && settled(post)) pending.delete(id);
    }
    if (pending.size === 0) return;
    if (Date.now() > deadline) {
      const [id] = pending;
      const post = id === undefined ? null : await store.posts.getPost(id);
      throw new Error(`${pending.size} posts not there after ${timeoutMs} ms, e.g. ${JSON.stringify(post)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
