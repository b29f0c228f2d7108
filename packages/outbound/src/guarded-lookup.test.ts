import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { addressPolicy, FetchRefusedError, guardedLookup } from './guarded-lookup.js';
import { nonPublicRange } from './non-public-range.js';

const resolvingTo =
  (...addresses: string[]): LookupFunction =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

function lookUp(lookup: LookupFunction, all: boolean) {
  return new Promise<{ error: Error | null; result: string | LookupAddress[]; family: number | undefined }>(
    (resolve) =>
      lookup('media.example.com', { all }, (error, result, family) => resolve({ error, result, family })),
  );
}

describe('guardedLookup', () => {
  it('answers in the form asked for when every address is public', async () => {
    const lookup = guardedLookup(resolvingTo('93.184.215.14', '2606:2800:21f:cb07::1'), nonPublicRange);
    expect(await lookUp(lookup, false)).toEqual({ error: null, result: '93.184.215.14', family: 4 });
    expect((await lookUp(lookup, true)).result).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07::1', family: 6 },
    ]);
  });

  it('refuses the name when ANY address is not public, naming it', async () => {
    const lookup = guardedLookup(resolvingTo('93.184.215.14', '10.0.0.5'), nonPublicRange);
    for (const all of [false, true]) {
      const { error } = await lookUp(lookup, all);
      expect(error).toBeInstanceOf(FetchRefusedError);
      expect((error as FetchRefusedError).refusal).toEqual({
        kind: 'blocked_address',
        detail: 'media.example.com resolves to 10.0.0.5 (private)',
      });
    }
  });

  it('accepts a resolver that answers with one address despite all: true', async () => {
    const single: LookupFunction = (_h, _o, callback) => callback(null, '127.0.0.1', 4);
    const { error } = await lookUp(guardedLookup(single, nonPublicRange), true);
    expect((error as FetchRefusedError).refusal.kind).toBe('blocked_address');
  });

  it('passes resolver errors through and treats an empty answer as not found', async () => {
    const failing: LookupFunction = (_h, _o, callback) =>
      callback(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }), '', 0);
    expect((await lookUp(guardedLookup(failing, nonPublicRange), false)).error).toMatchObject({
      code: 'ENOTFOUND',
    });
    expect((await lookUp(guardedLookup(resolvingTo(), nonPublicRange), false)).error).toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});

describe('addressPolicy', () => {
  it('refuses non-public addresses except the allowed ones, in whatever form they are written', () => {
    const policy = addressPolicy(false, ['::ffff:127.0.0.1']);
    expect(policy('127.0.0.1')).toBeNull();
    expect(policy('::ffff:7f00:1')).toBeNull();
    expect(policy('127.0.0.2')).toBe('loopback');
    expect(policy('169.254.169.254')).toBe('linkLocal');
    expect(policy('93.184.215.14')).toBeNull();
  });

  it('lets everything through with allowPrivate', () => {
    expect(addressPolicy(true)('10.0.0.1')).toBeNull();
  });
});
