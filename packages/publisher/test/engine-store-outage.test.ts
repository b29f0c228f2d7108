import { StoreUnavailableError } from '@svc/core';
import { createRecordingPlatformGateway } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { type EngineFixture, engineFixture } from './engine-fixture.js';

/** Makes the next `times` calls of a post-store method fail as an unreachable database would. */
function cutOff(
  f: EngineFixture,
  method: 'updatePost' | 'claimDuePosts',
  times: number,
): { failed: number; restore(): void } {
  const posts = f.store.posts as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const real = posts[method] as (...args: unknown[]) => Promise<unknown>;
  const outage = {
    failed: 0,
    restore: () => {
      posts[method] = real;
    },
  };
  posts[method] = async (...args) => {
    if (outage.failed < times) {
      outage.failed++;
      throw new StoreUnavailableError('database away (test)');
    }
    return real(...args);
  };
  return outage;
}

describe('publisher engine while the database is away', () => {
  it('waits out an outage mid-publish and records the step once the database answers', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    gateway.script({ kind: 'progress', progress: { containerId: 'c-1' } });
    const f = await engineFixture(gateway);
    const [post] = await f.schedule(1);
    // The claim goes through; the next four writes (the saved container) hit a dead database.
    await f.publisher.runOnce();
    const outage = cutOff(f, 'updatePost', 4);
    await f.publisher.idle();

    expect(outage.failed).toBe(4);
    const stored = await f.post(post?.id ?? '');
    expect(stored).toMatchObject({ status: 'posted', attempts: 1 });
    // The platform saw one container and one publish: nothing was sent twice for the outage.
    expect(gateway.publishCalls.map((c) => c.post.publishProgress)).toEqual([null, { containerId: 'c-1' }]);
    expect(f.logs.filter((l) => l.includes('publish crashed'))).toEqual([]);
  });

  it('gives the post up to its lease when the outage outlasts it, and the next claim resumes it', async () => {
    const gateway = createRecordingPlatformGateway('threads');
    gateway.script({ kind: 'progress', progress: { containerId: 'c-9' } });
    const f = await engineFixture(gateway, { leaseMs: 2_000 });
    const [post] = await f.schedule(1);
    await f.publisher.runOnce();
    const outage = cutOff(f, 'updatePost', 1_000); // outlasts the lease: the backoff gives up
    await f.publisher.idle();

    expect(f.logs.some((l) => l.includes('publish crashed'))).toBe(true);
    const left = await f.post(post?.id ?? '');
    expect(left).toMatchObject({ status: 'publishing', leaseOwner: 'pub-test', publishProgress: null });
    expect(gateway.publishCalls).toHaveLength(1);

    // The database returns and the lease runs out: the next claim takes the post from where it was
    // last saved (the container was never recorded, so the platform gets a new one, which Meta's
    // two-step flow makes harmless: an unpublished container shows nowhere).
    outage.restore();
    expect(await f.publisher.runOnce()).toBe(0);
    f.clock.advance(2_000);
    await f.publisher.drain();
    expect(await f.post(post?.id ?? '')).toMatchObject({ status: 'posted', attempts: 2 });
    expect(gateway.publishCalls.map((c) => c.post.publishProgress)).toEqual([null, null]);
  });

  it('pauses claiming while the database is away, says so once, and resumes by itself', async () => {
    const gateway = createRecordingPlatformGateway('facebook');
    const f = await engineFixture(gateway, { intervalMs: 20 });
    const outage = cutOff(f, 'claimDuePosts', 3);
    const [post] = await f.schedule(1);
    f.publisher.start();
    for (let i = 0; i < 200 && (await f.post(post?.id ?? '')).status !== 'posted'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await f.publisher.stop();

    expect(outage.failed).toBe(3);
    expect((await f.post(post?.id ?? '')).status).toBe('posted');
    expect(f.logs.filter((l) => l.includes('claiming paused'))).toHaveLength(1);
    expect(f.logs.filter((l) => l.includes('claiming resumed'))).toHaveLength(1);
    expect(f.logs.filter((l) => l.includes('publisher run failed'))).toEqual([]);
  });
});
