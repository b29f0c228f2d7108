import { authenticateBearer } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

// Spec 9: the deprecated key-to-token exchange keeps working for old agent clients.
describe('POST /auth and POST /api/auth/mcp-token (deprecated)', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp();
  });
  afterEach(() => app.close());

  it('exchanges a key for a 24-hour token the tool endpoint accepts, and says what to do instead', async () => {
    const { user, key } = await app.userWithKey({ scopes: ['post:read'] });
    for (const path of ['/auth', '/api/auth/mcp-token']) {
      const res = await app.fetch(path, { method: 'POST', key });
      expect(res.status).toBe(200);
      expect(res.headers.get('deprecation')).toBe('true');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await readJson(res);
      expect(body).toEqual({
        token: expect.stringMatching(/^svcmt_/),
        tokenType: 'Bearer',
        expiresIn: 86_400,
        expiresAt: new Date(app.clock.now().getTime() + 86_400_000).toISOString(),
        deprecated: true,
        instead: expect.stringContaining('/api/mcp'),
      });
      const actor = (await authenticateBearer(app.core, `Bearer ${body.token}`))._unsafeUnwrap();
      expect(actor.user.id).toBe(user.id);
      expect(actor.scopes).toEqual(['post:read']);
    }
  });

  it('refuses a missing or wrong key with the REST error shape', async () => {
    const missing = await app.fetch('/auth', { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await readJson(missing)).toMatchObject({ code: 'missing_api_key' });
    const wrong = await app.fetch('/api/auth/mcp-token', { method: 'POST', key: 'svc_nope' });
    expect(wrong.status).toBe(401);
    expect(await readJson(wrong)).toMatchObject({ code: 'invalid_api_key' });
  });
});
