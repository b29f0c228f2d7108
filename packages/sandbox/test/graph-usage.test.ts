import { describe, expect, it } from 'vitest';
import { connect, connectPage, useSandbox } from './sandbox-harness.js';

const h = useSandbox();

async function instagram() {
  const { token, userId } = await connect(h, 'instagram', 'usage_shop');
  const graph = `${h.hosts.instagram.graph}/v23.0`;
  return {
    userId,
    create: () =>
      h.post(`${graph}/${userId}/media`, { image_url: h.media.jpeg, caption: 'Hi', access_token: token }),
    status: (id: string) => h.get(`${graph}/${id}`, { fields: 'status_code,status', access_token: token }),
    publish: (id: string) =>
      h.post(`${graph}/${userId}/media_publish`, { creation_id: id, access_token: token }),
  };
}

const json = (header: string | null) => JSON.parse(header ?? 'null');

describe('Graph usage headers', () => {
  it('come with every Instagram answer, rising with the calls of the rolling hour', async () => {
    h.sandbox.control.setGraphCallBudget(10);
    const ig = await instagram();
    const first = await ig.create();
    const app = json(first.headers.get('x-app-usage'));
    expect(app).toEqual({
      call_count: expect.any(Number),
      total_cputime: expect.any(Number),
      total_time: expect.any(Number),
    });
    const buc = json(first.headers.get('x-business-use-case-usage'));
    expect(buc[ig.userId]).toEqual([
      {
        type: 'instagram',
        call_count: 10,
        total_cputime: 5,
        total_time: 5,
        estimated_time_to_regain_access: 0,
      },
    ]);
    const second = await ig.status(first.body.id);
    expect(json(second.headers.get('x-business-use-case-usage'))[ig.userId][0].call_count).toBe(20);
    h.clock.advance(60 * 60_000);
    const later = await ig.status(first.body.id);
    expect(json(later.headers.get('x-business-use-case-usage'))[ig.userId][0].call_count).toBe(10);
  });

  it('come with a Facebook Page call as X-Page-Usage', async () => {
    const fb = await connectPage(h, 'Usage Cafe');
    const posted = await h.post(`${h.hosts.facebook.graph}/v23.0/${fb.pageId}/feed`, {
      message: 'Hello',
      access_token: fb.pageToken,
    });
    expect(posted.status).toBe(200);
    expect(json(posted.headers.get('x-page-usage'))).toMatchObject({ call_count: expect.any(Number) });
    expect(posted.headers.get('x-app-usage')).not.toBeNull();
  });
});

describe('Graph failure injection', () => {
  it('answers a throttle burst on publishing calls with the usage at 100 % and a regain estimate', async () => {
    const ig = await instagram();
    const created = await ig.create();
    h.sandbox.control.failGraphCalls(
      'instagram',
      { code: 80002, regainMinutes: 3 },
      { operations: ['instagram.publish'], times: 2 },
    );
    // Other calls go through; the publish is refused twice, then published.
    expect((await ig.status(created.body.id)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const refused = await ig.publish(created.body.id);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 80002, type: 'OAuthException' });
      expect(json(refused.headers.get('x-business-use-case-usage'))[ig.userId][0]).toMatchObject({
        call_count: 100,
        estimated_time_to_regain_access: 3,
      });
    }
    expect(h.sandbox.control.published('instagram')).toHaveLength(0);
    expect((await ig.publish(created.body.id)).status).toBe(200);
    expect(h.sandbox.control.published('instagram')).toHaveLength(1);
  });

  it("answers a documented Instagram error with Meta's code and subcode", async () => {
    const ig = await instagram();
    const created = await ig.create();
    h.sandbox.control.failGraphCalls(
      'instagram',
      { code: 4, subcode: 2207051, userMessage: 'We restrict certain activity to protect our community.' },
      { operations: ['instagram.publish'] },
    );
    const refused = await ig.publish(created.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 4,
      error_subcode: 2207051,
      error_user_msg: 'We restrict certain activity to protect our community.',
    });
  });

  it('ends the next container in ERROR with the asked subcode', async () => {
    const ig = await instagram();
    h.sandbox.control.failNextContainer('instagram', 2207001);
    const failed = await ig.create();
    expect((await ig.status(failed.body.id)).body).toMatchObject({
      status_code: 'ERROR',
      status: 'Error: Media upload has failed with error code 2207001',
    });
    const next = await ig.create();
    expect((await ig.status(next.body.id)).body).toMatchObject({ status_code: 'FINISHED' });
  });
});
