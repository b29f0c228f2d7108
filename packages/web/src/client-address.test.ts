import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, isLocalClient } from './client-address.js';

const request = (peer: string, headers: Record<string, string> = {}) =>
  ({ headers, socket: { remoteAddress: peer } }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('is the peer unless a trusted proxy forwards the first address', () => {
    const forwarded = request('10.0.0.1', { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' });
    expect(clientAddress(forwarded, false)).toBe('10.0.0.1');
    expect(clientAddress(forwarded, true)).toBe('203.0.113.9');
    expect(clientAddress(request('10.0.0.1'), true)).toBe('10.0.0.1');
  });
});

describe('isLocalClient', () => {
  it('takes loopback peers that came through no proxy', () => {
    expect(isLocalClient(request('127.0.0.1'), false)).toBe(true);
    expect(isLocalClient(request('::1'), false)).toBe(true);
    expect(isLocalClient(request('203.0.113.9'), false)).toBe(false);
    // A proxy on this machine connects from loopback for every client.
    expect(isLocalClient(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), false)).toBe(false);
  });

  it('behind a trusted proxy, judges the forwarded address', () => {
    expect(isLocalClient(request('10.0.0.1', { 'x-forwarded-for': '127.0.0.1' }), true)).toBe(true);
    expect(isLocalClient(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), true)).toBe(false);
  });
});
