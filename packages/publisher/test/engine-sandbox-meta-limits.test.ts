import type { MediaRef, PlatformGateway } from '@svc/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createFacebookGateway, createInstagramGateway } from '../src/index.js';
import { closeEngineWorlds, startEngineWorld } from './engine-world.js';
import { type SandboxHarness, sandboxApp } from './platforms/sandbox-harness.js';

// The real engine and adapters against the simulators' rendering of Meta's documented errors and
// rate limits: each outcome is the one Meta's pages prescribe, and no post is published twice.
const GATEWAYS = {
  instagram: (h: SandboxHarness) => createInstagramGateway(sandboxApp(h, 'instagram')),
  facebook: (h: SandboxHarness) => createFacebookGateway(sandboxApp(h, 'facebook')),
} satisfies Record<string, (h: SandboxHarness) => PlatformGateway>;

afterEach(closeEngineWorlds);

async function world(platform: keyof typeof GATEWAYS) {
  const w = await startEngineWorld({ platform, handle: `${platform}_limits`, gateway: GATEWAYS[platform] });
  const image: MediaRef = { kind: 'link', url: `${w.h.baseUrl}/media/image.jpg` };
  const schedule = (caption: string) =>
    w.schedule({ caption, media: platform === 'instagram' ? [image] : [] });
  const published = (caption: string) => w.h.sandbox.control.published().filter((p) => p.caption === caption);
  return { ...w, schedule, published };
}

describe('Meta limits and errors, engine to simulator', () => {
  it('waits out a throttle burst for Meta’s estimate, without spending attempts, then publishes once', async () => {
    const w = await world('instagram');
    w.h.sandbox.control.failGraphCalls(
      'instagram',
      { code: 80002, regainMinutes: 7 },
      { operations: ['instagram.publish'], times: 3 },
    );
    const id = await w.schedule('Throttled launch');
    const start = w.h.clock.now().getTime();
    const post = await w.publish(id, 40);
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(post.attempts).toBe(1);
    expect(w.published('Throttled launch')).toHaveLength(1);
    // Three refusals, each waited out for Meta's 7 minutes (the usage header's estimate).
    expect(post.publishedAt?.getTime()).toBeGreaterThanOrEqual(start + 3 * 7 * 60_000);
  });

  it('paces itself from the usage headers before the limit is reached', async () => {
    const w = await world('facebook');
    // Every answer now reads 100 % of the budget: the post that got it is out, the next one
    // waits instead of calling, without spending an attempt.
    w.h.sandbox.control.setGraphCallBudget(1);
    const first = await w.schedule('First post');
    await w.publisher.drain();
    expect((await w.outcome(first)).status).toBe('posted');
    const second = await w.schedule('Paced post');
    const calls = w.h.sandbox.control.published().length;
    await w.publisher.drain();
    const waiting = await w.outcome(second);
    expect(waiting).toMatchObject({ status: 'scheduled', attempts: 0 });
    expect(waiting.dueAt?.getTime()).toBe(w.h.clock.now().getTime() + 11 * 60_000);
    expect(w.h.sandbox.control.published()).toHaveLength(calls);
    w.h.sandbox.control.setGraphCallBudget(4_800);
    const post = await w.publish(second, 40);
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(w.published('Paced post')).toHaveLength(1);
  });

  it.each([2207001, 2207003, 2207032, 2207053])(
    'replaces a container that ended in ERROR with the transient subcode %i, and publishes once',
    async (subcode) => {
      const w = await world('instagram');
      w.h.sandbox.control.failNextContainer('instagram', subcode);
      const post = await w.publish(await w.schedule(`Retry ${subcode}`), 40);
      expect(post.status, post.failedReason ?? '').toBe('posted');
      expect(post.attempts).toBe(1);
      expect(w.published(`Retry ${subcode}`)).toHaveLength(1);
    },
  );

  it('sends the publish again after a temporary 2207008 and publishes once', async () => {
    const w = await world('instagram');
    w.h.sandbox.control.failGraphCalls(
      'instagram',
      { code: 24, subcode: 2207008, message: 'Temporary error publishing a container.' },
      { operations: ['instagram.publish'], times: 2 },
    );
    const post = await w.publish(await w.schedule('Temporary'), 40);
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(w.published('Temporary')).toHaveLength(1);
  });

  it('fails a publish Instagram suspects of spam at once, sending it only once', async () => {
    const w = await world('instagram');
    const calls: string[] = [];
    w.h.sandbox.control.intercept((call, phase) => {
      if (phase === 'before' && call.operation === 'instagram.publish') calls.push(call.operation);
    });
    w.h.sandbox.control.failGraphCalls(
      'instagram',
      {
        code: 4,
        subcode: 2207051,
        userMessage:
          'We restrict certain activity to protect our community. Tell us if you think we made a mistake.',
      },
      { operations: ['instagram.publish'] },
    );
    const post = await w.publish(await w.schedule('Looks like spam'), 40);
    expect(post).toMatchObject({ status: 'failed', attempts: 1 });
    expect(post.failedReason).toContain('suspected spam (2207051)');
    expect(calls).toHaveLength(1);
    expect(w.published('Looks like spam')).toHaveLength(0);
  });
});
