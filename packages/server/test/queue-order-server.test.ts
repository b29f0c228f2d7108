import { type PostingSchedule, WEEKDAYS } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 35: reordering and shuffling an account's queue, and a delete that pulls the queue
// forward, through a started server on a SQLite file.
const SLOTS: PostingSchedule = {
  timeZone: 'UTC',
  slots: WEEKDAYS.flatMap((day) => [
    { day, time: '09:30' },
    { day, time: '17:00' },
  ]),
};

type Item = { postId: string; scheduledTime: string };

describe('reordering the queue through a started server on SQLite', () => {
  let server: SandboxServer;
  let key: string;
  let threads: string;

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    const seeded = await seedUser(server, ['threads']);
    key = seeded.key;
    threads = seeded.accounts.threads ?? '';
    await server.call(`/api/v1/connections/${threads}/slots`, key, { method: 'PUT', json: SLOTS });
  }, 60_000);
  afterAll(() => server?.close());

  const queue = async (): Promise<Item[]> =>
    (await server.call(`/api/v1/queue?profileId=${threads}`, key)).body.items;
  const post = (path: string, json: unknown) => server.call(path, key, { method: 'POST', json });

  it('reorders, refuses a stale list with the current order, shuffles onto the same slots, and pulls the queue forward on delete', async () => {
    for (const caption of ['First', 'Second', 'Third', 'Fourth']) {
      const made = await post('/api/v1/posts', {
        platforms: ['threads'],
        profileIds: [threads],
        caption,
        queue: true,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    const before = await queue();
    const times = before.map((i) => i.scheduledTime);
    const [a, b, c, d] = before.map((i) => i.postId) as [string, string, string, string];

    const reordered = await post('/api/v1/queue/reorder', { profileId: threads, postIds: [d, c, b, a] });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    const expected = [d, c, b, a].map((postId, i) => ({ postId, scheduledTime: times[i] }));
    expect(reordered.body).toEqual({ items: expected });
    expect(await queue()).toEqual(expected);
    const moved = await server.call(`/api/v1/posts/${d}`, key);
    expect(moved.body.scheduledTime).toBe(times[0]);

    const stale = await post('/api/v1/queue/reorder', { profileId: threads, postIds: [a, b, c] });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'queue_changed', details: { postIds: [d, c, b, a] } });
    expect(typeof stale.body.error).toBe('string');

    const bad = await post('/api/v1/queue/reorder', { profileId: threads });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    const unknown = await post('/api/v1/queue/shuffle', { profileId: 'acct_missing' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('invalid_profile_ids');

    const shuffled = await post('/api/v1/queue/shuffle', { profileId: threads });
    expect(shuffled.status).toBe(200);
    expect(shuffled.body.items.map((i: Item) => i.scheduledTime)).toEqual(times);
    expect(new Set(shuffled.body.items.map((i: Item) => i.postId))).toEqual(new Set([a, b, c, d]));
    expect(await queue()).toEqual(shuffled.body.items);

    const [first, ...later] = shuffled.body.items as Item[];
    const deleted = await server.call(`/api/v1/posts/${first?.postId}?pullQueue=true`, key, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(await queue()).toEqual(later.map((i, n) => ({ postId: i.postId, scheduledTime: times[n] })));

    const [second] = later;
    const plain = await server.call(`/api/v1/posts/${second?.postId}`, key, { method: 'DELETE' });
    expect(plain.status).toBe(200);
    expect((await queue()).map((i) => i.scheduledTime)).toEqual(times.slice(1, 3));
  });

  it('refuses a key without post:write', async () => {
    const reader = (
      await server.cli(['keys', 'create', '--email', 'ann@example.com', '--scopes', 'account:read,post:read'])
    ).json.key;
    const answer = await server.call('/api/v1/queue/shuffle', reader, {
      method: 'POST',
      json: { profileId: threads },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('insufficient_scope');
  });
});
