import { describe, expect, it } from 'vitest';
import { connect, useSandbox } from './sandbox-harness.js';

const h = useSandbox();

async function profile(handle = 'tom') {
  const { token, userId } = await connect(h, 'threads', handle);
  const graph = `${h.hosts.threads.graph}/v1.0`;
  return {
    token,
    userId,
    create: (params: Record<string, string>) =>
      h.post(`${graph}/${userId}/threads`, { ...params, access_token: token }),
    status: (id: string) =>
      h.get(`${graph}/${id}`, { fields: 'status,error_message,id', access_token: token }),
    publish: (id: string) =>
      h.post(`${graph}/${userId}/threads_publish`, { creation_id: id, access_token: token }),
    read: (id: string) =>
      h.get(`${graph}/${id}`, { fields: 'id,permalink,shortcode,timestamp,text', access_token: token }),
  };
}

describe('Threads publishing', () => {
  it('text: FINISHED at once, published with a permalink under @handle', async () => {
    const th = await profile();
    const created = await th.create({ media_type: 'TEXT', text: 'Hello Threads' });
    expect((await th.status(created.body.id)).body).toEqual({ id: created.body.id, status: 'FINISHED' });
    const published = await th.publish(created.body.id);
    const media = await th.read(published.body.id);
    expect(media.body).toEqual({
      id: published.body.id,
      permalink: expect.stringMatching(new RegExp(`^${h.baseUrl}/sandbox/threads/@tom/post/[\\w-]+$`)),
      shortcode: expect.any(String),
      timestamp: '2025-06-01T12:00:00+0000',
      text: 'Hello Threads',
    });
    expect((await h.get(media.body.permalink)).status).toBe(200);
    expect((await h.get(`${h.baseUrl}/sandbox/threads/@tom`)).text).toContain('Hello Threads');
    expect(h.sandbox.control.published('threads')).toEqual([
      expect.objectContaining({ kind: 'TEXT', caption: 'Hello Threads', accountId: th.userId, children: 0 }),
    ]);
  });

  // developers.facebook.com/docs/threads/reply-management: `reply_control` takes five values, a
  // reply is a container with `reply_to_id`, and `GET /{user-id}/replies` lists the user's own.
  it('keeps reply_control and reply_to_id, refuses other controls, and lists the chain and own replies', async () => {
    const th = await profile();
    const refused = await th.create({ media_type: 'TEXT', text: 'x', reply_control: 'friends_only' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('reply_control');
    const publish = async (params: Record<string, string>) =>
      (await th.publish((await th.create({ media_type: 'TEXT', ...params })).body.id)).body.id as string;
    const root = await publish({ text: 'Root', reply_control: 'mentioned_only' });
    const one = await publish({ text: 'One', reply_to_id: root, reply_control: 'mentioned_only' });
    const two = await publish({ text: 'Two', reply_to_id: one, reply_control: 'mentioned_only' });
    expect(h.sandbox.control.published('threads').map((p) => [p.caption, p.replyTo, p.replyControl])).toEqual(
      [
        ['Root', undefined, 'mentioned_only'],
        ['One', root, 'mentioned_only'],
        ['Two', one, 'mentioned_only'],
      ],
    );
    const own = await h.get(`${h.hosts.threads.graph}/v1.0/${th.userId}/replies`, {
      fields: 'id,text,is_reply',
      access_token: th.token,
    });
    expect(own.body.data).toEqual([
      { id: two, text: 'Two', is_reply: true },
      { id: one, text: 'One', is_reply: true },
    ]);
    const page = (await h.get((await th.read(root)).body.permalink)).text;
    const thread = page.slice(page.indexOf('id="thread"'));
    expect(thread.indexOf('One')).toBeGreaterThan(0);
    expect(thread.indexOf('Two')).toBeGreaterThan(thread.indexOf('One'));
  });

  it('takes multipart bodies and Bearer tokens too', async () => {
    const th = await profile();
    const form = new FormData();
    form.append('media_type', 'TEXT');
    form.append('text', 'from a form');
    const res = await fetch(`${h.hosts.threads.graph}/v1.0/me/threads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${th.token}` },
      body: form,
    });
    const created: any = await res.json();
    expect((await th.status(created.id)).body.status).toBe('FINISHED');
  });

  it('counts emoji as their UTF-8 bytes against the 500 limit', async () => {
    const th = await profile();
    const fits = await th.create({ media_type: 'TEXT', text: `${'a'.repeat(496)}👍` });
    expect(fits.status).toBe(200);
    const over = await th.create({ media_type: 'TEXT', text: `${'a'.repeat(497)}👍` });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: 100 });
    expect(over.body.error.message).toContain('text must be at most 500 characters');
  });

  it('video waits for processing; publishing early is 24/4279009', async () => {
    const th = await profile();
    const created = await th.create({ media_type: 'VIDEO', video_url: h.media.video, text: 'clip' });
    expect((await th.status(created.body.id)).body.status).toBe('IN_PROGRESS');
    expect((await th.publish(created.body.id)).body.error).toMatchObject({
      code: 24,
      error_subcode: 4279009,
    });
    h.clock.advance(2000);
    expect((await th.publish(created.body.id)).status).toBe(200);
    const again = await th.publish(created.body.id);
    expect(again.body.error.message).toContain('already been published');
    expect(h.sandbox.control.published()).toHaveLength(1);
  });

  it('a link it cannot download makes the container ERROR with error_message', async () => {
    const th = await profile();
    const created = await th.create({ media_type: 'VIDEO', video_url: h.media.missing });
    expect((await th.status(created.body.id)).body).toEqual({
      id: created.body.id,
      status: 'ERROR',
      error_message: 'FAILED_DOWNLOADING_VIDEO',
    });
    expect((await th.publish(created.body.id)).status).toBe(400);
  });

  it('takes JPEG and PNG images and ends a WebP container in ERROR, as Threads does', async () => {
    const th = await profile();
    const webp = await th.create({ media_type: 'IMAGE', image_url: h.media.webp });
    expect((await th.status(webp.body.id)).body).toMatchObject({ status: 'ERROR', error_message: 'UNKNOWN' });
    expect((await th.publish(webp.body.id)).status).toBe(400);
    const png = await th.create({ media_type: 'IMAGE', image_url: h.media.png });
    expect((await th.publish(png.body.id)).status).toBe(200);
  });

  it('carousels take 2 to 20 finished children', async () => {
    const th = await profile();
    const children: string[] = [];
    for (let i = 0; i < 3; i++) {
      children.push(
        (await th.create({ media_type: 'IMAGE', image_url: h.media.png, is_carousel_item: 'true' })).body.id,
      );
    }
    expect((await th.create({ media_type: 'CAROUSEL', children: children[0] ?? '' })).body.error.code).toBe(
      100,
    );
    const parent = await th.create({ media_type: 'CAROUSEL', children: children.join(','), text: 'three' });
    await th.publish(parent.body.id);
    expect(h.sandbox.control.published()).toEqual([
      expect.objectContaining({
        kind: 'CAROUSEL',
        children: 3,
        mediaUrls: [h.media.png, h.media.png, h.media.png],
      }),
    ]);
  });

  it('publishing limit: threads_publishing_limit and code 9 past it', async () => {
    const th = await profile();
    h.sandbox.control.setQuota('threads', 1);
    await th.publish((await th.create({ media_type: 'TEXT', text: 'one' })).body.id);
    const limit = await h.get(`${h.hosts.threads.graph}/v1.0/${th.userId}/threads_publishing_limit`, {
      fields: 'quota_usage,config',
      access_token: th.token,
    });
    expect(limit.body).toEqual({
      data: [{ quota_usage: 1, config: { quota_total: 1, quota_duration: 86400 } }],
    });
    const over = await th.publish((await th.create({ media_type: 'TEXT', text: 'two' })).body.id);
    expect(over.body.error).toMatchObject({ code: 9 });
    expect(over.body.error.message).toContain('limit reached');
  });

  it('lists the profile’s threads newest first', async () => {
    const th = await profile();
    for (const text of ['first', 'second']) {
      await th.publish((await th.create({ media_type: 'TEXT', text })).body.id);
      h.clock.advance(1000);
    }
    const list = await h.get(`${h.hosts.threads.graph}/v1.0/${th.userId}/threads`, {
      fields: 'id,text,permalink,timestamp',
      limit: '10',
      access_token: th.token,
    });
    expect(list.body.data.map((t: any) => t.text)).toEqual(['second', 'first']);
    expect(Object.keys(list.body.data[0]).sort()).toEqual(['id', 'permalink', 'text', 'timestamp']);
  });
});
