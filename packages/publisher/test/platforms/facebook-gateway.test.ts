import { describe, expect, it } from 'vitest';
import { createFacebookGateway } from '../../src/index.js';
import { runSteps } from './run-steps.js';
import { aJob, type SandboxHarness, sandboxApp, useSandbox } from './sandbox-harness.js';
import {
  connectThroughConsent,
  expectLostAnswerRecovered,
  expectRefusalAndTransientRetry,
  REDIRECT_URI,
} from './shared-scenarios.js';

const t = useSandbox((h) => createFacebookGateway(sandboxApp(h, 'facebook')));

describe('Facebook gateway on the sandbox', () => {
  it('connects through the consent page, one profile per Page, with a Page token that publishes', async () => {
    const { h, gateway } = t;
    const { url, exchange } = await connectThroughConsent(t, 'Acme Bakery');
    expect(url).toMatch(/\/v23\.0\/dialog\/oauth\?.*scope=pages_show_list%2Cpages_manage_posts/);
    const minted = h.account('facebook', 'Acme Bakery');
    const pageId = minted.account.platformAccountId;
    expect(exchange).toEqual({
      kind: 'connected',
      profiles: [
        {
          platformAccountId: pageId,
          handle: 'Acme Bakery',
          profileUrl: `${h.baseUrl}/sandbox/facebook/${pageId}`,
          profileImageUrl: null,
          followerCount: null,
          credentials: { pageId, pageAccessToken: expect.any(String), userAccessToken: expect.any(String) },
          tokenExpiresAt: null,
        },
      ],
    });
    const credentials = exchange.kind === 'connected' ? (exchange.profiles[0]?.credentials ?? {}) : {};
    const run = await runSteps(gateway, aJob({ ...minted, credentials }, 'Hello from OAuth', []), h.clock);
    expect(run.outcome.kind).toBe('published');
    expect(
      await gateway.exchangeCode({ code: 'forged', redirectUri: REDIRECT_URI, codeVerifier: '' }),
    ).toMatchObject({
      kind: 'refused',
    });
  });

  it.each([
    ['a text post', 'feed', () => []],
    ['the first image slide as a photo post', 'photo', (h: SandboxHarness) => [h.image(), h.video()]],
    ['a first video slide as a reel, waiting until it is live', 'reel', (h: SandboxHarness) => [h.video()]],
  ] as const)('publishes %s', async (_what, kind, media) => {
    const { h, gateway } = t;
    const target = h.account('facebook', 'Acme Bakery');
    const slides = media(h);
    const run = await runSteps(gateway, aJob(target, `A ${kind}`, slides), h.clock);
    const [published] = h.sandbox.control.published('facebook');
    expect(published).toMatchObject({
      kind,
      caption: `A ${kind}`,
      mediaUrls: slides.slice(0, 1).map((m) => m.url),
    });
    expect(run.outcome).toEqual({
      kind: 'published',
      platformPostId: published?.id,
      permalink: published?.permalink,
    });
  });

  it('fails refused posts and retries transient failures into one post', async () => {
    await expectRefusalAndTransientRetry(t, t.h.account('facebook', 'Acme Bakery'), [t.h.image()]);
  });

  it('adopts a feed post whose answer was lost instead of posting again', async () => {
    const target = t.h.account('facebook', 'Acme Bakery');
    await expectLostAnswerRecovered(t, 'facebook.feed', aJob(target, 'Posted once', []));
  });

  it('reads the feed only to resume a mark it did not just set itself', async () => {
    const { h, gateway } = t;
    const target = h.account('facebook', 'Acme Bakery');
    const feedReads: string[] = [];
    h.sandbox.control.intercept((call, phase) => {
      if (call.operation === 'facebook.list_feed' && phase === 'before') feedReads.push(call.operation);
    });
    // This process marks the post and sends it at the next step: no feed read in between.
    const fresh = await runSteps(gateway, aJob(target, 'Straight through', []), h.clock);
    expect(fresh.outcome.kind).toBe('published');
    expect(feedReads).toEqual([]);

    // Another process (a gateway of its own) resumes a post marked here: it must look first.
    const job = aJob(target, 'Resumed elsewhere', []);
    const marked = await gateway.publishStep(job);
    if (marked.kind !== 'progress') throw new Error(`expected the mark, got ${marked.kind}`);
    const other = createFacebookGateway(sandboxApp(h, 'facebook'));
    const resumed = await runSteps(
      other,
      { ...job, post: { ...job.post, publishProgress: marked.progress } },
      h.clock,
    );
    expect(resumed.outcome.kind).toBe('published');
    expect(feedReads).toHaveLength(1);
    expect(h.sandbox.control.published('facebook').map((p) => p.caption)).toEqual([
      'Straight through',
      'Resumed elsewhere',
    ]);
  });

  it('does not finish a reel again when the answer of the finish was lost', async () => {
    const { h, gateway } = t;
    const target = h.account('facebook', 'Acme Bakery');
    const finishes: string[] = [];
    h.sandbox.control.intercept((call, phase) => {
      if (call.operation !== 'facebook.reels_finish' || phase !== 'after') return;
      finishes.push(call.operation);
      if (finishes.length === 1) throw new Error('lost');
    });
    const job = aJob(target, 'One reel', [h.video()]);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome.kind).toBe('retry');
    const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
    expect(second.outcome.kind).toBe('published');
    expect(finishes).toHaveLength(1);
    expect(h.sandbox.control.published('facebook')).toHaveLength(1);
  });

  it('defers a reel when the Page reached its reels limit', async () => {
    const { h, gateway } = t;
    h.sandbox.control.setQuota('facebookReels', 0);
    const target = h.account('facebook', 'Acme Bakery');
    const run = await runSteps(gateway, aJob(target, 'Too many reels', [h.video()]), h.clock);
    expect(run.outcome).toMatchObject({
      kind: 'defer',
      until: new Date(h.clock.now().getTime() + 3_600_000),
    });
  });

  it('renews a refused Page token through the user token; a refused user token needs a reconnect', async () => {
    const { h, gateway } = t;
    const target = h.account('facebook', 'Acme Bakery');
    h.sandbox.control.invalidateTokensOf('facebook', target.account.platformAccountId, 463);
    expect((await runSteps(gateway, aJob(target, 'Stale page token', []), h.clock)).outcome).toEqual({
      kind: 'token_expired',
    });
    const refreshed = await gateway.refreshCredentials(target.account, target.credentials);
    expect(refreshed).toEqual({
      credentials: { ...target.credentials, pageAccessToken: expect.any(String) },
      expiresAt: null,
    });
    const renewed = { ...target, credentials: refreshed?.credentials ?? {} };
    expect((await runSteps(gateway, aJob(renewed, 'Renewed', []), h.clock)).outcome.kind).toBe('published');

    h.sandbox.control.expireToken(String(target.credentials.userAccessToken));
    expect(await gateway.refreshCredentials(target.account, target.credentials)).toBeNull();
  });
});
