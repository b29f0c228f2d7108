import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mintSandboxAccount } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, settled, startSandboxServer } from './sandbox-server.js';
import { verticalVideo } from './vertical-video.js';

// TikTok and YouTube through the whole server: connecting with PKCE through connectUrl, the
// creator's posting options, the privacy check at creation, and posts published by the server's
// own publisher from our storage to the simulators.
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));

describe('TikTok and YouTube through the server', () => {
  let server: SandboxServer;
  let key: string;
  const accounts: Record<string, { id: string }> = {};
  // The simulator derives a creator's open_id from the handle, as it minted it at consent.
  const openIdOf = (handle: string) =>
    mintSandboxAccount({ platform: 'tiktok', handle, secret: 'any', baseUrl: server.url, now: new Date() })
      .platformAccountId;

  beforeAll(async () => {
    server = await startSandboxServer();
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    await server.cli(['users', 'create', '--email', 'cy@example.com', '--plan', 'paid']);
    key = (await server.cli(['keys', 'create', '--email', 'cy@example.com', '--scopes', '*'])).json.key;
  }, 30_000);
  afterAll(() => server?.close());

  // What a browser does with connectUrl: our redirect (keeping the binding cookie), the consent
  // form approved with `handle`, and the callback with the cookie.
  async function connect(platform: 'tiktok' | 'youtube', handle: string) {
    const request = await server.call('/api/v1/connections', key, { method: 'POST', json: { platform } });
    expect(request.status).toBe(200);
    const opened = await fetch(request.body.connectUrl, { redirect: 'manual' });
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const consentUrl = new URL(opened.headers.get('location') ?? '');
    expect(consentUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const form = new URLSearchParams(consentUrl.search);
    form.set('handle', handle);
    const approved = await fetch(consentUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const callback = approved.headers.get('location') ?? '';
    expect(new URL(callback).pathname).toBe('/connect/callback');
    const done = await fetch(callback, { headers: { cookie }, redirect: 'manual' });
    expect(done.status, await done.clone().text()).toBe(200);
    const listed = await server.call('/api/v1/connections', key);
    const account = listed.body.accounts.find((a: any) => a.platform === platform && a.handle === handle);
    expect(account).toBeDefined();
    return account as { id: string };
  }

  const upload = (bytes: Uint8Array, name: string) => server.upload(key, bytes, name);

  it('connects a TikTok creator with PKCE and answers their posting options', async () => {
    accounts.tiktok = await connect('tiktok', 'cy_clips');
    const options = await server.call(`/api/v1/connections/${accounts.tiktok.id}/posting-options`, key);
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      profileId: accounts.tiktok.id,
      platform: 'tiktok',
      privacyLevels: expect.arrayContaining(['SELF_ONLY']),
      creator: { username: 'cy_clips' },
    });
  });

  it('refuses a privacy level the creator does not allow, naming the allowed ones', async () => {
    // A second creator whose options were never read, so nothing is cached for it yet.
    const private_ = await connect('tiktok', 'cy_private');
    server.sandbox.control.setTikTokCreator(openIdOf('cy_private'), {
      privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
    });
    const mediaId = await upload(verticalVideo({ durationMs: 4_000, totalBytes: 64 * 1024 }), 'clip.mp4');
    const refused = await server.call('/api/v1/posts', key, {
      method: 'POST',
      json: {
        platforms: ['tiktok'],
        profileIds: [private_.id],
        caption: 'Everyone should see this',
        title: 'Everyone',
        mediaId,
        platformMeta: { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: expect.stringContaining('Allowed: FOLLOWER_OF_CREATOR, SELF_ONLY'),
      code: 'privacy_level_not_allowed',
    });
  });

  it('publishes a TikTok video uploaded in chunks from our storage, and a photo set', async () => {
    const tiktok = accounts.tiktok as { id: string };
    // 21 MiB: two chunks at the default 10 MiB chunk size, the second absorbing the remainder.
    const bytes = verticalVideo({ durationMs: 4_000, totalBytes: 21 * 1024 * 1024 });
    const video = await upload(bytes, 'long.mp4');
    const photos = [await upload(JPEG, 'a.jpg'), await upload(JPEG, 'b.jpg')];
    const meta = { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE', disableDuet: true } };
    const created = await Promise.all(
      [
        { caption: 'Chunked video', title: 'Chunked', mediaId: video },
        { caption: 'Two photos', title: 'Photos', mediaIds: photos },
      ].map((body) =>
        server.call('/api/v1/publish', key, {
          method: 'POST',
          json: { platforms: ['tiktok'], profileIds: [tiktok.id], platformMeta: meta, ...body },
        }),
      ),
    );
    for (const c of created) expect(c.status, JSON.stringify(c.body)).toBe(200);
    const [videoPost, photoPost] = await Promise.all(
      created.map((c) => settled(server, key, c.body.postIds[0], 60_000)),
    );
    expect(videoPost).toMatchObject({ status: 'posted', failedReason: null });
    expect(photoPost).toMatchObject({ status: 'posted', failedReason: null });
    const published = server.sandbox.control.published('tiktok');
    expect(published.map((p) => p.kind).sort()).toEqual(['PHOTO', 'VIDEO']);
    const onPlatform = published.find((p) => p.kind === 'VIDEO');
    expect(onPlatform?.permalink).toBe(videoPost.permalink);
    expect(onPlatform?.upload).toEqual({ sizeBytes: bytes.length, sha256: sha256(bytes) });
    expect(videoPost.permalink.startsWith(`${server.url}/sandbox/tiktok/@cy_clips/video/`)).toBe(true);
    expect(published.find((p) => p.kind === 'PHOTO')?.children).toBe(2);
  }, 90_000);

  it('connects a YouTube channel and publishes a Short from our storage', async () => {
    accounts.youtube = await connect('youtube', 'cy_channel');
    const bytes = verticalVideo({ durationMs: 30_000, totalBytes: 9 * 1024 * 1024 });
    const mediaId = await upload(bytes, 'short.mp4');
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: {
        platforms: ['youtube'],
        profileIds: [accounts.youtube.id],
        title: 'A Short #Shorts',
        caption: 'Made in the sandbox',
        mediaId,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await settled(server, key, created.body.postIds[0], 60_000);
    expect(post).toMatchObject({ status: 'posted', failedReason: null });
    const published = server.sandbox.control.published('youtube');
    expect(published).toHaveLength(1);
    expect(post.permalink).toBe(published[0]?.permalink);
    expect(published[0]?.upload).toEqual({ sizeBytes: bytes.length, sha256: sha256(bytes) });
    expect(post.permalink.startsWith(`${server.url}/sandbox/youtube/shorts/`)).toBe(true);
  }, 90_000);
});
