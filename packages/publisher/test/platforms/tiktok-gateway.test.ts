import { createHash } from 'node:crypto';
import { SANDBOX_APPS } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { runSteps } from './run-steps.js';
import { aJob, approveConsent, useSandbox } from './sandbox-harness.js';
import { REDIRECT_URI } from './shared-scenarios.js';
import {
  expectOnePost,
  MIB,
  makeTikTokGateway,
  PUBLIC,
  recordCalls,
  storedVideo,
  takeSteps,
  videoJob,
} from './tiktok-harness.js';

const t = useSandbox(makeTikTokGateway);

describe('TikTok gateway: connecting', () => {
  it('connects through the consent page with PKCE; a wrong verifier is refused', async () => {
    const { h, gateway } = t;
    const verifier = 'a-pkce-verifier-of-the-tiktok-gateway-tests-0123456789';
    const url = gateway.authorizeUrl({ state: 'st-1', redirectUri: REDIRECT_URI, codeVerifier: verifier });
    const query = new URL(url).searchParams;
    expect(url.startsWith(`${h.endpoints.tiktok.www}/v2/auth/authorize/?`)).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      client_key: SANDBOX_APPS.tiktok.clientId,
      scope: 'user.info.basic,user.info.profile,user.info.stats,video.list,video.publish',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      state: 'st-1',
      code_challenge: createHash('sha256').update(verifier).digest('hex'),
      code_challenge_method: 'S256',
    });
    const { code, state } = await approveConsent(url, 'bea_shop');
    expect(state).toBe('st-1');
    const wrong = await gateway.exchangeCode({
      code,
      redirectUri: REDIRECT_URI,
      codeVerifier: `${verifier}x`,
    });
    expect(wrong).toEqual({
      kind: 'refused',
      reason: expect.stringContaining(
        'TikTok refused the connection: Code verifier or code challenge is invalid',
      ),
    });
    const exchange = await gateway.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    const minted = h.account('tiktok', 'bea_shop');
    expect(exchange).toEqual({
      kind: 'connected',
      profiles: [
        {
          platformAccountId: minted.account.platformAccountId,
          handle: 'bea_shop',
          profileUrl: `${h.baseUrl}/sandbox/tiktok/@bea_shop`,
          profileImageUrl: `${h.baseUrl}/sandbox/tiktok/@bea_shop/avatar.svg`,
          followerCount: expect.any(Number),
          credentials: {
            accessToken: expect.stringMatching(/^act\./),
            refreshToken: expect.stringMatching(/^rft\./),
            openId: minted.account.platformAccountId,
            scope: 'user.info.basic,user.info.profile,user.info.stats,video.list,video.publish',
            refreshExpiresAt: new Date(h.clock.now().getTime() + 31_536_000_000).toISOString(),
          },
          tokenExpiresAt: new Date(h.clock.now().getTime() + 86_400_000),
        },
      ],
    });
    expect(Object.keys(minted.credentials).sort()).toEqual(
      Object.keys(exchange.kind === 'connected' ? (exchange.profiles[0]?.credentials ?? {}) : {}).sort(),
    );
    const reused = await gateway.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect(reused).toMatchObject({ kind: 'refused', reason: expect.stringContaining('has been used') });

    const credentials = exchange.kind === 'connected' ? (exchange.profiles[0]?.credentials ?? {}) : {};
    const run = await runSteps(
      gateway,
      aJob({ ...minted, credentials }, 'From OAuth', [h.image()], PUBLIC),
      h.clock,
    );
    expect(run.outcome.kind).toBe('published');
  });

  // TIKTOK_PKCE_ENCODING is read by the adapter and the simulator alike: either encoding connects
  // end to end when both agree, and a challenge in the other one is refused at the exchange.
  it.each(['hex', 'base64url'] as const)(
    'connects with the %s PKCE encoding, one switch for both sides',
    async (encoding) => {
      const { h } = t;
      h.sandbox.control.setTikTokApp({ pkceEncoding: encoding });
      const verifier = 'a-pkce-verifier-of-the-tiktok-encoding-tests-0123456789';
      const connect = async (gateway: ReturnType<typeof makeTikTokGateway>) => {
        const url = gateway.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI, codeVerifier: verifier });
        const challenge = new URL(url).searchParams.get('code_challenge');
        const { code } = await approveConsent(url, 'bea_shop');
        return {
          challenge,
          exchange: await gateway.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }),
        };
      };
      const agreeing = await connect(makeTikTokGateway(h, { pkceEncoding: encoding }));
      expect(agreeing.challenge).toBe(createHash('sha256').update(verifier).digest(encoding));
      expect(agreeing.exchange.kind).toBe('connected');
      const other = encoding === 'hex' ? 'base64url' : 'hex';
      const disagreeing = await connect(makeTikTokGateway(h, { pkceEncoding: other }));
      expect(disagreeing.exchange).toEqual({
        kind: 'refused',
        reason: expect.stringContaining('Code verifier or code challenge is invalid'),
      });
    },
  );

  it('refuses a consent that left out posting', async () => {
    const { h } = t;
    const gateway = makeTikTokGateway(h, { scopes: ['user.info.basic', 'user.info.profile'] });
    const url = gateway.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI, codeVerifier: 'v'.repeat(43) });
    const { code } = await approveConsent(url, 'bea_shop');
    expect(
      await gateway.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: 'v'.repeat(43) }),
    ).toEqual({
      kind: 'refused',
      missingScopes: ['video.publish'],
      reason: 'TikTok did not grant video.publish; connect again and allow every permission asked for.',
    });
  });
});

