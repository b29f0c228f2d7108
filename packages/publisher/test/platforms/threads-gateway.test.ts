import { describe, expect, it } from 'vitest';
import { createThreadsGateway } from '../../src/index.js';
import { runSteps } from './run-steps.js';
import { aJob, sandboxApp, useSandbox } from './sandbox-harness.js';
import {
  connectThroughConsent,
  expectLostAnswerRecovered,
  expectRefusalAndTransientRetry,
  expectTokenRefresh,
} from './shared-scenarios.js';

const t = useSandbox((h) => createThreadsGateway(sandboxApp(h, 'threads')));

describe('Threads gateway on the sandbox', () => {
  it('connects through the consent page', async () => {
    const { h, gateway } = t;
    const { url, code, exchange } = await connectThroughConsent(t, 'acme.threads');
    expect(url).toMatch(/\/oauth\/authorize\?.*scope=threads_basic%2Cthreads_content_publish/);
    const minted = h.account('threads', 'acme.threads');
    expect(exchange).toEqual({
      kind: 'connected',
      profiles: [
        expect.objectContaining({
          platformAccountId: minted.account.platformAccountId,
          handle: 'acme.threads',
          profileUrl: `${h.baseUrl}/sandbox/threads/@acme.threads`,
          credentials: expect.objectContaining({ userId: minted.account.platformAccountId }),
          tokenExpiresAt: expect.any(Date),
        }),
      ],
    });
    // Threads' token answer names no permissions, so none are stored, and it has no comment replies.
    if (exchange.kind === 'connected')
      expect(exchange.profiles[0]?.credentials).not.toHaveProperty('permissions');
    expect(gateway.commentReplies).toBeUndefined();
    const wrongUri = await gateway.exchangeCode({
      code,
      redirectUri: 'https://elsewhere.example',
      codeVerifier: '',
    });
    expect(wrongUri).toMatchObject({ kind: 'refused' });
  });

  it('publishes a text post', async () => {
    const { h, gateway } = t;
    const target = h.account('threads', 'acme.threads');
    const run = await runSteps(gateway, aJob(target, 'Just words', []), h.clock);
    const [published] = h.sandbox.control.published('threads');
    expect(run.outcome).toEqual({
      kind: 'published',
      platformPostId: published?.id,
      permalink: published?.permalink,
    });
    expect(published).toMatchObject({ kind: 'TEXT', caption: 'Just words' });
  });

  it('publishes one image and one video', async () => {
    const { h, gateway } = t;
    const target = h.account('threads', 'acme.threads');
    expect((await runSteps(gateway, aJob(target, 'A photo', [h.image()]), h.clock)).outcome.kind).toBe(
      'published',
    );
    expect((await runSteps(gateway, aJob(target, 'A clip', [h.video()]), h.clock)).outcome.kind).toBe(
      'published',
    );
    expect(h.sandbox.control.published('threads').map((p) => [p.kind, p.mediaUrls])).toEqual([
      ['IMAGE', [h.image().url]],
      ['VIDEO', [h.video().url]],
    ]);
  });

  it('publishes only the first slide of several by default', async () => {
    const { h, gateway } = t;
    const target = h.account('threads', 'acme.threads');
    const run = await runSteps(gateway, aJob(target, 'First only', [h.video(), h.image()]), h.clock);
    expect(run.outcome.kind).toBe('published');
    expect(h.sandbox.control.published('threads')).toEqual([
      expect.objectContaining({ kind: 'VIDEO', mediaUrls: [h.video().url], children: 0 }),
    ]);
  });

  it('publishes a carousel when configured to', async () => {
    const { h } = t;
    const carousel = createThreadsGateway({ ...sandboxApp(h, 'threads'), multiSlide: 'carousel' });
    const target = h.account('threads', 'acme.threads');
    const run = await runSteps(
      carousel,
      aJob(target, 'All slides', [h.image(), h.video(), h.image()]),
      h.clock,
    );
    expect(run.outcome.kind).toBe('published');
    expect(h.sandbox.control.published('threads')).toEqual([
      expect.objectContaining({ kind: 'CAROUSEL', children: 3, caption: 'All slides' }),
    ]);
  });

  it('fails refused posts and retries transient failures into one post', async () => {
    await expectRefusalAndTransientRetry(t, t.h.account('threads', 'acme.threads'), []);
  });

  it('recovers a publish whose answer was lost instead of publishing twice', async () => {
    const target = t.h.account('threads', 'acme.threads');
    await expectLostAnswerRecovered(t, 'threads.publish', aJob(target, 'Exactly once', []));
  });

  it('defers when the daily limit is used up', async () => {
    const { h, gateway } = t;
    h.sandbox.control.setQuota('threads', 0);
    const target = h.account('threads', 'acme.threads');
    const run = await runSteps(gateway, aJob(target, 'Too many', []), h.clock);
    expect(run.outcome).toMatchObject({
      kind: 'defer',
      reason: expect.stringContaining("Threads' publishing limit"),
    });
  });

  it('refreshes an unexpired token into a working one, and refuses to refresh an expired one', async () => {
    await expectTokenRefresh(t, t.h.account('threads', 'acme.threads'), []);
  });
});
