import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PLATFORM_DEFAULT_SLOTS } from '@svc/core';
import { aPost, seedPublishedPosts } from '@svc/core/testing';
import { openSqliteStore } from '@svc/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 35 item 4: best-time slot suggestions through a started server on a SQLite file, read
// and accepted over REST and through the official MCP SDK client.
const DAY_MS = 86_400_000;

/** The last `count` instants before now that fall on `weekday` (0 Monday) at hh:mm UTC. */
function lastWeekdays(weekday: number, hour: number, minute: number, count: number): Date[] {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute);
  const back = (((now.getUTCDay() + 6) % 7) - weekday + 7) % 7;
  let at = today - back * DAY_MS;
  // At least a day old: a post published hours ago has no settled figures yet.
  if (at > now.getTime() - DAY_MS) at -= 7 * DAY_MS;
  return Array.from({ length: count }, (_, i) => new Date(at - i * 7 * DAY_MS));
}

type ToolResult = { isError?: boolean; structuredContent?: any; content: { text: string }[] };

describe('slot suggestions through a started server on SQLite', () => {
  let server: SandboxServer;
  let key: string;
  let instagram: string;
  let facebook: string;
  let client: Client;

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    const seeded = await seedUser(server, ['instagram', 'facebook']);
    key = seeded.key;
    instagram = seeded.accounts.instagram ?? '';
    facebook = seeded.accounts.facebook ?? '';
    // Published posts with figures, written as the publisher and the collector would: Mondays
    // 09:20 UTC (120 engagement each), Wednesdays 18:05 (60 each), Fridays 12:40 (30 each).
    const store = await openSqliteStore({ path: join(server.env.SVC_DATA_DIR as string, 'svc.db') });
    try {
      const owner = (await store.accounts.getAccount(instagram))?.ownerId ?? '';
      const plan: [number, number, number, number][] = [
        [0, 9, 20, 110],
        [2, 18, 5, 50],
        [4, 12, 40, 20],
      ];
      const seeds = plan.flatMap(([weekday, hour, minute, likes]) =>
        lastWeekdays(weekday, hour, minute, 4).map((publishedAt, i) => ({
          post: aPost(owner, instagram, { id: `post_best_${weekday}_${i}` }),
          publishedAt,
          metrics: { likes, comments: 10 },
        })),
      );
      await seedPublishedPosts(store, new Date(), seeds);
    } finally {
      await store.close();
    }
    client = new Client({ name: 'suggestions-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('suggests the measured best hours, one a day, in the account’s zone', async () => {
    const answer = await server.call(`/api/v1/connections/${instagram}/slots/suggestions`, key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      profileId: instagram,
      platform: 'instagram',
      source: 'analytics',
      timeZone: 'UTC',
      days: 90,
      samples: 12,
      slots: [
        { day: 'mon', time: '09:00' },
        { day: 'wed', time: '18:00' },
        { day: 'fri', time: '12:00' },
      ],
      cells: [
        { day: 'mon', hour: 9, samples: 4, score: 120 },
        { day: 'wed', hour: 18, samples: 4, score: 60 },
        { day: 'fri', hour: 12, samples: 4, score: 30 },
      ],
    });
    // In Paris, an hour or two later depending on each post's date: read at each post's offset.
    const paris = await server.call(
      `/api/v1/connections/${instagram}/slots/suggestions?timeZone=Europe/Paris&days=90`,
      key,
    );
    expect(paris.body.timeZone).toBe('Europe/Paris');
    expect(paris.body.samples).toBe(12);
    const bad = await server.call(`/api/v1/connections/${instagram}/slots/suggestions?days=0`, key);
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('suggests the platform defaults, labelled, for an account without figures', async () => {
    const answer = await server.call(`/api/v1/connections/${facebook}/slots/suggestions`, key);
    expect(answer).toMatchObject({
      status: 200,
      body: { source: 'platform_defaults', samples: 0, cells: [], slots: PLATFORM_DEFAULT_SLOTS.facebook },
    });
    expect(answer.body.message).toContain('not measured on this account');
  });

  it('accepts the suggestion into the slots with account:write, and refuses a reader', async () => {
    const reader = (
      await server.cli(['keys', 'create', '--email', 'ann@example.com', '--scopes', 'account:read,post:read'])
    ).json.key;
    const url = `/api/v1/connections/${instagram}/slots/suggestions/accept`;
    expect((await server.call(url, reader, { method: 'POST' })).body.code).toBe('insufficient_scope');
    expect((await server.call(url, key, { method: 'POST', json: { nope: 1 } })).status).toBe(400);
    const accepted = await server.call(url, key, { method: 'POST' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await server.call(`/api/v1/connections/${instagram}/slots`, key)).body).toEqual({
      timeZone: 'UTC',
      slots: accepted.body.slots,
    });
    expect(accepted.body.slots).toHaveLength(3);
  });

  it('lets an agent read suggestions with svc_get_queue and set them with svc_set_posting_slots', async () => {
    const view = (await client.callTool({
      name: 'svc_get_queue',
      arguments: { profile_id: facebook, include_suggestions: true },
    })) as ToolResult;
    expect(view.isError, JSON.stringify(view.content)).not.toBe(true);
    expect(view.structuredContent.suggestions).toMatchObject({
      source: 'platform_defaults',
      slots: PLATFORM_DEFAULT_SLOTS.facebook,
    });
    expect(view.content.map((c) => c.text).join('\n')).toContain('Suggested slots (platform_defaults)');

    const set = (await client.callTool({
      name: 'svc_set_posting_slots',
      arguments: { profile_id: facebook, use_suggestions: true, time_zone: 'America/New_York' },
    })) as ToolResult;
    expect(set.isError, JSON.stringify(set.content)).not.toBe(true);
    expect(set.structuredContent).toMatchObject({
      profileId: facebook,
      timeZone: 'America/New_York',
      source: 'platform_defaults',
      slots: PLATFORM_DEFAULT_SLOTS.facebook,
    });
    expect((await server.call(`/api/v1/connections/${facebook}/slots`, key)).body).toEqual({
      timeZone: 'America/New_York',
      slots: PLATFORM_DEFAULT_SLOTS.facebook,
    });

    const given = (await client.callTool({
      name: 'svc_set_posting_slots',
      arguments: { profile_id: facebook, slots: [{ day: 'sun', time: '20:15' }], time_zone: 'Europe/Paris' },
    })) as ToolResult;
    expect(given.structuredContent).toEqual({
      profileId: facebook,
      timeZone: 'Europe/Paris',
      slots: [{ day: 'sun', time: '20:15' }],
      source: 'given',
    });
    const both = (await client.callTool({
      name: 'svc_set_posting_slots',
      arguments: { profile_id: facebook, slots: [], use_suggestions: true },
    })) as ToolResult;
    expect(both.isError).toBe(true);
    expect(both.structuredContent ?? JSON.parse(both.content[0]?.text ?? '{}')).toMatchObject({
      code: 'validation_failed',
    });
    const noZone = (await client.callTool({
      name: 'svc_set_posting_slots',
      arguments: { profile_id: facebook, slots: [] },
    })) as ToolResult;
    expect(noZone.isError).toBe(true);
  });
});
