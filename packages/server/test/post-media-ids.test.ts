import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 30: after a PNG became a JPEG copy for Instagram, svc_get_post_status and the update tool
// listed the copy's id: a caller that scheduled [A, B] read back [A', B']. Through a started
// server, REST and the tools answer with one presenter: `mediaIds` and each `media[i].mediaId` are
// the caller's ids, and the copy each platform gets is `media[i].platformMediaId`.
const LATER = '2031-05-01T09:00:00Z';

/** A 1080x1350 PNG (4:5, which Instagram takes but only as a JPEG) of one colour. */
const png = (r: number) =>
  sharp({ create: { width: 1080, height: 1350, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer();

type Slide = { mediaId: string | null; url: string; platformMediaId: string | null };

describe('a converted image reads back as the id the caller gave', () => {
  let server: SandboxServer;
  let key: string;
  let instagram: string;
  let a: string;
  let b: string;

  beforeAll(async () => {
    server = await startSandboxServer();
    const seeded = await seedUser(server, ['instagram', 'threads']);
    key = seeded.key;
    instagram = seeded.accounts.instagram ?? '';
    a = await server.upload(key, await png(40), 'a.png');
    b = await server.upload(key, await png(200), 'b.png');
  }, 60_000);
  afterAll(() => server?.close());

  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = await server.callTool(key, name, args);
    expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
    return result.structuredContent;
  };

  /** The slides are the caller's assets, each with the JPEG copy Instagram gets. */
  const expectCopies = (media: Slide[], own: string[]) => {
    expect(media.map((m) => m.mediaId)).toEqual(own);
    for (const slide of media) {
      expect(slide.platformMediaId).toMatch(/^media_/);
      expect(own).not.toContain(slide.platformMediaId);
      // The link is the one Instagram is sent: the copy's.
      expect(slide.url).toContain(String(slide.platformMediaId));
    }
  };

  it('svc_schedule_post, svc_get_post_status, svc_update_scheduled_post and REST list [A, B] as given', async () => {
    const scheduled = await tool('svc_schedule_post', {
      caption: 'Two photos',
      platforms: ['instagram'],
      media_ids: [a, b],
      scheduled_time: LATER,
    });
    const postId = scheduled.postIds[0];
    expect(scheduled.targets[0]).toMatchObject({ profileId: instagram, mediaIds: [a, b] });
    expect(scheduled.targets[0].platformMediaIds).toHaveLength(2);

    const status = await tool('svc_get_post_status', { post_id: postId });
    expect(status.mediaIds).toEqual([a, b]);
    expectCopies(status.media, [a, b]);
    expect(scheduled.targets[0].platformMediaIds).toEqual(status.media.map((m: Slide) => m.platformMediaId));

    const rest = await server.call(`/api/v1/posts/${postId}`, key);
    expect(rest.status).toBe(200);
    expect(rest.body.mediaIds).toEqual([a, b]);
    expectCopies(rest.body.media, [a, b]);
    // The same presenter on both surfaces: the tool's answer is REST's, field for field.
    expect(status).toEqual(rest.body);
    // `derivedFrom` stays for older clients, meaning what it meant: the original of a copy.
    expect(rest.body.media.map((m: { derivedFrom: string | null }) => m.derivedFrom)).toEqual([a, b]);

    const updated = await tool('svc_update_scheduled_post', { post_id: postId, media_ids: [b] });
    expect(updated.mediaIds).toEqual([b]);
    expectCopies(updated.media, [b]);
    expect(updated.updated).toEqual(['media_ids']);
  });

  it('REST creation with mediaIds [A] reads back [A]; a platform that takes the PNG has no copy', async () => {
    const created = await server.call('/api/v1/posts', key, {
      method: 'POST',
      json: {
        platforms: ['instagram', 'threads'],
        caption: 'One photo',
        mediaIds: [a],
        scheduledTime: LATER,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const posts = await Promise.all(
      created.body.postIds.map(async (id: string) => (await server.call(`/api/v1/posts/${id}`, key)).body),
    );
    const onInstagram = posts.find((p) => p.platforms[0] === 'instagram');
    const onThreads = posts.find((p) => p.platforms[0] === 'threads');
    expect(onInstagram.mediaIds).toEqual([a]);
    expectCopies(onInstagram.media, [a]);
    expect(onThreads.mediaIds).toEqual([a]);
    expect(onThreads.media).toEqual([
      { mediaId: a, url: onThreads.mediaUrls[0], platformMediaId: null, derivedFrom: null },
    ]);
    const status = await tool('svc_get_post_status', { post_id: onInstagram.id });
    expect(status.mediaIds).toEqual([a]);
  });
});
