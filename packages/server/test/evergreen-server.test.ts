import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 35, evergreen recycling: the rule through a started server on a SQLite file, over REST and
// from the official MCP SDK client (svc_schedule_post's `evergreen`). The recycling itself, across
// kill -9, is evergreen-process.test.ts.

describe('the evergreen rule through a started server', () => {
  let server: SandboxServer;
  let key: string;
  let threads: string;

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    const seeded = await seedUser(server, ['threads']);
    key = seeded.key;
    threads = seeded.accounts.threads ?? '';
  }, 60_000);
  afterAll(() => server?.close());

  it('takes the rule on POST /api/v1/posts and answers it with the post', async () => {
    const created = await server.call('/api/v1/posts', key, {
      method: 'POST',
      json: {
        platforms: ['threads'],
        caption: 'Our evergreen guide',
        scheduledTime: new Date(Date.now() + 86_400_000).toISOString(),
        evergreen: { everyDays: 30, maxTimes: 4 },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await server.call(`/api/v1/posts/${created.body.postIds[0]}`, key);
    expect(post.body).toMatchObject({
      evergreen: { everyDays: 30, maxTimes: 4, onlyAboveMedian: false },
      recycledFrom: null,
      recycleNumber: null,
    });
  });

  it('svc_schedule_post takes evergreen from the official MCP SDK client, and refuses a bad rule', async () => {
    const client = new Client({ name: 'evergreen-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const rule = { everyDays: 14, maxTimes: 2, onlyAboveMedian: true };
      const result = (await client.callTool({
        name: 'svc_schedule_post',
        arguments: { caption: 'From an agent, evergreen', profile_ids: [threads], evergreen: rule },
      })) as { isError?: boolean; structuredContent?: any; content: { text: string }[] };
      expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
      const post = await server.call(`/api/v1/posts/${result.structuredContent.postIds[0]}`, key);
      expect(post.body.evergreen).toEqual(rule);
      const refused = (await client.callTool({
        name: 'svc_schedule_post',
        arguments: { caption: 'Too often', profile_ids: [threads], evergreen: { everyDays: 0, maxTimes: 2 } },
      })) as { isError?: boolean; content: { text: string }[] };
      expect(refused.isError).toBe(true);
      expect(refused.content[0]?.text).toContain('everyDays');
    } finally {
      await client.close();
    }
  });
});
