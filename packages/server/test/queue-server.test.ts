import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { nextFreeSlots, type PostingSchedule, WEEKDAYS } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 35: posting slots and "add to queue" through a started server on a SQLite file, over REST
// and through the official MCP SDK client.
const SLOTS: PostingSchedule = {
  timeZone: 'Europe/Paris',
  slots: WEEKDAYS.flatMap((day) => [
    { day, time: '09:30' },
    { day, time: '17:00' },
  ]),
};

/** The first `count` slots after `after` on an empty queue (Threads' cap is 250 a day: never reached here). */
const firstSlots = (after: Date, count: number) =>
  nextFreeSlots(SLOTS, after, count, [], 250)
    ._unsafeUnwrap()
    .map((d) => d.toISOString());

describe('the queue through a started server on SQLite', () => {
  let server: SandboxServer;
  let key: string;
  let threads: string;
  let facebook: string;

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    const seeded = await seedUser(server, ['threads', 'facebook']);
    key = seeded.key;
    threads = seeded.accounts.threads ?? '';
    facebook = seeded.accounts.facebook ?? '';
  }, 60_000);
  afterAll(() => server?.close());

  const queued = (caption: string, profileId = threads) =>
    server.call('/api/v1/posts', key, {
      method: 'POST',
      json: { platforms: ['threads'], profileIds: [profileId], caption, queue: true },
    });

  it('sets slots, queues three posts on the next three slots, and lists them as the queue', async () => {
    expect(await server.call(`/api/v1/connections/${threads}/slots`, key)).toEqual({
      status: 200,
      body: { timeZone: 'UTC', slots: [] },
    });
    const refused = await queued('Too early');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'no_posting_slots' });
    expect(refused.body.error).toContain(`PUT /api/v1/connections/${threads}/slots`);

    const put = await server.call(`/api/v1/connections/${threads}/slots`, key, {
      method: 'PUT',
      json: SLOTS,
    });
    expect(put).toEqual({ status: 200, body: SLOTS });
    expect((await server.call(`/api/v1/connections/${threads}/slots`, key)).body).toEqual(SLOTS);

    const before = new Date();
    const answers = [];
    for (const caption of ['First', 'Second', 'Third']) answers.push(await queued(caption));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const times = answers.map((a) => a.body.posts[0].scheduledTime);
    expect(times).toEqual(firstSlots(before, 3));
    expect(answers.map((a) => a.body.posts[0])).toEqual(
      answers.map((a, i) => ({ id: a.body.postIds[0], profileId: threads, scheduledTime: times[i] })),
    );

    const queue = await server.call(`/api/v1/queue?profileId=${threads}`, key);
    expect(queue).toEqual({
      status: 200,
      body: { items: answers.map((a, i) => ({ postId: a.body.postIds[0], scheduledTime: times[i] })) },
    });
  });

  it('refuses queue with a scheduledTime, bad slots, and a key without account:write', async () => {
    const both = await server.call('/api/v1/posts', key, {
      method: 'POST',
      json: { platforms: ['threads'], caption: 'x', queue: true, scheduledTime: '2031-01-01T09:00:00Z' },
    });
    expect(both).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const bad = await server.call(`/api/v1/connections/${threads}/slots`, key, {
      method: 'PUT',
      json: { timeZone: 'Europe/Paris', slots: [{ day: 'funday', time: '09:30' }] },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const reader = (
      await server.cli(['keys', 'create', '--email', 'ann@example.com', '--scopes', 'account:read,post:read'])
    ).json.key;
    expect(
      (await server.call(`/api/v1/connections/${threads}/slots`, reader, { method: 'PUT', json: SLOTS })).body
        .code,
    ).toBe('insufficient_scope');
    expect((await server.call(`/api/v1/connections/${threads}/slots`, reader)).status).toBe(200);
  });

  it('gives 50 queue requests sent at once 50 distinct consecutive slots', async () => {
    await server.call(`/api/v1/connections/${facebook}/slots`, key, { method: 'PUT', json: SLOTS });
    const before = new Date();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.call('/api/v1/posts', key, {
          method: 'POST',
          json: { platforms: ['facebook'], profileIds: [facebook], caption: `At once ${i}`, queue: true },
        }),
      ),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const times = answers.map((a) => a.body.posts[0].scheduledTime as string).sort();
    expect(times).toEqual(firstSlots(before, 50));
  });

  it('svc_schedule_post with use_queue, from the official MCP SDK client, takes the next slot', async () => {
    const client = new Client({ name: 'queue-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const before = new Date();
      const taken = (await server.call(`/api/v1/queue?profileId=${threads}`, key)).body.items.map(
        (i: { scheduledTime: string }) => i.scheduledTime,
      );
      const next = nextFreeSlots(
        SLOTS,
        before,
        1,
        taken.map((t: string) => new Date(t)),
        250,
      )
        ._unsafeUnwrap()[0]
        ?.toISOString();
      const result = (await client.callTool({
        name: 'svc_schedule_post',
        arguments: { caption: 'From an agent', profile_ids: [threads], use_queue: true },
      })) as { isError?: boolean; structuredContent?: any; content: { text: string }[] };
      expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
      expect(result.structuredContent).toMatchObject({
        scheduled: true,
        scheduledTime: next,
        targets: [{ profileId: threads, scheduledTime: next }],
      });
      expect(result.content[0]?.text).toContain(next);
      const queue = (await server.call(`/api/v1/queue?profileId=${threads}`, key)).body.items;
      expect(queue.map((i: { postId: string }) => i.postId)).toContain(result.structuredContent.postIds[0]);
      const view = await client.callTool({ name: 'svc_get_queue', arguments: { profile_id: threads } });
      expect(view.structuredContent).toEqual({ profileId: threads, ...SLOTS, items: queue });
    } finally {
      await client.close();
    }
  });
});