describe('TikTok gateway: videos', () => {
  it.each([
    ['a small video whole', 1_000, 1],
    ['exactly 5 MiB in one chunk', 5 * MIB, 1],
    ['5 MiB + 1 in one chunk', 5 * MIB + 1, 1],
    ['10 MiB + 1 in two chunks', 10 * MIB + 1, 2],
  ])('uploads %s: the platform holds exactly the stored bytes', async (_what, size, chunks) => {
    const { h, gateway } = t;
    const calls = recordCalls(h);
    const { bytes, media } = await storedVideo(h, size);
    const target = h.account('tiktok', 'bea_shop');
    const run = await runSteps(gateway, videoJob(target, 'My clip #fyp', media), h.clock);
    const post = expectOnePost(h, run.outcome, bytes);
    expect(post).toMatchObject({
      kind: 'VIDEO',
      caption: 'My clip #fyp',
      accountId: target.account.platformAccountId,
    });
    expect(calls.filter((c) => c === 'tiktok.upload_chunk')).toHaveLength(chunks);
    expect(calls.filter((c) => c === 'tiktok.video_init')).toHaveLength(1);
    expect(calls[0]).toBe('tiktok.creator_info');
    expect(run.steps.at(-2)).toMatchObject({
      kind: 'progress',
      progress: { uploaded: true, nextByte: size, videoSize: size, publishStartedAt: expect.any(String) },
    });
  });

  it("sends interactions the creator turned off as disabled, and checks the creator's options", async () => {
    const { h, gateway } = t;
    const target = h.account('tiktok', 'bea_shop');
    const openId = target.account.platformAccountId;
    h.sandbox.control.setTikTokCreator(openId, { duetDisabled: true, stitchDisabled: true });
    const { media } = await storedVideo(h, 2_000);
    // The sandbox refuses an init that leaves them on, so publishing proves they were sent off.
    expect((await runSteps(gateway, videoJob(target, 'No duets', media), h.clock)).outcome.kind).toBe(
      'published',
    );

    h.sandbox.control.setTikTokCreator(openId, { privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'] });
    const denied = await runSteps(gateway, videoJob(target, 'Public please', media), h.clock);
    expect(denied.outcome).toEqual({
      kind: 'failed',
      reason:
        'TikTok lets @bea_shop post only as FOLLOWER_OF_CREATOR, SELF_ONLY; this post asks for PUBLIC_TO_EVERYONE. ' +
        'Set platformMeta.tiktok.privacyLevel to one of them and schedule it again.',
    });
    h.sandbox.control.setTikTokCreator(openId, { maxVideoPostDurationSec: 10 });
    const { media: long } = await storedVideo(h, 3_000, 25_000);
    const tooLong = await runSteps(
      gateway,
      videoJob(target, 'Long', long, { tiktok: { privacyLevel: 'SELF_ONLY' } }),
      h.clock,
    );
    expect(tooLong.outcome).toEqual({
      kind: 'failed',
      reason: 'The video is 25 seconds long; TikTok lets @bea_shop post videos of at most 10 seconds.',
    });
  });

  it('publishes a SELF_ONLY video under its publish id, without a link', async () => {
    const { h, gateway } = t;
    const { media } = await storedVideo(h, 1_500);
    const target = h.account('tiktok', 'bea_shop');
    const run = await runSteps(
      gateway,
      videoJob(target, 'Just me', media, { tiktok: { privacyLevel: 'SELF_ONLY' } }),
      h.clock,
    );
    expect(run.outcome).toEqual({
      kind: 'published',
      platformPostId: expect.stringMatching(/^v_pub_file~v2-/),
      permalink: null,
    });
  });

  it('refuses outside video links and mixed slides before calling TikTok', async () => {
    const { h, gateway } = t;
    const target = h.account('tiktok', 'bea_shop');
    const calls = recordCalls(h);
    const outside = await runSteps(gateway, videoJob(target, 'Linked', h.video()), h.clock);
    expect(outside.outcome).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('outside link'),
    });
    const { media } = await storedVideo(h, 1_000);
    const mixed = await runSteps(gateway, aJob(target, 'Mixed', [media, h.image()], PUBLIC), h.clock);
    expect(mixed.outcome).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('exactly one video'),
    });
    const noLevel = await runSteps(
      gateway,
      videoJob(target, 'No level', media, { tiktok: {} } as never),
      h.clock,
    );
    expect(noLevel.outcome).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('privacyLevel'),
    });
    expect(calls).toEqual([]);
  });
});

