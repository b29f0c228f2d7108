import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MediaFetcher } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDownloader } from './download-media.js';

describe('mediaDownloader', () => {
  const server = createServer((_req, res) => res.end('bytes'));
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // A fetcher that refuses everything, as the safe fetcher refuses loopback, and says what it saw.
  const asked: string[] = [];
  const refusing: MediaFetcher = {
    sniff: async () => ({ ok: false, refusal: { kind: 'blocked_address', detail: '127.0.0.1' } }),
    async fetch(url) {
      asked.push(url);
      return { ok: false, refusal: { kind: 'blocked_address', detail: '127.0.0.1' } };
    },
  };

  it("reads the server's own media links directly and everything else through the fetcher", async () => {
    const download = mediaDownloader(refusing, `${base}/media/`);
    expect(await download(`${base}/media/med_1?signature=x`)).toMatchObject({ ok: true });
    // Dot segments are normalised before the comparison: this is not a media link.
    expect(await download(`${base}/media/../sandbox/control/instagram/webhook`)).toEqual({
      ok: false,
      reason: 'the link points to a private or reserved address',
    });
    expect(await download(`${base}/elsewhere`)).toMatchObject({ ok: false });
    expect(asked).toEqual([`${base}/media/../sandbox/control/instagram/webhook`, `${base}/elsewhere`]);
  });
});
