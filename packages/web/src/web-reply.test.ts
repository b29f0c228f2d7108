import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSecurityHeaders } from './security-headers.js';
import { writeReply } from './web-reply.js';

describe('writeReply', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) =>
      writeReply(
        res,
        { status: 201, body: '<p>é</p>', headers: { 'x-extra': 'yes' } },
        { head: req.method === 'HEAD', overrides: { 'content-security-policy': "default-src 'none'" } },
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends the page security headers, its overrides, type, length and own headers, then the body', async () => {
    const answer = await fetch(url);
    expect(answer.status).toBe(201);
    const expected = pageSecurityHeaders({ 'content-security-policy': "default-src 'none'" });
    for (const [name, value] of Object.entries(expected)) expect(answer.headers.get(name), name).toBe(value);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('content-length')).toBe('9');
    expect(answer.headers.get('x-extra')).toBe('yes');
    expect(await answer.text()).toBe('<p>é</p>');
  });

  it('answers HEAD with the same headers and no body', async () => {
    const answer = await fetch(url, { method: 'HEAD' });
    expect(answer.headers.get('content-length')).toBe('9');
    expect(await answer.text()).toBe('');
  });
});
