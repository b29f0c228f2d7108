import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const load = (env: Record<string, string>) => loadConfig({ SVC_SECRET: 'x'.repeat(40), ...env }, '/tmp');
const PROVIDER = {
  SVC_OIDC_ISSUER: 'https://id.example.com/realms/staff',
  SVC_OIDC_CLIENT_ID: 'svc',
  SVC_OIDC_CLIENT_SECRET: 'shh',
};

describe('single sign-on configuration (SVC_OIDC_*)', () => {
  it('is off without an issuer, and named after the issuer host with one', () => {
    const off = load({});
    expect(off.ok && off.config.singleSignOn).toBeNull();
    const on = load({ ...PROVIDER, SVC_OIDC_ALLOWED_DOMAINS: ' Corp.example, @staff.example ' });
    expect(on.ok && on.config.singleSignOn).toEqual({
      settings: {
        issuer: PROVIDER.SVC_OIDC_ISSUER,
        clientId: 'svc',
        clientSecret: 'shh',
        name: 'id.example.com',
      },
      rules: { allowedDomains: ['corp.example', 'staff.example'], join: null },
    });
  });

  it('joins new people to a workspace with the default role (editor), never as owner', () => {
    const joined = load({ ...PROVIDER, SVC_OIDC_WORKSPACE: 'ws_1', SVC_OIDC_NAME: 'Staff' });
    expect(joined.ok && joined.config.singleSignOn?.rules.join).toEqual({
      workspaceId: 'ws_1',
      role: 'editor',
    });
    expect(load({ ...PROVIDER, SVC_OIDC_ROLE: 'owner' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('SVC_OIDC_ROLE must be admin, editor'),
    });
  });

  it('names the variable missing or wrong in one line', () => {
    expect(load({ SVC_OIDC_ISSUER: PROVIDER.SVC_OIDC_ISSUER, SVC_OIDC_CLIENT_ID: 'svc' })).toEqual({
      ok: false,
      error:
        'Invalid configuration: SVC_OIDC_CLIENT_SECRET is missing: single sign-on needs it with SVC_OIDC_ISSUER',
    });
    expect(load({ SVC_OIDC_CLIENT_ID: 'svc' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('SVC_OIDC_ISSUER is missing'),
    });
    expect(load({ ...PROVIDER, SVC_OIDC_ISSUER: 'http://id.example.com' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('SVC_OIDC_ISSUER must be an https URL'),
    });
    const local = load({ ...PROVIDER, SVC_OIDC_ISSUER: 'http://127.0.0.1:9000' });
    expect(local.ok).toBe(true);
    expect(load({ ...PROVIDER, SVC_OIDC_ALLOWED_DOMAINS: 'not a domain' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('SVC_OIDC_ALLOWED_DOMAINS'),
    });
  });
});
