import { PRE_WORKSPACE, preWorkspaceOAuthRecords } from '@svc/core/testing';
import { expect, it } from 'vitest';
import { callTool } from './oauth-requests.js';
import { startOAuthTestApp } from './oauth-test-app.js';

// The store migration tests (store-sqlite workspaces-migration, store-postgres
// postgres-workspaces-migration) prove these records come through migration 0032 unchanged; this
// proves the same records are what the real oidc-provider verifier accepts, acting in the
// person's personal workspace with the token's scopes, so an agent approved before workspaces
// keeps working after the upgrade.
it('an agent token and grant written before workspaces act in the personal workspace with their scopes', async () => {
  const app = await startOAuthTestApp();
  try {
    const user = await app.user();
    const records = preWorkspaceOAuthRecords({
      issuedAt: new Date(),
      userId: user.id,
      resource: `${app.baseUrl}/api/mcp`,
    });
    for (const r of records) {
      expect(r.payload).not.toHaveProperty('workspaceId');
      await app.store.oauth.upsert(r.kind, r.id, r.payload, r.expiresAt);
    }
    const actor = (await app.oauth.verifier.verify(PRE_WORKSPACE.accessToken))._unsafeUnwrap();
    expect(actor).toMatchObject({
      user: { id: user.id },
      credentialId: `oauth:${PRE_WORKSPACE.clientId}`,
      workspaceId: user.id,
      member: { workspaceId: user.id, role: 'owner', accountIds: null },
      oauthScopes: [PRE_WORKSPACE.oauthScope],
    });
    expect(actor.scopes).toContain('post:read');
    expect(actor.scopes).not.toContain('post:write');
    const listed = await callTool(app, PRE_WORKSPACE.accessToken, 'svc_list_scheduled_posts');
    expect(listed.status).toBe(200);
    const body = await listed.text();
    expect(body).toContain('"result"');
    expect(body).not.toContain('"isError":true');
  } finally {
    await app.close();
  }
});
