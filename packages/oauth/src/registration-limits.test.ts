import { describe, expect, it } from 'vitest';
import { REGISTRATION_LIMITS, registrationSizeRefusal } from './registration-limits.js';

const typical = {
  client_name: 'Claude',
  redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'http://127.0.0.1:53682/callback'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  scope: 'mcp:read mcp:write offline_access',
};

describe('registrationSizeRefusal', () => {
  it('passes what real clients register, and what it cannot judge (left to oidc-provider)', () => {
    expect(registrationSizeRefusal(typical)).toBeNull();
    expect(registrationSizeRefusal('not an object')).toBeNull();
    expect(registrationSizeRefusal({ redirect_uris: 'https://one.example/cb' })).toBeNull();
  });

  it('names the field over its limit', () => {
    const uris = Array.from({ length: 11 }, (_, i) => `https://agent.example/cb/${i}`);
    expect(registrationSizeRefusal({ ...typical, redirect_uris: uris })).toBe(
      'redirect_uris holds at most 10 entries; this one has 11.',
    );
    expect(
      registrationSizeRefusal({ ...typical, redirect_uris: [`https://agent.example/${'a'.repeat(2000)}`] }),
    ).toBe('redirect_uris entries must be at most 2000 characters.');
    expect(registrationSizeRefusal({ ...typical, client_name: 'n'.repeat(201) })).toBe(
      'client_name value must be at most 200 characters.',
    );
    expect(registrationSizeRefusal({ ...typical, 'client_name#fr': 'n'.repeat(201) })).toBe(
      'client_name#fr value must be at most 200 characters.',
    );
    expect(registrationSizeRefusal({ ...typical, logo_uri: `https://x.example/${'l'.repeat(2000)}` })).toBe(
      'logo_uri value must be at most 2000 characters.',
    );
    expect(
      registrationSizeRefusal({
        ...typical,
        contacts: Array.from({ length: 11 }, (_, i) => `${i}@x.example`),
      }),
    ).toBe('contacts holds at most 10 entries; this one has 11.');
  });

  it('allows exactly the limits', () => {
    expect(
      registrationSizeRefusal({
        client_name: 'n'.repeat(REGISTRATION_LIMITS.nameLength),
        redirect_uris: Array.from({ length: REGISTRATION_LIMITS.redirectUris }, () =>
          'u'.repeat(REGISTRATION_LIMITS.stringLength),
        ),
      }),
    ).toBeNull();
  });
});
