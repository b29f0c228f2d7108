import { describe, expect, it } from 'vitest';
import { connect, useSandbox } from './sandbox-harness.js';

const h = useSandbox();

async function account(handle = 'bea_shop') {
  const { token, userId } = await connect(h, 'instagram', handle);
  const graph = `${h.hosts.instagram.graph}/v23.0`;
  return {
    token,
    userId,
    create: (params: Record<string, string>) =>
      h.post(`${graph}/${userId}/media`, { ...params, access_token: token }),
    status: (id: string) => h.get(`${graph}/${id}`, { fields: 'status_code,status,id', access_token: token }),
    publish: (id: string) =>
      h.post(`${graph}/${userId}/media_publish`, { creation_id: id, access_token: token }),
    read: (id: string, fields: string) => h.get(`${graph}/${id}`, { fields, access_token: token }),
    list: (params: Record<string, string> = {}) =>
      h.get(`${graph}/${userId}/media`, {
        fields: 'id,caption,permalink,timestamp',
        ...params,
        access_token: token,
      }),
  };
}

describe('Instagram publishing', () => {
  it('image: container FINISHED at once, media_publish, permalink, one publication', async () => {
    const ig = await account();
    const created = await ig.create({ image_url: h.media.jpeg, caption: 'Hello #sandbox' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect((await ig.status(created.body.id)).body).toEqual({
      id: created.body.id,
      status_code: 'FINISHED',
      status: expect.stringContaining('Finished'),
    });
    const published = await ig.publish(created.body.id);
    expect(published.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const media = await ig.read(
      published.body.id,
      'id,permalink,shortcode,media_type,media_product_type,timestamp,caption',
    );
    expect(media.body).toEqual({
      id: published.body.id,
      permalink: expect.stringMatching(new RegExp(`^${h.baseUrl}/sandbox/instagram/p/[\\w-]{11}/$`)),
      shortcode: expect.any(String),
      media_type: 'IMAGE',
      media_product_type: 'FEED',
      timestamp: '2025-06-01T12:00:00+0000',
      caption: 'Hello #sandbox',
    });
    const page = await h.get(media.body.permalink);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Hello #sandbox');
    expect((await h.get(`${h.baseUrl}/sandbox/instagram/bea_shop`)).text).toContain(media.body.permalink);
    expect(h.sandbox.control.published('instagram')).toEqual([
      {
        platform: 'instagram',
        id: published.body.id,
        accountId: ig.userId,
        kind: 'IMAGE',
        caption: 'Hello #sandbox',
        mediaUrls: [h.media.jpeg],
        children: 0,
        permalink: media.body.permalink,
        containerId: created.body.id,
        at: h.clock.now(),
      },
    ]);
    expect((await ig.status(created.body.id)).body.status_code).toBe('PUBLISHED');
  });

  it('reel: IN_PROGRESS until the video processing time has passed on the sandbox clock', async () => {
    const ig = await account();
    const created = await ig.create({ media_type: 'REELS', video_url: h.media.video, share_to_feed: 'true' });
    expect((await ig.status(created.body.id)).body.status_code).toBe('IN_PROGRESS');
    const early = await ig.publish(created.body.id);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({ code: 9007, error_subcode: 2207027, is_transient: false });
    h.clock.advance(2000);
    expect((await ig.status(created.body.id)).body.status_code).toBe('FINISHED');
    const published = await ig.publish(created.body.id);
    expect((await ig.read(published.body.id, 'media_type,media_product_type')).body).toEqual({
      id: published.body.id,
      media_type: 'VIDEO',
      media_product_type: 'REELS',
    });
    expect(h.sandbox.control.published()[0]?.kind).toBe('REELS');
  });

  it('carousel of finished children; 1 child or an unfinished one is 100/2207028', async () => {
    const ig = await account();
    const image = await ig.create({ is_carousel_item: 'true', image_url: h.media.jpeg });
    const video = await ig.create({
      is_carousel_item: 'true',
      media_type: 'VIDEO',
      video_url: h.media.video,
    });
    const tooFew = await ig.create({ media_type: 'CAROUSEL', children: image.body.id });
    expect(tooFew.body.error).toMatchObject({ code: 100, error_subcode: 2207028 });
    const unfinished = await ig.create({
      media_type: 'CAROUSEL',
      children: `${image.body.id},${video.body.id}`,
    });
    expect(unfinished.body.error).toMatchObject({ code: 100, error_subcode: 2207028 });
    h.clock.advance(2000);
    const parent = await ig.create({
      media_type: 'CAROUSEL',
      children: `${image.body.id},${video.body.id}`,
      caption: 'Two slides',
    });
    const alone = await ig.publish(image.body.id);
    expect(alone.body.error.code).toBe(100);
    const published = await ig.publish(parent.body.id);
    expect((await ig.read(published.body.id, 'media_type')).body.media_type).toBe('CAROUSEL_ALBUM');
    expect(h.sandbox.control.published()).toEqual([
      expect.objectContaining({ kind: 'CAROUSEL', children: 2, mediaUrls: [h.media.jpeg, h.media.video] }),
    ]);
  });

  it('a container is published once: the second media_publish is refused', async () => {
    const ig = await account();
    const created = await ig.create({ image_url: h.media.jpeg });
    expect((await ig.publish(created.body.id)).status).toBe(200);
    const again = await ig.publish(created.body.id);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 100, is_transient: false });
    expect(again.body.error.message).toContain('already been published');
    expect(h.sandbox.control.published()).toHaveLength(1);
  });

  it('containers expire after 24 h (-2/2207020); unknown creation ids are 24/2207006', async () => {
    const ig = await account();
    const created = await ig.create({ image_url: h.media.jpeg });
    h.clock.advance(24 * 60 * 60_000);
    expect((await ig.status(created.body.id)).body.status_code).toBe('EXPIRED');
    expect((await ig.publish(created.body.id)).body.error).toMatchObject({
      code: -2,
      error_subcode: 2207020,
    });
    expect((await ig.publish('17000000000000000')).body.error).toMatchObject({
      code: 24,
      error_subcode: 2207006,
    });
  });

  it('quota: content_publishing_limit counts, publishing past it is 9/2207042', async () => {
    const ig = await account();
    h.sandbox.control.setQuota('instagram', 1);
    const limit = () =>
      h.get(`${h.hosts.instagram.graph}/v23.0/${ig.userId}/content_publishing_limit`, {
        fields: 'quota_usage,config',
        access_token: ig.token,
      });
    expect((await limit()).body).toEqual({
      data: [{ quota_usage: 0, config: { quota_total: 1, quota_duration: 86400 } }],
    });
    await ig.publish((await ig.create({ image_url: h.media.jpeg })).body.id);
    expect((await limit()).body.data[0].quota_usage).toBe(1);
    const over = await ig.publish((await ig.create({ image_url: h.media.jpeg })).body.id);
    expect(over.body.error).toMatchObject({ code: 9, error_subcode: 2207042 });
    h.clock.advance(24 * 60 * 60_000 + 1);
    expect((await limit()).body.data[0].quota_usage).toBe(0);
  });

  it('checks the caption length and the media it downloads', async () => {
    const ig = await account();
    const long = await ig.create({ image_url: h.media.jpeg, caption: 'é'.repeat(2201) });
    expect(long.body.error).toMatchObject({ code: 36004, error_subcode: 2207010 });
    expect((await ig.create({ image_url: h.media.jpeg, caption: 'é'.repeat(2200) })).status).toBe(200);
    const missing = await ig.create({ image_url: h.media.missing });
    expect((await ig.status(missing.body.id)).body).toMatchObject({
      status_code: 'ERROR',
      status: expect.stringContaining('2207052'),
    });
    expect((await ig.publish(missing.body.id)).body.error).toMatchObject({
      code: 9004,
      error_subcode: 2207052,
    });
    const png = await ig.create({ image_url: h.media.png });
    expect((await ig.status(png.body.id)).body.status).toContain('2207005');
    expect((await ig.publish(png.body.id)).body.error).toMatchObject({ code: 36001, error_subcode: 2207005 });
    expect((await ig.create({ image_url: 'not a url' })).status).toBe(200);
  });

  it('lists the account’s media newest first, with cursor paging', async () => {
    const ig = await account();
    const ids: string[] = [];
    for (const caption of ['one', 'two', 'three']) {
      const created = await ig.create({ image_url: h.media.jpeg, caption });
      ids.push((await ig.publish(created.body.id)).body.id);
      h.clock.advance(1000);
    }
    const first = await ig.list({ limit: '2' });
    expect(first.body.data.map((m: any) => m.caption)).toEqual(['three', 'two']);
    expect(first.body.data[0]).toEqual({
      id: ids[2],
      caption: 'three',
      permalink: expect.any(String),
      timestamp: '2025-06-01T12:00:02+0000',
    });
    const next = await h.get(first.body.paging.next);
    expect(next.body.data.map((m: any) => m.caption)).toEqual(['one']);
    expect(next.body.paging.next).toBeUndefined();
  });

  it('refuses another account’s ids: code 10 on its edges, 100/33 on its objects', async () => {
    const bea = await account('bea_shop');
    const other = await account('other_shop');
    const created = await bea.create({ image_url: h.media.jpeg });
    const foreign = await h.post(`${h.hosts.instagram.graph}/v23.0/${bea.userId}/media`, {
      image_url: h.media.jpeg,
      access_token: other.token,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe(10);
    expect((await other.status(created.body.id)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });
});

describe('Instagram without media fetching', () => {
  const lax = useSandbox({ fetchMedia: false });

  it('accepts links it cannot reach', async () => {
    const { token, userId } = await connect(lax, 'instagram', 'bea');
    const graph = `${lax.hosts.instagram.graph}/v23.0`;
    const created = await lax.post(`${graph}/${userId}/media`, {
      image_url: lax.media.missing,
      access_token: token,
    });
    const status = await lax.get(`${graph}/${created.body.id}`, {
      fields: 'status_code',
      access_token: token,
    });
    expect(status.body.status_code).toBe('FINISHED');
  });
});
