import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { verticalVideo } from './vertical-video.js';

// The YouTube options of platformMeta.youtube (contract.md, issue 37) through the whole server:
// REST creation with the policy's refusals and warning, the publisher's upload and playlist step,
// and the simulator storing what was sent, read back here.
describe('YouTube upload options through the server and the sandbox', () => {
  let server: SandboxServer;
  let key: string;
  let channel: string;

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    let accounts: Record<string, string>;
    ({ key, accounts } = await seedUser(server, ['youtube']));
    channel = accounts.youtube as string;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const publish = async (title: string, youtube: Record<string, unknown>) => {
    const bytes = verticalVideo({ durationMs: 10_000, totalBytes: 300 * 1024 });
    const mediaId = await server.upload(key, bytes, 'short.mp4');
    return server.call('/api/v1/publish', key, {
      method: 'POST',
      json: {
        platforms: ['youtube'],
        profileIds: [channel],
        title,
        caption: 'From the sandbox',
        mediaId,
        platformMeta: { youtube },
      },
    });
  };
  const publishedVideo = async (title: string, youtube: Record<string, unknown>) => {
    const created = await publish(title, youtube);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await settled(server, key, created.body.postIds[0], 60_000);
    expect(post.status, JSON.stringify(post)).toBe('posted');
    const video = server.sandbox.control.youtubeVideo(String(post.permalink).split('/').pop() ?? '');
    expect(video).toBeDefined();
    return { created, post, video: video as NonNullable<typeof video> };
  };

  let channelId = '';

  it('sends every option as YouTube documents it, and the simulator stores them', async () => {
    const { created, post, video } = await publishedVideo('All options #Shorts', {
      privacyStatus: 'unlisted',
      notifySubscribers: false,
      madeForKids: true,
      categoryId: '10',
      tags: ['music', 'live set'],
      defaultLanguage: 'fr',
    });
    expect(created.body.warnings ?? []).toEqual([]);
    expect(post.warning).toBeNull();
    expect(video).toMatchObject({
      snippet: {
        title: 'All options #Shorts',
        categoryId: '10',
        tags: ['music', 'live set'],
        defaultLanguage: 'fr',
      },
      settings: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: true },
      notifySubscribers: false,
      playlistIds: [],
    });
    channelId = video.channelId;
  }, 90_000);

  it('declares not made for kids when madeForKids is absent, and the creation answer says so', async () => {
    const { created, video } = await publishedVideo('Undeclared #Shorts', {});
    expect(created.body.warnings).toEqual([
      expect.objectContaining({
        code: 'made_for_kids_undeclared',
        field: 'platformMeta.youtube.madeForKids',
        message: expect.stringContaining('declared not made for kids'),
      }),
    ]);
    expect(video).toMatchObject({
      snippet: { categoryId: '22' },
      settings: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
      notifySubscribers: true,
    });
  }, 90_000);

  it('refuses options YouTube would refuse, before anything is uploaded', async () => {
    const inserts = server.sandbox.control.youtubeInsertsUsed();
    const refused = await publish('Refused #Shorts', { madeForKids: false, privacyStatus: 'friends' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_youtube_option');
    expect(JSON.stringify(refused.body)).toContain('public, unlisted or private');
    const tags = await publish('Tags #Shorts', {
      madeForKids: false,
      tags: Array.from({ length: 70 }, () => 'a tag'),
    });
    expect(tags.status).toBe(400);
    expect(JSON.stringify(tags.body)).toContain('YouTube allows 500');
    expect(server.sandbox.control.youtubeInsertsUsed()).toBe(inserts);
  }, 60_000);

  it('adds the video to the playlist once it is processed, once', async () => {
    const playlistId = server.sandbox.control.createYouTubePlaylist(channelId, 'Shorts');
    const { post, video } = await publishedVideo('Playlist #Shorts', { madeForKids: false, playlistId });
    expect(post.warning).toBeNull();
    expect(video.playlistIds).toEqual([playlistId]);
  }, 90_000);

  it('publishes anyway when the playlist refuses the video, and says why in the warning', async () => {
    const { post, video } = await publishedVideo('No playlist #Shorts', {
      madeForKids: false,
      playlistId: 'PLdoesnotexist',
    });
    expect(post.warning).toBe(
      'YouTube did not add the video to playlist PLdoesnotexist: the playlist does not exist, or this channel cannot see it.',
    );
    expect(video.playlistIds).toEqual([]);
  }, 90_000);
});
