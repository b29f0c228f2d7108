import { describe, expect, it } from 'vitest';
import { createRandomIdGenerator } from '../node/random-id-generator.js';
import { systemClock } from '../node/system-clock.js';
import { API_KEY_SCAN_PATTERN, formatApiKey, parseApiKey } from './api-key.js';

describe('API key strings', () => {
  const ids = createRandomIdGenerator(systemClock);

  it('round-trips id and secret and is recognisable in text', () => {
    const id = ids.id('key');
    const secret = ids.secret();
    const key = formatApiKey(id, secret);
    expect(key).toMatch(/^svc_key_/);
    expect(parseApiKey(key)).toEqual({ id, secret });
    expect(`Authorization: Bearer ${key} leaked`.match(API_KEY_SCAN_PATTERN)).toEqual([key]);
  });

  it('refuses strings that are not keys', () => {
    const key = formatApiKey(ids.id('key'), ids.secret());
    for (const token of [
      '',
      'svc_',
      key.slice(0, -1),
      `${key}x`,
      key.replace('svc_', 'abc_'),
      key.replace('.', '_'),
      ` ${key}`,
    ]) {
      expect(parseApiKey(token)).toBeNull();
    }
    expect(parseApiKey(formatApiKey(ids.id('post'), ids.secret()))).toBeNull();
  });
});
