import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  publishInstagramPhoto,
  type SandboxServer,
  seedUser,
  settled,
  startSandboxServer,
} from './sandbox-server.js';

// Issue 30: `coverage` named only the platforms with posts in the window, so an agent asking about
// a connected YouTube or Facebook account without recent posts could not tell "no posts" from "no
// metrics". Through a started server: coverage names every platform the caller can see, each with
// a state, on REST and through the tool, and a key limited to some accounts sees only theirs.
describe('analytics coverage names every platform the caller can see', () => {
  let server: SandboxServer;
  let key: string;
  let accounts: Record<string, string>;

  beforeAll(async () => {
    server = await startSandboxServer();
    const seeded = await seedUser(server, ['instagram', 'threads', 'youtube', 'facebook']);
    key = seeded.key;
    accounts = seeded.accounts;
    const photo = await publishInstagramPhoto(server, key, accounts.instagram ?? '', 'Seen by few');
    const text = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: { platforms: ['threads'], profileIds: [accounts.threads], caption: 'Read on Threads' },
    });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    for (const id of [photo, text.body.postIds[0]]) {
      expect((await settled(server, key, id, 60_000)).status).toBe('posted');
    }
    // Instagram has no figures for the photo yet (its code 10: too few viewers).
    const [published] = server.sandbox.control.published('instagram');
    server.sandbox.control.denyInsights(published?.id ?? '');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const collected = await server.cli(['analytics', 'collect', '--email', 'ann@example.com']);
    expect(collected.code, collected.stderr).toBe(0);
  }, 120_000);
  afterAll(() => server?.close());

  const tool = async (args: Record<string, unknown>, bearer = key) => {
    const result = await server.callTool(bearer, 'svc_get_analytics', args);
    expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
    return result.structuredContent;
  };

  it('tells no posts from no metrics, for every connected platform, on REST and the tool', async () => {
    const rest = await server.call('/api/v1/analytics?days=7', key);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const { coverage } = rest.body;
    expect(Object.keys(coverage).sort()).toEqual(['facebook', 'instagram', 'threads', 'youtube']);
    expect(coverage.youtube).toEqual({
      state: 'no_posts',
      posts: 0,
      metrics: { views: 0, likes: 0, comments: 0 },
      unavailable: ['reach', 'shares', 'saves', 'replies', 'reposts', 'quotes', 'reactions'],
      missing: [],
    });
    expect(coverage.facebook).toMatchObject({ state: 'no_posts', posts: 0, missing: [] });
    expect(coverage.instagram).toMatchObject({
      state: 'no_metrics',
      posts: 1,
      missing: [{ reason: 'too_few_viewers', posts: 1 }],
    });
    expect(coverage.threads).toMatchObject({ state: 'complete', posts: 1, missing: [] });

    const viaTool = await tool({ days: 7 });
    expect(viaTool.coverage).toEqual(coverage);
  });

  it('names only the platforms of the accounts a key or a request is limited to', async () => {
    const created = await server.cli([
      'keys',
      'create',
      '--email',
      'ann@example.com',
      '--scopes',
      'post:read',
      '--accounts',
      `${accounts.threads},${accounts.youtube}`,
    ]);
    expect(created.code, created.stderr).toBe(0);
    const limited = created.json.key;
    const rest = await server.call('/api/v1/analytics?days=7', limited);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(Object.keys(rest.body.coverage).sort()).toEqual(['threads', 'youtube']);
    expect(rest.body.coverage.youtube.state).toBe('no_posts');
    expect(Object.keys((await tool({ days: 7 }, limited)).coverage).sort()).toEqual(['threads', 'youtube']);

    const asked = await server.call(`/api/v1/analytics?days=7&profile_ids=${accounts.facebook}`, key);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(Object.keys(asked.body.coverage)).toEqual(['facebook']);
    expect(asked.body.coverage.facebook.state).toBe('no_posts');
  });
});
