import { describe, expect, it } from 'vitest';
import { baseUrlCheck } from './base-url-check.js';

describe('the base URL check', () => {
  it.each([
    ['https', 'https://svc.example', true, true, 'pass'],
    ['unset, sandbox only', 'http://localhost:3000', false, false, 'warn'],
    ['unset, real platforms', 'http://localhost:3000', false, true, 'fail'],
    ['http on loopback', 'http://127.0.0.1:8080', true, true, 'warn'],
    ['http on localhost', 'http://localhost:8080', true, true, 'warn'],
    ['http on a network address, sandbox only', 'http://10.0.0.5:3000', true, false, 'warn'],
    ['http on a public name, real platforms', 'http://svc.example', true, true, 'fail'],
  ] as const)('%s: %s', (_, baseUrl, set, livePlatforms, level) => {
    const check = baseUrlCheck({ baseUrl, set, livePlatforms });
    expect(check).toMatchObject({ name: 'base_url', level, ok: level !== 'fail' });
    if (level !== 'pass') expect(check.message).toContain('set SVC_BASE_URL to the https address');
  });
});
