import { describe, expect, it } from 'vitest';
import { connectPage, useSandbox } from './sandbox-harness.js';

const h = useSandbox();

async function page(name = 'Bea Bakery') {
  const p = await connectPage(h, name);
  const graph = `${h.hosts.facebook.graph}/v23.0`;
  return {
    ...p,
    post: (edge: string, params: Record<string, string>, token = p.pageToken) =>
      h.post(`${graph}/${p.pageId}/${edge}`, { ...params, access_token: token }),
    read: (id: string, fields: string, token = p.pageToken) =>
      h.get(`${graph}/${id}`, { fields, access_token: token }),
    feed: (token = p.pageToken) =>
      h.get(`${graph}/${p.pageId}/feed`, {
        fields: 'id,message,created_time,permalink_url',
        access_token: token,
      }),
  };
}

describe('Facebook Page posts', () => {
  it('feed post: <pageId>_<postId>, readable, listed, with a permalink page', async () => {
    const fb = await page();
    const posted = await fb.post('feed', { message: 'Fresh bread', link: 'https://example.com' });
    expect(posted.body).toEqual({ id: expect.stringMatching(new RegExp(`^${fb.pageId}_\\d+$`)) });
    const read = await fb.read(posted.body.id, 'id,permalink_url,message,created_time');
    expect(read.body).toEqual({
      id: posted.body.id,
      permalink_url: `${h.baseUrl}/sandbox/facebook/${fb.pageId}/posts/${posted.body.id.split('_')[1]}`,
      message: 'Fresh bread',
      created_time: '2025-06-01T12:00:00+0000',
    });
    expect((await h.get(read.body.permalink_url)).text).toContain('Fresh bread');
    expect((await h.get(`${h.baseUrl}/sandbox/facebook/${fb.pageId}`)).status).toBe(200);
    expect((await fb.feed(fb.userToken)).body.data).toEqual([read.body]);
    expect(h.sandbox.control.published('facebook')).toEqual([
      expect.objectContaining({
        id: posted.body.id,
        accountId: fb.pageId,
        kind: 'feed',
        caption: 'Fresh bread',
        link: 'https://example.com',
      }),
    ]);
    expect((await fb.read(posted.body.id, 'status_type')).body.status_type).toBe('shared_story');
  });

  it('link posts: keeps the link as given, with or without a scheme; refuses what is no address', async () => {
    const fb = await page();
    const bare = await fb.post('feed', { message: 'For all Math geniuses', link: 'www.projecteuler.net' });
    expect(bare.status).toBe(200);
    for (const link of ['not a link', 'ftp://example.com/file', 'https://localhost']) {
      const refused = await fb.post('feed', { message: 'x', link });
      expect(refused.status, link).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 100, message: '(#100) link must be a valid URL' });
    }
    const text = await fb.post('feed', { message: 'No link' });
    expect((await fb.read(text.body.id, 'status_type')).body.status_type).toBe('mobile_status_update');
    expect(h.sandbox.control.published('facebook').map((p) => p.link)).toEqual([
      'www.projecteuler.net',
      undefined,
    ]);
  });

  it('publishing with the user token is the permission error 200', async () => {
    const fb = await page();
    const res = await fb.post('feed', { message: 'x' }, fb.userToken);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 200 });
    expect(res.body.error.message).toContain('Page access token');
  });

  it('photo: downloads the url, answers {id, post_id}; a 404 url or a WebP is code 324', async () => {
    const fb = await page();
    const posted = await fb.post('photos', { url: h.media.jpeg, caption: 'A loaf' });
    expect(posted.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      post_id: expect.stringContaining(`${fb.pageId}_`),
    });
    expect((await fb.feed()).body.data[0]).toMatchObject({ id: posted.body.post_id, message: 'A loaf' });
    expect(h.sandbox.control.published()).toEqual([
      expect.objectContaining({
        kind: 'photo',
        id: posted.body.post_id,
        containerId: posted.body.id,
        mediaUrls: [h.media.jpeg],
      }),
    ]);
    const broken = await fb.post('photos', { url: h.media.missing });
    expect(broken.body.error).toMatchObject({ code: 324 });
    const webp = await fb.post('photos', { url: h.media.webp });
    expect(webp.body.error).toMatchObject({ code: 324, message: '(#324) Missing or invalid image file' });
    expect(h.sandbox.control.published()).toHaveLength(1);
  });

  it('multi-photo post: unpublished photos attached to a feed post', async () => {
    const fb = await page();
    const a = await fb.post('photos', { url: h.media.jpeg, published: 'false' });
    const b = await fb.post('photos', { url: h.media.png, published: 'false' });
    expect(a.body).toEqual({ id: expect.any(String) });
    const posted = await fb.post('feed', {
      message: 'Two photos',
      attached_media: JSON.stringify([{ media_fbid: a.body.id }, { media_fbid: b.body.id }]),
    });
    expect(h.sandbox.control.published()).toEqual([
      expect.objectContaining({
        id: posted.body.id,
        kind: 'feed',
        children: 2,
        mediaUrls: [h.media.jpeg, h.media.png],
      }),
    ]);
    const reuse = await fb.post('feed', {
      message: 'again',
      'attached_media[0]': JSON.stringify({ media_fbid: a.body.id }),
    });
    expect(reuse.body.error.code).toBe(100);
  });
});

