import { createHash } from 'node:crypto';
import type { PublishMedia } from '@svc/core';
import type { SandboxCall } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { runSteps } from './run-steps.js';
import { approveConsent, type SandboxHarness, sha256, useSandbox } from './sandbox-harness.js';
import { REDIRECT_URI } from './shared-scenarios.js';
import { aShortJob, fetcherOf, KIB_256, makeYouTubeGateway, storedShort } from './youtube-harness.js';

const t = useSandbox(makeYouTubeGateway);
const VERIFIER = 'pkce-verifier-of-the-youtube-connection-0123456789';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

/** Every API call the simulator saw (before phase), by operation. */
function recordCalls(h: SandboxHarness): SandboxCall[] {
  const calls: SandboxCall[] = [];
  h.sandbox.control.intercept((call, phase) => {
    if (phase === 'before') calls.push(call);
  });
  return calls;
}
const count = (calls: readonly SandboxCall[], operation: string) =>
  calls.filter((c) => c.operation === operation).length;

async function publishShort(size: number, title = 'A Short #Shorts') {
  const { h, gateway } = t;
  const target = h.account('youtube', 'shorts_maker');
  const media = await storedShort(h, size);
  const run = await runSteps(gateway, aShortJob(target, title, [media]), h.clock);
  return { run, media, target };
}

describe('YouTube gateway: connecting', () => {
  it('connects through the consent page with PKCE, reading the channel', async () => {
    const { h, gateway } = t;
    const url = gateway.authorizeUrl({ state: 'state-1', redirectUri: REDIRECT_URI, codeVerifier: VERIFIER });
    const params = new URL(url).searchParams;
    expect(url.startsWith(`${h.endpoints.youtube.accounts}/o/oauth2/v2/auth?`)).toBe(true);
    expect(Object.fromEntries(params)).toMatchObject({
      response_type: 'code',
      scope:
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: 'state-1',
      code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const { code, state } = await approveConsent(url, 'Shorts_Maker');
    expect(state).toBe('state-1');
    const exchange = await gateway.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: VERIFIER });
    const minted = h.account('youtube', 'Shorts_Maker');
    const channelId = minted.account.platformAccountId;
    expect(exchange).toEqual({
      kind: 'connected',
      profiles: [
        {
          platformAccountId: channelId,
          handle: 'Shorts_Maker',
          profileUrl: `${h.baseUrl}/sandbox/youtube/channel/${channelId}`,
          profileImageUrl: `${h.baseUrl}/sandbox/youtube/channel/${channelId}/avatar.svg`,
          followerCount: expect.any(Number),
          credentials: {
            accessToken: expect.stringMatching(/^ya29/),
            refreshToken: expect.stringMatching(/^1\/\/0/),
            channelId,
            // The grant, kept to tell whether a first comment may be posted (youtube.force-ssl).
            scope:
              'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
          },
          tokenExpiresAt: new Date(h.clock.now().getTime() + 3_599_000),
        },
      ],
    });
    const credentials = exchange.kind === 'connected' ? (exchange.profiles[0]?.credentials ?? {}) : {};
    const media = await storedShort(h, 1000);
    const run = await runSteps(gateway, aShortJob({ ...minted, credentials }, 'Connected', [media]), h.clock);
    expect(run.outcome.kind).toBe('published');
  });

  it('refuses a wrong verifier, a forged code and an account without a channel', async () => {
    const { h, gateway } = t;
    const url = gateway.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI, codeVerifier: VERIFIER });
    const { code } = await approveConsent(url, 'someone');
    expect(
      await gateway.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: `${VERIFIER}x` }),
    ).toEqual({ kind: 'refused', reason: expect.stringContaining('Google refused the connection') });
    expect(
      await gateway.exchangeCode({ code: 'forged', redirectUri: REDIRECT_URI, codeVerifier: VERIFIER }),
    ).toMatchObject({ kind: 'refused' });
    h.sandbox.control.setYouTubeChannel(
      h.account('youtube', 'nochannel').account.platformAccountId,
      'missing',
    );
    const second = await approveConsent(url, 'nochannel');
    expect(
      await gateway.exchangeCode({ code: second.code, redirectUri: REDIRECT_URI, codeVerifier: VERIFIER }),
    ).toEqual({ kind: 'refused', reason: expect.stringContaining('has no YouTube channel') });
  });

  it('refreshes the access token, keeping the refresh token; a revoked grant gives null', async () => {
    const { h, gateway } = t;
    const target = h.account('youtube', 'refresher');
    h.clock.advance(3_600_000);
    const refreshed = await gateway.refreshCredentials(target.account, target.credentials);
    expect(refreshed).toEqual({
      credentials: {
        accessToken: expect.stringMatching(/^ya29/),
        refreshToken: target.credentials.refreshToken,
        channelId: target.credentials.channelId,
        scope:
          'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
      },
      expiresAt: new Date(h.clock.now().getTime() + 3_599_000),
    });
    expect(refreshed?.credentials.accessToken).not.toBe(target.credentials.accessToken);
    expect(gateway.refreshMarginMs).toBe(300_000);
    h.sandbox.control.invalidateTokensOf('youtube', target.account.platformAccountId, 0);
    expect(await gateway.refreshCredentials(target.account, target.credentials)).toBeNull();
    expect(await gateway.refreshCredentials(target.account, { accessToken: 'x' })).toBeNull();
  });
});

