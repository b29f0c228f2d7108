import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Creates sent together to a server on SQLite commit together (group commit, docs/posts.md): each
// runs in its own savepoint of one transaction, in arrival order, so the idempotency key and the
// monthly quota stay exact for requests that share a transaction.
const LATER = '2031-06-01T09:00:00Z';
const QUOTA = 5;

describe('creates sent at once to one SQLite server', () => {
  let server: SandboxServer;
  let key: string;
  let threads: string;

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_PAID_POSTS_PER_MONTH: String(QUOTA) });
    const seeded = await seedUser(server, ['threads']);
    key = seeded.key;
    threads = seeded.accounts.threads ?? '';
  }, 60_000);
  afterAll(() => server?.close());

  const create = (body: Record<string, unknown>) =>
    server.call('/api/v1/posts', key, {
      method: 'POST',
      json: { platforms: ['threads'], profileIds: [threads], scheduledTime: LATER, ...body },
    });

  it('creates the posts of one externalId once, however many copies arrive together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => create({ caption: 'Order 1', externalId: 'order-1' })),
    );

    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const postIds = answers[0]?.body.postIds;
    expect(postIds).toHaveLength(1);
    for (const answer of answers) expect(answer.body.postIds).toEqual(postIds);
    expect(answers.filter((answer) => answer.body.replayed !== true)).toHaveLength(1);
  });

  it('creates exactly what the quota has room for when more arrive together', async () => {
    // One slot went to the order above.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create({ caption: `Launch day ${i}` })),
    );

    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 403, 403, 403, 403]);
    for (const answer of answers.filter((a) => a.status === 403)) {
      expect(answer.body.code).toBe('quota_exceeded');
    }
    expect((await create({ caption: 'One more' })).body.code).toBe('quota_exceeded');
  });
});
