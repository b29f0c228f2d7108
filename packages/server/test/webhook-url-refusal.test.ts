import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Without the tests-only flag, a real server (with the real SSRF-safe sender) refuses to subscribe
// endpoints it must never call: loopback, private ranges, the cloud metadata address, local names,
// plain http and credentials in the URL.
describe('webhook endpoints the server refuses', () => {
  let server: SandboxServer;
  let key: string;

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    ({ key } = await seedUser(server, []));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://10.1.2.3/hook',
    'https://192.168.0.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/hook',
    'https://printer.local/hook',
    'http://example.com/hook',
    'https://user:pass@example.com/hook',
  ])('refuses %s', async (url) => {
    const answer = await server.call('/api/v1/webhooks', key, {
      method: 'POST',
      json: { url, events: ['post.published'] },
    });
    expect([answer.status, answer.body.code]).toEqual([422, 'invalid_webhook_url']);
    expect((await server.call('/api/v1/webhooks', key)).body.webhooks).toEqual([]);
  });
});
