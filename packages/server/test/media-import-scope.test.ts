import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 30: importing media from a link needed `media:write` on REST but `post:write` through the
// tool svc_add_media_from_url. Through a started server, one key of each scope tries both
// surfaces: both surfaces ask for `media:write`, and answer alike.
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));

describe('importing media from a link needs media:write on REST and through the tool', () => {
  let server: SandboxServer;
  let origin: Server;
  let link = '';
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    origin = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': JPEG.byteLength });
      res.end(JPEG);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    link = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/photo.jpg`;
    server = await startSandboxServer({ SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
    await seedUser(server, []);
    for (const scope of ['post:write', 'media:write']) {
      const created = await server.cli(['keys', 'create', '--email', 'ann@example.com', '--scopes', scope]);
      expect(created.code, created.stderr).toBe(0);
      keys[scope] = created.json.key;
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => origin?.close(resolve));
  });

  const viaRest = (key: string) =>
    server.call('/api/v1/media/from-url', key, { method: 'POST', json: { url: link } });
  const viaTool = async (key: string) => {
    const result = await server.callTool(key, 'svc_add_media_from_url', { url: link });
    // A refusal is the error body as the first text block; a success also has it structured.
    return { isError: result.isError ?? false, body: JSON.parse(result.content[0]?.text ?? 'null') };
  };

  it('refuses a post:write key on both surfaces, naming media:write', async () => {
    const rest = await viaRest(keys['post:write'] ?? '');
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({
      code: 'insufficient_scope',
      details: { requiredScope: 'media:write' },
    });
    const tool = await viaTool(keys['post:write'] ?? '');
    expect(tool.isError).toBe(true);
    expect(tool.body).toMatchObject({
      code: 'insufficient_scope',
      details: { requiredScope: 'media:write' },
    });
  });

  it('imports with a media:write key on both surfaces, the same asset', async () => {
    const rest = await viaRest(keys['media:write'] ?? '');
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const tool = await viaTool(keys['media:write'] ?? '');
    expect(tool.isError, JSON.stringify(tool)).toBe(false);
    expect(tool.body).toMatchObject({ success: true, mediaId: rest.body.mediaId, reused: true });
  });
});
