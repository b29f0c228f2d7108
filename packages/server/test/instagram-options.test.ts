import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG, type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { verticalVideo } from './vertical-video.js';

// The Instagram options of platformMeta.instagram (issue 37) through the whole server: REST
// creation with the policy's refusals, the publisher's containers, and the simulator storing
// what Graph was sent, read back here.
describe('Instagram posting options through the server and the sandbox', () => {
  let server: SandboxServer;
  let key: string;
  let account: string;

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    let accounts: Record<string, string>;
    ({ key, accounts } = await seedUser(server, ['instagram']));
    account = accounts.instagram as string;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const create = (caption: string, mediaIds: readonly string[], instagram: Record<string, unknown>) =>
    server.call('/api/v1/publish', key, {
      method: 'POST',
      json: {
        platforms: ['instagram'],
        profileIds: [account],
        caption,
        mediaIds,
        platformMeta: { instagram },
      },
    });
  const published = async (
    caption: string,
    mediaIds: readonly string[],
    instagram: Record<string, unknown>,
  ) => {
    const created = await create(caption, mediaIds, instagram);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await settled(server, key, created.body.postIds[0], 60_000);
    expect(post.status, JSON.stringify(post)).toBe('posted');
    const sent = server.sandbox.control.published('instagram').find((p) => p.caption === caption);
    expect(sent).toBeDefined();
    return sent as NonNullable<typeof sent>;
  };
  const image = () => server.upload(key, JPEG, 'photo.jpg');
  const video = () =>
    server.upload(key, verticalVideo({ durationMs: 10_000, totalBytes: 300 * 1024 }), 'reel.mp4');

  it('publishes a carousel with collaborators, a location and people tagged per image', async () => {
    const slides = [await image(), await video(), await image()];
    const sent = await published('Carousel with friends', slides, {
      collaborators: ['ana.b', 'studio_9'],
      locationId: '110843418940484',
      userTags: [
        { username: 'ana.b', x: 0.25, y: 0.75 },
        { username: 'bo', x: 0.5, y: 0.5, mediaIndex: 2 },
      ],
    });
    expect(sent.kind).toBe('CAROUSEL');
    expect(sent.instagram).toEqual({
      options: { collaborators: ['ana.b', 'studio_9'], locationId: '110843418940484' },
      children: [
        { userTags: [{ username: 'ana.b', x: 0.25, y: 0.75 }] },
        {},
        { userTags: [{ username: 'bo', x: 0.5, y: 0.5 }] },
      ],
    });
  }, 90_000);

  it('publishes a reel kept off the feed, with its cover frame and a collaborator', async () => {
    const sent = await published('Reel off the feed', [await video()], {
      shareToFeed: false,
      thumbOffset: 2500,
      collaborators: ['ana.b'],
    });
    expect(sent.kind).toBe('REELS');
    expect(sent.instagram?.options).toEqual({
      shareToFeed: false,
      thumbOffset: 2500,
      collaborators: ['ana.b'],
    });
  }, 90_000);

  it('refuses options Instagram would refuse, before any container is created', async () => {
    const before = server.sandbox.control.published('instagram').length;
    const photo = await image();
    const tooMany = await create('Too many', [photo], { collaborators: ['a', 'b', 'c', 'd'] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('invalid_instagram_option');
    expect(JSON.stringify(tooMany.body)).toContain('at most 3 collaborators');
    const offImage = await create('Off image', [photo], { userTags: [{ username: 'ana', x: 1.5, y: 0 }] });
    expect(offImage.status).toBe(400);
    expect(JSON.stringify(offImage.body)).toContain('platformMeta.instagram.userTags[0].x');
    const reelOnly = await create('Reel only', [photo], { shareToFeed: false });
    expect(reelOnly.status).toBe(400);
    expect(JSON.stringify(reelOnly.body)).toContain('reels only');
    expect(server.sandbox.control.published('instagram')).toHaveLength(before);
  }, 60_000);
});