describe('YouTube gateway: publishing a Short', () => {
  it('uploads the stored bytes in chunks, waits for processing and answers the Short link', async () => {
    const { h } = t;
    const calls = recordCalls(h);
    const { run, media, target } = await publishShort(3 * KIB_256 + 1000);
    const [published] = h.sandbox.control.published('youtube');
    expect(published).toMatchObject({
      accountId: target.account.platformAccountId,
      kind: 'VIDEO',
      caption: 'A Short #Shorts',
      upload: { sizeBytes: media.bytes.length, sha256: sha256(media.bytes) },
    });
    expect(run.outcome).toEqual({
      kind: 'published',
      platformPostId: published?.id,
      permalink: `${h.baseUrl}/sandbox/youtube/shorts/${published?.id}`,
    });
    expect(published?.permalink).toBe(run.outcome.kind === 'published' ? run.outcome.permalink : '');
    expect(count(calls, 'youtube.upload_start')).toBe(1);
    expect(count(calls, 'youtube.upload_chunk')).toBe(4);
    expect(count(calls, 'youtube.videos_list')).toBeGreaterThan(1); // processing takes 6 s in the harness
    expect(run.post.publishProgress).toMatchObject({
      videoId: published?.id,
      uploadedBytes: media.bytes.length,
      totalBytes: media.bytes.length,
      sessions: 1,
    });
    expect(run.post.publishProgress).not.toHaveProperty('processedAt'); // no thumbnail: published at once
  });

  it.each([
    ['exactly one chunk', KIB_256, 1],
    ['one byte over a chunk', KIB_256 + 1, 2],
    ['a single byte', 1, 1],
    ['several chunks and a remainder', 3 * KIB_256 + 17, 4],
  ])('chunk boundaries: %s', async (_what, size, chunks) => {
    const calls = recordCalls(t.h);
    const { run, media } = await publishShort(size);
    expect(run.outcome.kind).toBe('published');
    expect(count(calls, 'youtube.upload_chunk')).toBe(chunks);
    expect(t.h.sandbox.control.published('youtube').map((p) => p.upload)).toEqual([
      { sizeBytes: size, sha256: sha256(media.bytes) },
    ]);
  });

  it.each<[string, Partial<{ width: number; height: number; durationMs: number }>, string | null, RegExp]>([
    [
      'a landscape video',
      { width: 1920, height: 1080 },
      'Wide',
      /vertical or square; this video is 1920x1080/,
    ],
    [
      'a video over 3 minutes',
      { durationMs: 181_000 },
      'Long',
      /at most 3 minutes long; this video runs 3:01/,
    ],
    ['a post without a title', {}, null, /needs a title/],
    ['a title over 100 characters', {}, 'x'.repeat(101), /101 characters; YouTube allows 100/],
    ['a title with angle brackets', {}, 'a <b>', /cannot contain < or >/],
  ])('refuses %s before anything is sent', async (_what, shape, title, reason) => {
    const { h, gateway } = t;
    const calls = recordCalls(h);
    const media = await storedShort(h, 1000, shape);
    const run = await runSteps(
      gateway,
      aShortJob(h.account('youtube', 'shorts_maker'), title, [media]),
      h.clock,
    );
    expect(run.outcome).toEqual({ kind: 'failed', reason: expect.stringMatching(reason) });
    expect(calls).toEqual([]);
  });

  it('accepts a square video of exactly 3 minutes, and unknown facts', async () => {
    const { h, gateway } = t;
    const target = h.account('youtube', 'shorts_maker');
    const square = await storedShort(h, 1000, { width: 1080, height: 1080, durationMs: 180_000 });
    expect((await runSteps(gateway, aShortJob(target, 'Square', [square]), h.clock)).outcome.kind).toBe(
      'published',
    );
    const unknown: PublishMedia = {
      ...(await storedShort(h, 1001)),
      width: null,
      height: null,
      durationMs: null,
    };
    expect((await runSteps(gateway, aShortJob(target, 'Unknown', [unknown]), h.clock)).outcome.kind).toBe(
      'published',
    );
  });

  it('refuses outside links, several slides and an unknown privacy; honours privacyStatus', async () => {
    const { h, gateway } = t;
    const target = h.account('youtube', 'shorts_maker');
    const media = await storedShort(h, 1000);
    const link = { ...media, blobKey: null };
    const outcome = async (job: ReturnType<typeof aShortJob>) =>
      (await runSteps(gateway, job, h.clock)).outcome;
    expect(await outcome(aShortJob(target, 'Link', [link]))).toMatchObject({
      kind: 'failed',
      reason: /outside link/,
    });
    expect(await outcome(aShortJob(target, 'Two', [media, media]))).toMatchObject({
      kind: 'failed',
      reason: /one video/,
    });
    expect(await outcome(aShortJob(target, 'None', []))).toMatchObject({
      kind: 'failed',
      reason: /needs a video/,
    });
    expect(
      await outcome(aShortJob(target, 'Odd', [media], { youtube: { privacyStatus: 'friends' } })),
    ).toMatchObject({ kind: 'failed', reason: /privacyStatus must be private, unlisted or public/ });
    const unlisted = await outcome(
      aShortJob(target, 'Unlisted', [media], { youtube: { privacyStatus: 'unlisted' } }),
    );
    expect(unlisted.kind).toBe('published');
    const id = unlisted.kind === 'published' ? unlisted.platformPostId : '';
    const read = await fetch(`${h.endpoints.youtube.api}/youtube/v3/videos?part=status&id=${id}`, {
      headers: { authorization: `Bearer ${target.credentials.accessToken}` },
    });
    expect(((await read.json()) as any).items[0].status.privacyStatus).toBe('unlisted');
  });
});

