import { afterEach, describe, expect, it } from 'vitest';
import { createSafeFetcher } from '../src/index.js';
import { forbidOutsideConnections, loopbackOnly } from './no-outside-connections.js';

// The guard that keeps the fetcher's tests from reaching other machines must itself work. It is
// proven on a loopback address it is told to refuse, so a broken guard costs no outside traffic.
describe('the outside-connection guard of the tests', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('stops got from connecting to a refused address, before any packet', async () => {
    restore = forbidOutsideConnections((host) => host !== '127.0.0.3');
    const result = await createSafeFetcher({ allowPrivate: true }).fetch('https://127.0.0.3:9/x', {
      maxBytes: 1,
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: {
        kind: 'unreachable',
        detail: expect.stringContaining('test tried to connect outside the machine: 127.0.0.3'),
      },
    });
    const plain = await createSafeFetcher({ allowPrivate: true }).fetch('http://127.0.0.3:9/x', {
      maxBytes: 1,
    });
    expect(plain).toMatchObject({
      ok: false,
      refusal: { detail: expect.stringContaining('outside the machine') },
    });
  });

  it('allows loopback literals only, and names only with an injected lookup', () => {
    for (const host of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(loopbackOnly(host, false), host).toBe(true);
    }
    for (const host of [
      '10.0.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::',
      'fe80::1',
      '::ffff:a00:1',
      '8.8.8.8',
    ]) {
      expect(loopbackOnly(host, true), host).toBe(false);
    }
    expect(loopbackOnly('cdn.example.com', false)).toBe(false);
    expect(loopbackOnly('cdn.example.com', true)).toBe(true);
  });
});