describe('TikTok gateway: photo posts', () => {
  it.each([3, 35])('publishes %i photos by link', async (count) => {
    const { h, gateway } = t;
    const target = h.account('tiktok', 'bea_shop');
    const photos = Array.from({ length: count }, () => h.image());
    const job = aJob(target, 'Our trip, day by day', photos, PUBLIC);
    const run = await runSteps(gateway, { ...job, post: { ...job.post, title: 'Trip' } }, h.clock);
    const post = expectOnePost(h, run.outcome);
    expect(post).toMatchObject({
      kind: 'PHOTO',
      children: count,
      mediaUrls: photos.map((p) => p.url),
      caption: 'Trip\n\nOur trip, day by day',
    });
  });
});

describe('TikTok gateway: photo links and the verified URL prefix', () => {
  const photoJob = (h: typeof t.h) => aJob(h.account('tiktok', 'bea_shop'), 'Our trip', [h.image()], PUBLIC);

  it('is refused by TikTok (url_ownership_unverified) when the links are not under a verified prefix', async () => {
    const { h, gateway } = t;
    h.sandbox.control.setTikTokApp({ verifiedPrefixes: ['https://media.example.com/'] });
    const run = await runSteps(gateway, photoJob(h), h.clock);
    expect(run.outcome).toEqual({
      kind: 'failed',
      reason: expect.stringContaining('(TikTok: url_ownership_unverified)'),
    });
    expect(h.sandbox.control.published('tiktok')).toEqual([]);
  });

  it('publishes photos whose links are under the prefix verified on both sides', async () => {
    const { h } = t;
    const prefix = `${h.baseUrl}/media/`;
    h.sandbox.control.setTikTokApp({ verifiedPrefixes: [prefix] });
    const gateway = makeTikTokGateway(h, { verifiedMediaPrefix: prefix, ownMediaPrefix: prefix });
    const run = await runSteps(gateway, photoJob(h), h.clock);
    const post = expectOnePost(h, run.outcome);
    expect(post?.mediaUrls.every((url) => url.startsWith(prefix))).toBe(true);
    expect(gateway.photoPullPrefix).toBe(prefix);
  });

  it('refuses photo posts without calling TikTok when no prefix is configured', async () => {
    const { h } = t;
    const gateway = makeTikTokGateway(h, { verifiedMediaPrefix: null });
    const calls = recordCalls(h);
    const run = await runSteps(gateway, photoJob(h), h.clock);
    expect(run.outcome).toEqual({
      kind: 'failed',
      reason: expect.stringContaining('TIKTOK_VERIFIED_MEDIA_PREFIX'),
    });
    expect(calls).toEqual([]);
    expect(gateway.photoPullPrefix).toBeNull();
  });
});

