import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listen } from './listen.js';

describe('listen', () => {
  it('resolves once the server listens, and rejects when the port is taken', async () => {
    const first = createServer();
    await listen(first, 0, '127.0.0.1');
    const { port } = first.address() as AddressInfo;
    expect(port).toBeGreaterThan(0);
    const second = createServer();
    await expect(listen(second, port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise((resolve) => first.close(resolve));
  });
});
