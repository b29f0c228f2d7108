import { describe, expect, it } from 'vitest';
import { createInstagramGateway } from '../../src/index.js';
import { runSteps } from './run-steps.js';
import { aJob, sandboxApp, useSandbox } from './sandbox-harness.js';
import {
  connectThroughConsent,
  expectLostAnswerRecovered,
  expectRefusalAndTransientRetry,
  expectTokenRefresh,
  REDIRECT_URI,
} from './shared-scenarios.js';

const t = useSandbox((h) => createInstagramGateway(sandboxApp(h, 'instagram')));

describe('Instagram gateway on the sandbox', () => {
  it('connects through the consent page and publishes with the tokens it got', async () => {
    const { h, gateway } = t;
    const { url, code, exchange } = await connectThroughConsent(t, 'acme.studio');
    expect(url).toMatch(
      /\/oauth\/authorize\?.*scope=instagram_business_basic%2Cinstagram_business_content_publish/,
    );
    // Comment automations need the comment and message permissions, asked for at connection.
    expect(new URL(url).searchParams.get('scope')?.split(',')).toEqual(
      expect.arrayContaining(['instagram_business_manage_comments', 'instagram_business_manage_messages']),
    );
    const minted = h.account('instagram', 'acme.studio');
    expect(exchange).toEqual({
      kind: 'connected',
      profiles: [
        {
          platformAccountId: minted.account.platformAccountId,
          handle: 'acme.studio',
          profileUrl: `${h.baseUrl}/sandbox/instagram/acme.studio`,
          profileImageUrl: null,
          followerCount: expect.any(Number),
          credentials: {
            accessToken: expect.any(String),
            userId: minted.account.platformAccountId,
            issuedAt: h.clock.now().toISOString(),
            // The grant the code exchange reported, kept to tell what automations lack.
            permissions: expect.arrayContaining([
              'instagram_business_basic',
              'instagram_business_content_publish',
            ]),
          },
          tokenExpiresAt: new Date(h.clock.now().getTime() + 5_184_000_000),
        },
      ],
    });
    if (exchange.kind !== 'connected') return;
    const profile = exchange.profiles[0];
    const target = { account: { ...minted.account }, credentials: profile?.credentials ?? {} };
    const run = await runSteps(gateway, aJob(target, 'Connected and live', [h.image()]), h.clock);
    expect(run.outcome).toMatchObject({ kind: 'published' });

    // Codes are single use: a second exchange is refused with a reason, not thrown.
    expect(await gateway.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: '' })).toEqual({
      kind: 'refused',
      reason: expect.stringContaining('This authorization code has been used'),
    });
  });

  it('publishes one image, waiting for the container to finish first', async () => {
    const { h, gateway } = t;
    const target = h.account('instagram', 'acme.studio');
    const run = await runSteps(gateway, aJob(target, 'Spring collection is live', [h.image()]), h.clock);
    const [published] = h.sandbox.control.published('instagram');
    expect(run.outcome).toEqual({
      kind: 'published',
      platformPostId: published?.id,
      permalink: published?.permalink,
    });
    expect(published).toMatchObject({
      kind: 'IMAGE',
      caption: 'Spring collection is live',
      mediaUrls: [h.image().url],
    });
    // Meta's cadence: one quick look a few seconds after the container was seen processing.
    expect(run.steps.some((step) => step.kind === 'progress' && step.waitMs === 5_000)).toBe(true);
  });

  it('publishes one video as a reel with its cover', async () => {
    const { h, gateway } = t;
    const target = h.account('instagram', 'acme.studio');
    const meta = { instagram: { coverUrl: h.image().url } };
    const run = await runSteps(gateway, aJob(target, 'Behind the scenes', [h.video()], meta), h.clock);
    expect(run.outcome).toMatchObject({ kind: 'published' });
    expect(h.sandbox.control.published('instagram')).toEqual([
      expect.objectContaining({ kind: 'REELS', mediaUrls: [h.video().url] }),
    ]);
    // The harness's video takes 6 s: the quick look after 5 s finds it processing, the next
    // look comes a minute later, as Meta asks.
    const waits = run.steps.flatMap((step) => (step.kind === 'progress' && step.waitMs ? [step.waitMs] : []));
    expect(waits).toEqual([5_000, 60_000]);
  });

  it('publishes a carousel of three, one child container per step', async () => {
    const { h, gateway } = t;
    const target = h.account('instagram', 'acme.studio');
    const job = aJob(target, 'Three looks', [h.image(), h.video(), h.image()]);
    const run = await runSteps(gateway, job, h.clock);
    expect(run.outcome).toMatchObject({ kind: 'published' });
    expect(h.sandbox.control.published('instagram')).toEqual([
      expect.objectContaining({ kind: 'CAROUSEL', children: 3, caption: 'Three looks' }),
    ]);
    const childCounts = run.steps.flatMap((step) =>
      step.kind === 'progress' ? [(step.progress.children as string[]).length] : [],
    );
    expect(childCounts.slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('fails refused posts, retries transient failures into one post, and explains broken links', async () => {
    const { h, gateway } = t;
    const target = h.account('instagram', 'acme.studio');
    await expectRefusalAndTransientRetry(t, target, [h.image()]);
    const missing = await runSteps(gateway, aJob(target, 'Broken link', [h.missing()]), h.clock);
    expect(missing.outcome).toEqual({
      kind: 'failed',
      reason: expect.stringMatching(
        /^Instagram could not download the media \(2207052\): make sure the link is public/,
      ),
    });
  });

  it('recovers a publish whose answer was lost instead of publishing twice', async () => {
    const target = t.h.account('instagram', 'acme.studio');
    await expectLostAnswerRecovered(t, 'instagram.publish', aJob(target, 'Published once', [t.h.image()]));
  });

  it('defers when the daily publishing limit is used up', async () => {
    const { h, gateway } = t;
    h.sandbox.control.setQuota('instagram', 1);
    const target = h.account('instagram', 'acme.studio');
    await runSteps(gateway, aJob(target, 'First', [h.image()]), h.clock);
    const second = await runSteps(gateway, aJob(target, 'Second', [h.image()]), h.clock);
    expect(second.outcome).toEqual({
      kind: 'defer',
      until: new Date(h.clock.now().getTime() + 3_600_000),
      reason: expect.stringContaining("Instagram's publishing limit of 1 posts in 24 hours is reached"),
    });
  });

  it('refreshes an unexpired token into a working one, and refuses to refresh an expired one', async () => {
    await expectTokenRefresh(t, t.h.account('instagram', 'acme.studio'), [t.h.image()]);
  });

  it('asks for a reconnect when the password changed', async () => {
    const { h, gateway } = t;
    const target = h.account('instagram', 'acme.studio');
    h.sandbox.control.invalidateTokensOf('instagram', target.account.platformAccountId, 460);
    const run = await runSteps(gateway, aJob(target, 'After a password change', [h.image()]), h.clock);
    expect(run.outcome).toEqual({ kind: 'needs_reconnect', reason: expect.stringContaining('password') });
  });
});