describe('TikTok gateway: failures', () => {
  it('fails a post TikTok rejects, with what to do', async () => {
    const { h, gateway } = t;
    const { media } = await storedVideo(h, 1_000);
    const run = await runSteps(
      gateway,
      videoJob(h.account('tiktok', 'bea_shop'), 'Nope #sandbox-fail', media),
      h.clock,
    );
    expect(run.outcome).toEqual({
      kind: 'failed',
      reason:
        'TikTok flagged the caption as spam: change the text and schedule the post again. (TikTok: spam_risk_text)',
    });
    expect(h.sandbox.control.published('tiktok')).toHaveLength(0);
  });

  it('retries a transient init error into exactly one post', async () => {
    const { h, gateway } = t;
    const { bytes, media } = await storedVideo(h, 6 * MIB);
    const job = videoJob(h.account('tiktok', 'bea_shop'), 'Flaky #sandbox-transient', media);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome).toMatchObject({ kind: 'retry', afterMs: 30_000 });
    h.clock.advance(30_000);
    const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
    expectOnePost(h, second.outcome, bytes);
  });

  it('defers a day when the creator reached the daily cap', async () => {
    const { h, gateway } = t;
    h.sandbox.control.setQuota('tiktok', 0);
    const run = await runSteps(
      gateway,
      aJob(h.account('tiktok', 'bea_shop'), 'Too many', [h.image()], PUBLIC),
      h.clock,
    );
    expect(run.outcome).toEqual({
      kind: 'defer',
      until: new Date(h.clock.now().getTime() + 86_400_000),
      reason: expect.stringContaining('daily limit of posts'),
    });
  });

  it('waits a minute when rate limited', async () => {
    const { h, gateway } = t;
    const target = h.account('tiktok', 'bea_shop');
    for (let i = 0; i < 20; i++) await gateway.postingOptions?.(target.credentials);
    const run = await runSteps(gateway, aJob(target, 'Busy', [h.image()], PUBLIC), h.clock);
    expect(run.outcome).toMatchObject({ kind: 'retry', afterMs: 60_000 });
  });

  it('refreshes an expired token (rotating the refresh token) and continues the same publish', async () => {
    const { h, gateway } = t;
    const target = h.account('tiktok', 'bea_shop');
    const { bytes, media } = await storedVideo(h, 10 * MIB + 1);
    const job = videoJob(target, 'Token dance', media);
    // Expire the token after the upload started, so the refresh resumes a publish in progress.
    const post = await takeSteps(gateway, job, 3); // creator_info, init, first chunk
    expect(post.publishProgress).toMatchObject({ publishId: expect.any(String), nextByte: 5 * MIB });
    h.sandbox.control.expireToken(String(target.credentials.accessToken));
    h.clock.advance(6_000);
    const expired = await runSteps(gateway, { ...job, post }, h.clock);
    expect(expired.outcome).toEqual({ kind: 'token_expired' });

    const refreshed = await gateway.refreshCredentials(target.account, target.credentials);
    expect(refreshed).toEqual({
      credentials: {
        accessToken: expect.stringMatching(/^act\./),
        refreshToken: expect.stringMatching(/^rft\./),
        openId: target.account.platformAccountId,
        scope: expect.any(String),
        refreshExpiresAt: new Date(h.clock.now().getTime() + 31_536_000_000).toISOString(),
      },
      expiresAt: new Date(h.clock.now().getTime() + 86_400_000),
    });
    expect(refreshed?.credentials.refreshToken).not.toBe(target.credentials.refreshToken);
    const resumed = await runSteps(
      gateway,
      { ...job, credentials: refreshed?.credentials ?? {}, post: expired.post },
      h.clock,
    );
    expectOnePost(h, resumed.outcome, bytes);

    // Rotation: the newest refresh token works again and again; a superseded one is refused.
    const again = await gateway.refreshCredentials(target.account, refreshed?.credentials ?? {});
    const third = await gateway.refreshCredentials(target.account, again?.credentials ?? {});
    expect(third?.credentials.accessToken).toMatch(/^act\./);
    expect(await gateway.refreshCredentials(target.account, refreshed?.credentials ?? {})).toBeNull();
  });

  it('needs a reconnect when TikTok refuses the refresh token', async () => {
    const { h, gateway } = t;
    const target = h.account('tiktok', 'bea_shop');
    h.sandbox.control.invalidateTokensOf('tiktok', target.account.platformAccountId, 460);
    const run = await runSteps(gateway, aJob(target, 'Revoked', [h.image()], PUBLIC), h.clock);
    expect(run.outcome).toEqual({ kind: 'token_expired' });
    expect(await gateway.refreshCredentials(target.account, target.credentials)).toBeNull();
    expect(await gateway.refreshCredentials(target.account, { accessToken: 'x' })).toBeNull();
  });
});

