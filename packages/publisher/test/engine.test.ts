import { type PlatformGateway, type PublishJob, type PublishStep, SYSTEM_ACTOR } from '@svc/core';
import { systemClock } from '@svc/core/node';
import { createRecordingPlatformGateway } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { createPublisher, DEFAULT_PUBLISHER_OPTIONS, NO_PUBLISHER_OBSERVER } from '../src/index.js';
import { engineFixture } from './engine-fixture.js';

describe('publisher engine', () => {
  it('publishes a due post and records the platform id, permalink and time', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    const f = await engineFixture(gateway);
    const [post] = await f.schedule(1);
    await f.publisher.drain();
    const stored = await f.post(post?.id ?? '');
    expect(stored).toMatchObject({
      status: 'posted',
      platformPostId: 'instagram-1',
      permalink: 'https://instagram.example/p/1',
      publishedAt: f.clock.now(),
      leaseOwner: null,
      dueAt: null,
      attempts: 1,
    });
    expect(gateway.publishCalls[0]?.credentials).toEqual({ accessToken: 'token-1' });
    // Nobody asked for this publish at that moment: the journal names the service (docs/events.md).
    const journal = await f.store.events.historyOf(post?.ownerId ?? '', post?.id ?? '', 10);
    const byType = new Map(journal.map((e) => [e.type, e.actor]));
    expect(byType.get('post.publishing')).toEqual(SYSTEM_ACTOR);
    expect(byType.get('post.posted')).toEqual(SYSTEM_ACTOR);
  });

  it('saves each step before the next one and hands the saved handles back', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    gateway.script(
      { kind: 'progress', progress: { containerId: 'c-1' } },
      { kind: 'progress', progress: { containerId: 'c-1', publishStartedAt: 'x' }, waitMs: 5_000 },
    );
    const f = await engineFixture(gateway);
    const [post] = await f.schedule(1);
    const start = f.clock.now().getTime();
    await f.publisher.drain();
    expect(gateway.publishCalls.map((c) => c.post.publishProgress)).toEqual([
      null,
      { containerId: 'c-1' },
      { containerId: 'c-1', publishStartedAt: 'x' },
    ]);
    expect(f.clock.now().getTime() - start).toBe(5_000);
    expect((await f.post(post?.id ?? '')).status).toBe('posted');
  });

  it('hands a post back during a long platform wait and resumes it when due, without a new attempt', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    gateway.script(
      { kind: 'progress', progress: { containerId: 'c-1' } },
      { kind: 'progress', progress: { containerId: 'c-1', firstPolledAt: 'x' }, waitMs: 60_000 },
    );
    const observed: string[] = [];
    const f = await engineFixture(
      gateway,
      {},
      { ...NO_PUBLISHER_OBSERVER, publishEnded: (_p, r) => observed.push(r) },
    );
    const [post] = await f.schedule(1);
    const id = post?.id ?? '';
    const start = f.clock.now().getTime();
    await f.publisher.drain();
    // No slot sleeps through the minute: the post waits in the store, leased to nobody.
    expect(f.clock.now().getTime()).toBe(start);
    expect(await f.post(id)).toMatchObject({
      status: 'publishing',
      leaseOwner: null,
      attempts: 1,
      publishProgress: { containerId: 'c-1', firstPolledAt: 'x' },
      dueAt: new Date(start + 60_000),
    });
    f.clock.advance(60_000);
    await f.publisher.drain();
    expect(await f.post(id)).toMatchObject({ status: 'posted', attempts: 1 });
    expect(gateway.publishCalls.at(-1)?.post.publishProgress).toEqual({
      containerId: 'c-1',
      firstPolledAt: 'x',
    });
    expect(observed).toEqual(['waiting', 'posted']);
  });

  it('retries transient failures with growing delays, then fails with the reason', async () => {
    const gateway = createRecordingPlatformGateway('threads');
    const flaky: PublishStep = { kind: 'retry', afterMs: 0, reason: 'Threads is unavailable (HTTP 503).' };
    gateway.script(flaky, flaky, flaky);
    const f = await engineFixture(gateway, { maxAttempts: 3, retryBaseMs: 1_000 });
    const [post] = await f.schedule(1);
    const id = post?.id ?? '';
    await f.publisher.drain();
    const first = await f.post(id);
    expect(first).toMatchObject({ status: 'scheduled', attempts: 1, publishProgress: null });
    expect(first.dueAt?.getTime()).toBe(f.clock.now().getTime() + 1_000);
    f.clock.advance(1_000);
    await f.publisher.drain();
    expect((await f.post(id)).dueAt?.getTime()).toBe(f.clock.now().getTime() + 2_000);
    f.clock.advance(2_000);
    await f.publisher.drain();
    expect(await f.post(id)).toMatchObject({
      status: 'failed',
      failedReason: 'Threads is unavailable (HTTP 503). Gave up after 3 attempts.',
    });
  });

  it('honours a longer delay the platform asks for', async () => {
    const gateway = createRecordingPlatformGateway('facebook');
    gateway.script({ kind: 'retry', afterMs: 600_000, reason: 'Rate limited.' });
    const f = await engineFixture(gateway, { retryBaseMs: 1_000 });
    const [post] = await f.schedule(1);
    await f.publisher.drain();
    expect((await f.post(post?.id ?? '')).dueAt?.getTime()).toBe(f.clock.now().getTime() + 600_000);
  });

  it('defers a post over a platform quota without counting an attempt, and fails it after the deferral limit', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    const f = await engineFixture(gateway, { maxDeferralMs: 2 * 3_600_000 });
    const until = new Date(f.clock.now().getTime() + 3_600_000);
    gateway.script({ kind: 'defer', until, reason: 'Instagram publishing limit reached.' });
    const [post] = await f.schedule(1);
    const id = post?.id ?? '';
    await f.publisher.drain();
    expect(await f.post(id)).toMatchObject({ status: 'scheduled', attempts: 0, dueAt: until });
    f.clock.set(until);
    gateway.script({
      kind: 'defer',
      until: new Date(until.getTime() + 3 * 3_600_000),
      reason: 'Still at the limit.',
    });
    await f.publisher.drain();
    expect((await f.post(id)).failedReason).toBe(
      'Still at the limit. The post waited too long for the limit to free up.',
    );
  });

  it('fails permanently at once with the platform reason', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    gateway.script({ kind: 'failed', reason: 'Instagram accepts JPEG images only.' });
    const f = await engineFixture(gateway);
    const [post] = await f.schedule(1);
    await f.publisher.drain();
    expect(await f.post(post?.id ?? '')).toMatchObject({
      status: 'failed',
      failedReason: 'Instagram accepts JPEG images only.',
      attempts: 1,
    });
    expect(gateway.publishCalls).toHaveLength(1);
  });

  it('refreshes an expired token once, stores it sealed and takes the step again', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    gateway.script({ kind: 'token_expired' });
    gateway.onRefresh({
      credentials: { accessToken: 'token-2' },
      expiresAt: new Date('2026-05-01T00:00:00Z'),
    });
    const f = await engineFixture(gateway);
    const [post] = await f.schedule(1);
    await f.publisher.drain();
    expect((await f.post(post?.id ?? '')).status).toBe('posted');
    expect(gateway.publishCalls.map((c) => c.credentials.accessToken)).toEqual(['token-1', 'token-2']);
    const account = await f.store.accounts.getAccount(f.accountId);
    expect(account?.tokenExpiresAt).toEqual(new Date('2026-05-01T00:00:00Z'));
    expect(account?.sealedCredentials).not.toContain('token-2');
  });

  it('marks the account for reconnection when the refresh is refused or the token is refused twice', async () => {
    for (const refusedRefresh of [true, false]) {
      const gateway = createRecordingPlatformGateway('threads');
      gateway.script({ kind: 'token_expired' }, { kind: 'token_expired' });
      gateway.onRefresh(refusedRefresh ? null : { credentials: { accessToken: 'token-2' }, expiresAt: null });
      const f = await engineFixture(gateway);
      const [post] = await f.schedule(1);
      await f.publisher.drain();
      const stored = await f.post(post?.id ?? '');
      expect(stored.status).toBe('failed');
      expect(stored.failedReason).toMatch(/^Reconnect the Threads account @handle_\d+/);
      expect((await f.store.accounts.getAccount(f.accountId))?.needsReconnect).toBe(true);
      expect(gateway.refreshCalls).toHaveLength(1);
    }
  });

  it('refreshes tokens that expire within the margin before publishing', async () => {
    const gateway = { ...createRecordingPlatformGateway('instagram'), refreshMarginMs: 7 * 86_400_000 };
    const calls: string[] = [];
    const tracking: PlatformGateway = {
      ...gateway,
      async refreshCredentials() {
        calls.push('refresh');
        return { credentials: { accessToken: 'fresh' }, expiresAt: null };
      },
      async publishStep(job) {
        calls.push(`publish:${String(job.credentials.accessToken)}`);
        return gateway.publishStep(job);
      },
    };
    const g = await engineFixture(tracking);
    const acc = await g.store.accounts.getAccount(g.accountId);
    if (acc === null) throw new Error('no account');
    await g.store.accounts.saveAccount({
      ...acc,
      tokenExpiresAt: new Date(g.clock.now().getTime() + 86_400_000),
    });
    await g.schedule(1);
    await g.publisher.drain();
    expect(calls).toEqual(['refresh', 'publish:fresh']);
  });

  it('fails posts to a disconnected or reconnect-needing account without calling the platform', async () => {
    const gateway = createRecordingPlatformGateway('facebook');
    const f = await engineFixture(gateway);
    const account = await f.store.accounts.getAccount(f.accountId);
    if (account === null) throw new Error('no account');
    await f.store.accounts.saveAccount({ ...account, needsReconnect: true });
    const [post] = await f.schedule(1);
    await f.publisher.drain();
    expect((await f.post(post?.id ?? '')).failedReason).toMatch(/needs to be reconnected/);
    expect(gateway.publishCalls).toHaveLength(0);
  });

  it('treats a step that throws as transient: the post is retried, not failed', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    const throwing: PlatformGateway = {
      ...gateway,
      async publishStep() {
        throw new Error('connect ECONNRESET https://graph.example/media?access_token=SECRET123&x=1');
      },
    };
    const f = await engineFixture(throwing);
    const [post] = await f.schedule(1);
    await f.publisher.drain();
    const stored = await f.post(post?.id ?? '');
    expect(stored.status).toBe('scheduled');
    expect(stored.dueAt?.getTime()).toBeGreaterThan(f.clock.now().getTime());
    expect(f.logs.join('\n')).toContain('ECONNRESET');
    expect(f.logs.join('\n')).not.toContain('SECRET123');
  });

  it('runs at most one publish per account at a time, and other accounts in parallel', async () => {
    const active = new Map<string, number>();
    let peakPerAccount = 0;
    let peakTotal = 0;
    const gateway = createRecordingPlatformGateway('instagram');
    const slow: PlatformGateway = {
      ...gateway,
      async publishStep(job: PublishJob) {
        const key = job.account.id;
        active.set(key, (active.get(key) ?? 0) + 1);
        peakPerAccount = Math.max(peakPerAccount, ...active.values());
        peakTotal = Math.max(
          peakTotal,
          [...active.values()].reduce((a, b) => a + b, 0),
        );
        await new Promise((resolve) => setTimeout(resolve, 5));
        active.set(key, (active.get(key) ?? 1) - 1);
        return gateway.publishStep(job);
      },
    };
    const f = await engineFixture(slow, { concurrency: { global: 8, perPlatform: 8, perAccount: 1 } });
    const other = await f.addAccount();
    await f.schedule(4);
    await f.schedule(4, { profileIds: [other] });
    await f.publisher.drain();
    expect(peakPerAccount).toBe(1);
    expect(peakTotal).toBe(2);
    expect(gateway.publishCalls).toHaveLength(8);
  });

  it('leaves posts of an account it is busy with in the queue, for other publishers', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    const f = await engineFixture(gateway, { concurrency: { global: 4, perPlatform: 4, perAccount: 1 } });
    const other = await f.addAccount();
    const busy = await f.schedule(3);
    const [free] = await f.schedule(1, { profileIds: [other] });
    // Four free slots, but only one post per account: the claim takes one of each.
    expect(await f.publisher.runOnce()).toBe(2);
    const statuses = await Promise.all([...busy, free].map(async (p) => (await f.post(p?.id ?? '')).status));
    expect(statuses).toEqual(['publishing', 'scheduled', 'scheduled', 'publishing']);
    await f.publisher.drain();
    expect(gateway.publishCalls).toHaveLength(4);
  });

  it('claims a quarter of its slots ahead, and claims again only once those have started', async () => {
    const { gateway, gated, finishers, open } = gatedGateway();
    const f = await engineFixture(gated, { concurrency: { global: 8, perPlatform: 8, perAccount: 1 } });
    for (let i = 0; i < 20; i++) await f.schedule(1, { profileIds: [await f.addAccount()] });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    const finish = async (count: number) => {
      for (let i = 0; i < count; i++) {
        finishers.shift()?.();
        await settle();
      }
    };
    // Eight slots, and two posts held ahead of them.
    expect(await f.publisher.runOnce()).toBe(10);
    await settle();
    expect(finishers).toHaveLength(8);
    // A freed slot starts a held post at once, and nothing is claimed while one is still held.
    await finish(1);
    expect(finishers).toHaveLength(8);
    expect(await f.publisher.runOnce()).toBe(0);
    await finish(1);
    expect(finishers).toHaveLength(8);
    expect(await f.publisher.runOnce()).toBe(2);
    // Three finished with no round between: a slot sits idle, and the round takes all the room.
    await finish(3);
    expect(finishers).toHaveLength(7);
    expect(await f.publisher.runOnce()).toBe(3);
    open();
    await f.publisher.drain();
    expect(gateway.publishCalls).toHaveLength(20);
    expect(new Set(gateway.publishCalls.map((call) => call.post.id)).size).toBe(20);
  });

  it('asks for idle slots only, for a second, after a round found fewer due posts than it asked for', async () => {
    const { gateway, gated, finishers, open } = gatedGateway();
    const f = await engineFixture(gated, { concurrency: { global: 4, perPlatform: 4, perAccount: 1 } });
    await f.schedule(5);
    await f.schedule(5, { profileIds: [await f.addAccount()] });
    // The limit each round asks the store for.
    const asked: number[] = [];
    const claim = f.store.posts.claimDuePosts.bind(f.store.posts);
    f.store.posts.claimDuePosts = (request) => {
      asked.push(request.limit);
      return claim(request);
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    // Four slots and one ahead, but two accounts at one publish each: the round comes back short.
    expect(await f.publisher.runOnce()).toBe(2);
    await settle();
    finishers.shift()?.();
    await settle();
    // Its account free again: the idle slots only (3), not the slots and one ahead (4).
    expect(await f.publisher.runOnce()).toBe(1);
    f.clock.advance(1_000);
    // A second later, the slots and one ahead again (4 + 1 - 2 in flight).
    expect(await f.publisher.runOnce()).toBe(0);
    expect(asked).toEqual([5, 3, 3]);
    open();
    await f.publisher.drain();
    expect(gateway.publishCalls).toHaveLength(10);
  });

  it("reads a claim round's accounts at once, and a held post's again once that read is a second old", async () => {
    const { gateway, gated, finishers, open } = gatedGateway();
    const f = await engineFixture(gated, { concurrency: { global: 4, perPlatform: 4, perAccount: 1 } });
    for (let i = 0; i < 5; i++) await f.schedule(1, { profileIds: [await f.addAccount()] });
    const reads = { one: 0, many: [] as number[] };
    const { accounts } = f.store;
    const readOne = accounts.getAccount.bind(accounts);
    const readMany = accounts.getAccounts.bind(accounts);
    accounts.getAccount = (id) => {
      reads.one += 1;
      return readOne(id);
    };
    accounts.getAccounts = (ids) => {
      reads.many.push(ids.length);
      return readMany(ids);
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    // Four slots and one held ahead: five posts, their accounts read in one call.
    expect(await f.publisher.runOnce()).toBe(5);
    await settle();
    expect(finishers).toHaveLength(4);
    expect(reads).toEqual({ one: 0, many: [5] });
    // The held post starts after its round's read went stale: it reads its account itself.
    f.clock.advance(1_001);
    finishers.shift()?.();
    await settle();
    expect(finishers).toHaveLength(4);
    expect(reads).toEqual({ one: 1, many: [5] });
    open();
    await f.publisher.drain();
    expect(gateway.publishCalls).toHaveLength(5);
    expect(gateway.publishCalls.every((call) => call.credentials.accessToken === 'token-1')).toBe(true);
  });

  it('resumes a post another publisher left behind once its lease expires, from the saved step', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    const f = await engineFixture(gateway, { leaseMs: 60_000 });
    const [post] = await f.schedule(1);
    // A publisher that claimed the post, saved a container id and died.
    const [claimed] = await f.store.posts.claimDuePosts({
      now: f.clock.now(),
      limit: 1,
      leaseOwner: 'dead-publisher',
      leaseUntil: new Date(f.clock.now().getTime() + 60_000),
    });
    if (claimed === undefined) throw new Error('not claimed');
    await f.store.posts.updatePost({ ...claimed, publishProgress: { containerId: 'c-7' } }, claimed.version);
    await f.publisher.drain();
    expect(gateway.publishCalls).toHaveLength(0);
    f.clock.advance(60_000);
    await f.publisher.drain();
    expect(gateway.publishCalls.map((c) => c.post.publishProgress)).toEqual([{ containerId: 'c-7' }]);
    expect(await f.post(post?.id ?? '')).toMatchObject({ status: 'posted', attempts: 2 });
  });

  it('wakes at once for a post due sooner than its sleep, and stops cleanly', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    const f = await engineFixture(gateway);
    const publisher = createPublisher(
      {
        store: f.store,
        clock: systemClock,
        secretBox: (await import('@svc/core/node')).createAesGcmSecretBox(
          'engine-test-secret-of-32-characters!!',
        ),
        gateways: { instagram: gateway },
        mediaUrl: (id) => id,
        logger: { info() {}, warn() {}, error() {} },
      },
      { ...DEFAULT_PUBLISHER_OPTIONS, leaseOwner: 'live', intervalMs: 60_000 },
    );
    publisher.start();
    await new Promise((resolve) => setTimeout(resolve, 50)); // asleep for the full interval now
    const now = systemClock.now();
    const [post] = await f.schedule(1, { scheduledTime: now, dueAt: now });
    const started = Date.now();
    publisher.wake(now);
    while ((await f.post(post?.id ?? '')).status !== 'posted') {
      if (Date.now() - started > 2_000) throw new Error('not published within 2 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await publisher.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

/**
 * An Instagram gateway whose publishes each wait until the test calls one of `finishers` (oldest
 * first), or until `open()` lets every waiting and later publish through.
 */
function gatedGateway() {
  const gateway = createRecordingPlatformGateway('instagram');
  const finishers: Array<() => void> = [];
  let opened = false;
  const gated: PlatformGateway = {
    ...gateway,
    async publishStep(job: PublishJob) {
      if (!opened) await new Promise<void>((resolve) => finishers.push(resolve));
      return gateway.publishStep(job);
    },
  };
  const open = () => {
    opened = true;
    for (const finish of finishers.splice(0)) finish();
  };
  return { gateway, gated, finishers, open };
}
