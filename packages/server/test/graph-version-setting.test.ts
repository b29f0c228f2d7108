import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';

// SVC_META_GRAPH_VERSION moves Instagram and Facebook to another Graph version; Threads keeps v1.0.
describe('SVC_META_GRAPH_VERSION', () => {
  let server: SandboxServer;
  const paths: string[] = [];

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_META_GRAPH_VERSION: 'v25.0' });
    server.sandbox.control.intercept((call, phase) => {
      if (phase === 'before') paths.push(call.path);
    });
  }, 30_000);
  afterAll(() => server.close());

  it('is what Facebook calls, while Threads stays on v1.0', async () => {
    const { key, accounts } = await seedUser(server, ['facebook', 'threads']);
    for (const platform of ['facebook', 'threads'] as const) {
      const created = await server.call('/api/v1/publish', key, {
        method: 'POST',
        json: { platforms: [platform], profileIds: [accounts[platform]], caption: `Hello ${platform}` },
      });
      expect(created.status).toBe(200);
      expect((await settled(server, key, created.body.postIds[0])).status).toBe('posted');
    }
    const graph = (platform: string) => paths.filter((p) => p.startsWith(`/sandbox/${platform}/graph/`));
    expect(graph('facebook').length).toBeGreaterThan(0);
    expect(graph('facebook').every((p) => p.startsWith('/sandbox/facebook/graph/v25.0/'))).toBe(true);
    expect(graph('threads').length).toBeGreaterThan(0);
    expect(graph('threads').every((p) => p.startsWith('/sandbox/threads/graph/v1.0/'))).toBe(true);
  }, 30_000);
});