describe('TikTok gateway: posting options', () => {
  it("reads the creator's options, and says when the creator cannot post", async () => {
    const { h, gateway } = t;
    const target = h.account('tiktok', 'bea_shop');
    const read = () => gateway.postingOptions?.(target.credentials);
    expect(await read()).toEqual({
      kind: 'options',
      options: {
        privacyLevels: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
        commentDisabled: false,
        duetDisabled: false,
        stitchDisabled: false,
        maxVideoDurationSec: 600,
        creator: {
          username: 'bea_shop',
          nickname: 'bea_shop',
          avatarUrl: `${h.baseUrl}/sandbox/tiktok/@bea_shop/avatar.svg`,
        },
      },
    });
    h.sandbox.control.setTikTokCreator(target.account.platformAccountId, {
      cannotPost: 'unaudited_client_can_only_post_to_private_accounts',
    });
    expect(await read()).toEqual({
      kind: 'cannot_post',
      reason: expect.stringContaining('make the account private'),
    });
    h.sandbox.control.expireToken(String(target.credentials.accessToken));
    expect(await read()).toEqual({ kind: 'token_expired' });
    expect(await gateway.postingOptions?.({})).toMatchObject({ kind: 'needs_reconnect' });
  });

  it('reports faults as unavailable', async () => {
    const { h, gateway } = t;
    const target = h.account('tiktok', 'bea_shop');
    h.sandbox.control.intercept(() => {
      throw new Error('down');
    });
    expect(await gateway.postingOptions?.(target.credentials)).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringContaining('internal_error'),
    });
    const offline = makeTikTokGateway(h, { hosts: { www: 'http://127.0.0.1:9', api: 'http://127.0.0.1:9' } });
    expect(await offline.postingOptions?.(target.credentials)).toMatchObject({ kind: 'unavailable' });
  });
});