describe('Facebook reels', () => {
  const status = 'status,permalink_url';

  it('start → rupload by file_url → finish → processing → ready and published', async () => {
    const fb = await page();
    const start = await fb.post('video_reels', { upload_phase: 'start' });
    expect(start.body).toEqual({
      video_id: expect.stringMatching(/^\d+$/),
      upload_url: `${h.baseUrl}/sandbox/facebook/rupload/video-upload/v23.0/${start.body.video_id}`,
    });
    const early = await fb.post('video_reels', {
      upload_phase: 'finish',
      video_id: start.body.video_id,
      video_state: 'PUBLISHED',
    });
    expect(early.body.error.code).toBe(100);
    const upload = await h.post(
      start.body.upload_url,
      {},
      { authorization: `OAuth ${fb.pageToken}`, file_url: h.media.video },
    );
    expect(upload.body).toEqual({ success: true });
    const finish = await fb.post('video_reels', {
      upload_phase: 'finish',
      video_id: start.body.video_id,
      video_state: 'PUBLISHED',
      description: 'Our first reel',
    });
    expect(finish.body).toEqual({ success: true });
    const processing = await fb.read(start.body.video_id, status);
    expect(processing.body.status).toMatchObject({
      video_status: 'processing',
      uploading_phase: { status: 'complete' },
      processing_phase: { status: 'in_progress' },
      publishing_phase: { status: 'in_progress' },
    });
    h.clock.advance(2000);
    const ready = await fb.read(start.body.video_id, status);
    expect(ready.body).toEqual({
      id: start.body.video_id,
      status: {
        video_status: 'ready',
        uploading_phase: { status: 'complete' },
        processing_phase: { status: 'complete' },
        publishing_phase: {
          status: 'complete',
          publish_status: 'published',
          publish_time: expect.any(Number),
        },
      },
      permalink_url: `${h.baseUrl}/sandbox/facebook/reel/${start.body.video_id}`,
    });
    expect((await h.get(ready.body.permalink_url)).text).toContain('Our first reel');
    const again = await fb.post('video_reels', { upload_phase: 'finish', video_id: start.body.video_id });
    expect(again.body).toEqual({ success: true });
    expect(h.sandbox.control.published()).toEqual([
      expect.objectContaining({
        kind: 'reel',
        id: start.body.video_id,
        caption: 'Our first reel',
        mediaUrls: [h.media.video],
      }),
    ]);
    const feed = await fb.feed();
    expect(feed.body.data[0]).toMatchObject({
      message: 'Our first reel',
      permalink_url: ready.body.permalink_url,
    });
  });

  it('rupload takes raw bytes with offset 0 and a matching file_size', async () => {
    const fb = await page();
    const start = await fb.post('video_reels', { upload_phase: 'start' });
    const send = (size: string) =>
      fetch(start.body.upload_url, {
        method: 'POST',
        headers: { authorization: `OAuth ${fb.pageToken}`, offset: '0', file_size: size },
        body: new Uint8Array(10),
      }).then((r): Promise<any> => r.json());
    expect((await send('11')).error.code).toBe(100);
    expect(await send('10')).toEqual({ success: true });
    const other = await connectPage(h, 'Other Page');
    const foreign = await h.post(
      start.body.upload_url,
      {},
      { authorization: `OAuth ${other.pageToken}`, file_url: h.media.video },
    );
    expect(foreign.body.error.code).toBe(200);
  });

  it('a file_url it cannot fetch fails the upload and the video status says error', async () => {
    const fb = await page();
    const start = await fb.post('video_reels', { upload_phase: 'start' });
    const upload = await h.post(
      start.body.upload_url,
      {},
      { authorization: `OAuth ${fb.pageToken}`, file_url: h.media.missing },
    );
    expect(upload.status).toBe(400);
    expect((await fb.read(start.body.video_id, status)).body.status.video_status).toBe('error');
  });

  it('the reels quota is code 9', async () => {
    const fb = await page();
    h.sandbox.control.setQuota('facebookReels', 1);
    const reel = async () => {
      const start = await fb.post('video_reels', { upload_phase: 'start' });
      await h.post(
        start.body.upload_url,
        {},
        { authorization: `OAuth ${fb.pageToken}`, file_url: h.media.video },
      );
      return fb.post('video_reels', {
        upload_phase: 'finish',
        video_id: start.body.video_id,
        video_state: 'PUBLISHED',
      });
    };
    expect((await reel()).body).toEqual({ success: true });
    expect((await reel()).body.error).toMatchObject({ code: 9 });
    expect((await fb.post('feed', { message: 'text posts are not capped' })).status).toBe(200);
  });
});