describe('YouTube gateway: failures', () => {
  it('fails a video YouTube rejects, in words', async () => {
    const { run } = await publishShort(1000, 'Nope #sandbox-fail');
    expect(run.outcome).toEqual({
      kind: 'failed',
      reason:
        'YouTube rejected the video because it violates the Terms of Service. It stays on the channel as rejected.',
    });
    expect(t.h.sandbox.control.published('youtube')).toEqual([]);
  });

  it('fails a video YouTube cannot process', async () => {
    const { run } = await publishShort(1000, 'Broken #sandbox-corrupt');
    expect(run.outcome).toEqual({
      kind: 'failed',
      reason: 'YouTube could not process the video: it could not be converted.',
    });
  });

  it('retries a backendError and then publishes once', async () => {
    const { h, gateway } = t;
    const target = h.account('youtube', 'shorts_maker');
    const job = aShortJob(target, 'Flaky #sandbox-transient', [await storedShort(h, 1000)]);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome).toEqual({
      kind: 'retry',
      afterMs: 30_000,
      reason: 'YouTube had a temporary problem (backendError).',
    });
    h.clock.advance(30_000);
    const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
    expect(second.outcome.kind).toBe('published');
    expect(h.sandbox.control.published('youtube')).toHaveLength(1);
  });

  it("defers until midnight Pacific time when the project's insert calls of the day are used up", async () => {
    const { h } = t;
    // videos.insert has its own bucket (100 calls a day by default), apart from the unit pool.
    h.sandbox.control.setQuota('youtubeInserts', 0);
    const { run } = await publishShort(1000);
    // The harness clock starts at 2026-01-15T12:00Z, 04:00 PST.
    expect(run.outcome).toEqual({
      kind: 'defer',
      until: new Date('2026-01-16T08:00:00.000Z'),
      reason: expect.stringContaining('quota'),
    });
  });

  it('defers until midnight Pacific time when the unit pool runs out while processing is read', async () => {
    const { h } = t;
    h.sandbox.control.setContainerReadyAfter({ image: 0, video: 60_000 });
    h.sandbox.control.setQuota('youtube', 0);
    const { run } = await publishShort(1000);
    // The upload went through (its own bucket); the first videos.list read is refused.
    expect(h.sandbox.control.youtubeInsertsUsed()).toBe(1);
    expect(run.outcome).toMatchObject({ kind: 'defer', until: new Date('2026-01-16T08:00:00.000Z') });
  });

  it('defers a day when the channel reached its upload limit', async () => {
    const { h } = t;
    h.sandbox.control.setYouTubeUploadLimit(0);
    const { run } = await publishShort(1000);
    expect(run.outcome).toMatchObject({
      kind: 'defer',
      until: new Date(h.clock.now().getTime() + 86_400_000),
    });
  });

  it('asks for a refresh when the token is refused, and continues with the refreshed one', async () => {
    const { h, gateway } = t;
    const target = h.account('youtube', 'shorts_maker');
    h.sandbox.control.expireToken(String(target.credentials.accessToken));
    const job = aShortJob(target, 'Refreshed', [await storedShort(h, KIB_256 + 5)]);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome).toEqual({ kind: 'token_expired' });
    const refreshed = await gateway.refreshCredentials(target.account, target.credentials);
    const second = await runSteps(
      gateway,
      { ...job, post: first.post, credentials: refreshed?.credentials ?? {} },
      h.clock,
    );
    expect(second.outcome.kind).toBe('published');
  });

  it('an access token expiring in the middle of the upload is refreshed; the session goes on', async () => {
    const { h, gateway } = t;
    const target = h.account('youtube', 'shorts_maker');
    const job = aShortJob(target, 'Long upload', [await storedShort(h, 2 * KIB_256 + 5)]);
    // The session and the first chunk, then the hour passes.
    let post = job.post;
    for (let i = 0; i < 2; i += 1) {
      const step = await gateway.publishStep({ ...job, post });
      if (step.kind !== 'progress') throw new Error(`unexpected ${step.kind}`);
      post = { ...post, publishProgress: step.progress };
    }
    h.clock.advance(3_600_000);
    const first = await runSteps(gateway, { ...job, post }, h.clock);
    expect(first.outcome).toEqual({ kind: 'token_expired' }); // videos.list, after the last chunks went up
    const refreshed = await gateway.refreshCredentials(target.account, target.credentials);
    const second = await runSteps(
      gateway,
      { ...job, post: first.post, credentials: refreshed?.credentials ?? {} },
      h.clock,
    );
    expect(second.outcome.kind).toBe('published');
    expect(h.sandbox.control.published('youtube')).toHaveLength(1);
  });

  it('fails for an account without a channel or a suspended one; needs a reconnect for unreadable tokens', async () => {
    const { h, gateway } = t;
    const target = h.account('youtube', 'shorts_maker');
    const media = await storedShort(h, 1000);
    h.sandbox.control.setYouTubeChannel(target.account.platformAccountId, 'missing');
    expect((await runSteps(gateway, aShortJob(target, 'x', [media]), h.clock)).outcome).toMatchObject({
      kind: 'failed',
      reason: /no YouTube channel/,
    });
    h.sandbox.control.setYouTubeChannel(target.account.platformAccountId, 'suspended');
    expect((await runSteps(gateway, aShortJob(target, 'x', [media]), h.clock)).outcome).toMatchObject({
      kind: 'failed',
      reason: /suspended/,
    });
    const broken = { ...target, credentials: { accessToken: 'x' } };
    expect((await runSteps(gateway, aShortJob(broken, 'x', [media]), h.clock)).outcome.kind).toBe(
      'needs_reconnect',
    );
    const job = aShortJob(target, 'x', [media]);
    const garbled = { ...job, post: { ...job.post, publishProgress: { sessions: 'many' } } };
    expect((await gateway.publishStep(garbled)).kind).toBe('failed');
  });
});

describe('YouTube gateway: thumbnails', () => {
  it('sets the thumbnail from platformMeta.youtube.thumbnailUrl', async () => {
    const { h, gateway } = t;
    fetcherOf(h).serve('https://cdn.example/thumb.jpg', JPEG);
    const target = h.account('youtube', 'shorts_maker');
    const job = aShortJob(target, 'With a thumbnail', [await storedShort(h, 1000)], {
      youtube: { thumbnailUrl: 'https://cdn.example/thumb.jpg' },
    });
    const run = await runSteps(gateway, job, h.clock);
    expect(run.outcome.kind).toBe('published');
    expect(h.sandbox.control.published('youtube')[0]?.thumbnailSha256).toBe(sha256(JPEG));
    expect(run.post.publishProgress).toMatchObject({ thumbnail: 'set' });
  });

  it.each([
    [
      'an unreachable link',
      'https://cdn.example/missing.jpg',
      null,
      /could not be downloaded \(unreachable\)/,
    ],
    [
      'bytes that are no image',
      'https://cdn.example/text.jpg',
      Buffer.from('hello'),
      /YouTube did not take the thumbnail/,
    ],
  ] as const)('publishes anyway when the thumbnail fails: %s', async (_what, url, bytes, error) => {
    const { h, gateway } = t;
    if (bytes !== null) fetcherOf(h).serve(url, bytes);
    const target = h.account('youtube', 'shorts_maker');
    const job = aShortJob(target, 'Thumbnail fails', [await storedShort(h, 1000)], {
      youtube: { thumbnailUrl: url },
    });
    const run = await runSteps(gateway, job, h.clock);
    expect(run.outcome.kind).toBe('published');
    expect(run.post.publishProgress).toMatchObject({
      thumbnail: 'failed',
      thumbnailError: expect.stringMatching(error),
    });
    expect(h.sandbox.control.published('youtube')[0]?.thumbnailSha256).toBeUndefined();
  });
});

describe('YouTube gateway: crashes never make two videos', () => {
  it('an answer lost after the 2nd chunk arrived: the resume asks Google and sends each chunk once', async () => {
    const { h, gateway } = t;
    const calls = recordCalls(h);
    let chunks = 0;
    h.sandbox.control.intercept((call, phase) => {
      if (phase === 'before') calls.push(call);
      if (call.operation === 'youtube.upload_chunk' && phase === 'after' && ++chunks === 2)
        throw new Error('lost');
    });
    const media = await storedShort(h, 4 * KIB_256 + 3);
    const job = aShortJob(h.account('youtube', 'shorts_maker'), 'Crash', [media]);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome).toMatchObject({ kind: 'retry' });
    expect(first.post.publishProgress).toMatchObject({ uploadedBytes: KIB_256 }); // what was saved before the crash
    const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
    expect(second.outcome.kind).toBe('published');
    expect(h.sandbox.control.published('youtube').map((p) => p.upload)).toEqual([
      { sizeBytes: media.bytes.length, sha256: sha256(media.bytes) },
    ]);
    expect(count(calls, 'youtube.upload_chunk')).toBe(5);
    expect(count(calls, 'youtube.upload_start')).toBe(1);
  });

  it('an answer lost after the final chunk: the probe adopts the video', async () => {
    const { h, gateway } = t;
    const calls = recordCalls(h);
    let chunks = 0;
    h.sandbox.control.intercept((call, phase) => {
      if (phase === 'before') calls.push(call);
      if (call.operation === 'youtube.upload_chunk' && phase === 'after' && ++chunks === 2)
        throw new Error('lost');
    });
    const media = await storedShort(h, KIB_256 + 10);
    const job = aShortJob(h.account('youtube', 'shorts_maker'), 'Crash at the end', [media]);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome).toMatchObject({ kind: 'retry' });
    expect(first.post.publishProgress).not.toHaveProperty('videoId');
    expect(h.sandbox.control.published('youtube')).toHaveLength(1); // the video exists already
    const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
    const [video] = h.sandbox.control.published('youtube');
    expect(second.outcome).toMatchObject({ kind: 'published', platformPostId: video?.id });
    expect(h.sandbox.control.published('youtube')).toHaveLength(1);
    expect(count(calls, 'youtube.upload_start')).toBe(1);
    expect(count(calls, 'youtube.upload_chunk')).toBe(2);
  });

  it('a lost session-creating answer only costs a new session', async () => {
    const { h, gateway } = t;
    let lost = false;
    h.sandbox.control.intercept((call, phase) => {
      if (call.operation === 'youtube.upload_start' && phase === 'after' && !lost) {
        lost = true;
        throw new Error('lost');
      }
    });
    const job = aShortJob(h.account('youtube', 'shorts_maker'), 'Lost session', [await storedShort(h, 1000)]);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome.kind).toBe('retry');
    const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
    expect(second.outcome.kind).toBe('published');
    expect(h.sandbox.control.published('youtube')).toHaveLength(1);
  });

  it('an upload session that expired (a week) is replaced, still one video', async () => {
    const { h, gateway } = t;
    const target = h.account('youtube', 'shorts_maker');
    const job = aShortJob(target, 'Slow', [await storedShort(h, 2 * KIB_256)]);
    let post = job.post;
    for (let i = 0; i < 2; i += 1) {
      const step = await gateway.publishStep({ ...job, post });
      if (step.kind !== 'progress') throw new Error(`unexpected ${step.kind}`);
      post = { ...post, publishProgress: step.progress };
    }
    h.clock.advance(7 * 86_400_000);
    const refreshed = await gateway.refreshCredentials(target.account, target.credentials);
    const run = await runSteps(gateway, { ...job, post, credentials: refreshed?.credentials ?? {} }, h.clock);
    expect(run.outcome.kind).toBe('published');
    expect(run.post.publishProgress).toMatchObject({ sessions: 2 });
    expect(h.sandbox.control.published('youtube')).toHaveLength(1);
  });
});
