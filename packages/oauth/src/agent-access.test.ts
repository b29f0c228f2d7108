import { createFakeClock, createMemoryStore } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { createAgentAccess } from './agent-access.js';

const DAY = 86_400_000;

describe('createAgentAccess', () => {
  async function world() {
    const store = createMemoryStore();
    const clock = createFakeClock('2026-05-01T10:00:00.000Z');
    const later = new Date(clock.now().getTime() + 14 * DAY);
    const iat = Math.floor(clock.now().getTime() / 1000) - 3600;
    await store.oauth.upsert(
      'Client',
      'client_claude',
      { client_id: 'client_claude', client_name: 'Claude' },
      null,
    );
    await store.oauth.upsert(
      'Grant',
      'grant_1',
      {
        accountId: 'user_ann',
        clientId: 'client_claude',
        iat,
        resources: { 'https://svc.test/api/mcp': 'mcp:write mcp:read' },
        openid: { scope: 'openid profile' },
      },
      later,
    );
    await store.oauth.upsert(
      'Grant',
      'grant_old',
      { accountId: 'user_ann', clientId: 'client_gone', iat },
      new Date(clock.now().getTime() - 1),
    );
    await store.oauth.upsert(
      'Grant',
      'grant_bob',
      { accountId: 'user_bob', clientId: 'client_claude', iat },
      later,
    );
    await store.oauth.upsert('AccessToken', 'at_hash', { grantId: 'grant_1', accountId: 'user_ann' }, later);
    await store.oauth.upsert('RefreshToken', 'rt_hash', { grantId: 'grant_1', accountId: 'user_ann' }, later);
    await store.oauth.upsert('AccessToken', 'at_bob', { grantId: 'grant_bob', accountId: 'user_bob' }, later);
    return { store, clock, later, iat, agents: createAgentAccess(store.oauth, clock) };
  }

  it("lists a user's live approvals with the client's name and the scopes approved", async () => {
    const { agents, later, iat } = await world();
    expect(await agents.list('user_ann')).toEqual([
      {
        grantId: 'grant_1',
        clientId: 'client_claude',
        clientName: 'Claude',
        workspaceId: 'user_ann',
        scopes: ['mcp:read', 'mcp:write', 'openid', 'profile'],
        approvedAt: new Date(iat * 1000),
        expiresAt: later,
        lastUsedAt: null,
      },
    ]);
    expect(await agents.list('user_nobody')).toEqual([]);
  });

  it('revokes an approval with every token issued under it, and only the owner may', async () => {
    const { agents, store } = await world();
    expect(await agents.revoke('user_bob', 'grant_1')).toBe(false);
    expect(await store.oauth.find('AccessToken', 'at_hash')).not.toBeNull();
    expect(await agents.revoke('user_ann', 'grant_1')).toBe(true);
    expect(await store.oauth.find('Grant', 'grant_1')).toBeNull();
    expect(await store.oauth.find('AccessToken', 'at_hash')).toBeNull();
    expect(await store.oauth.find('RefreshToken', 'rt_hash')).toBeNull();
    expect(await store.oauth.find('AccessToken', 'at_bob')).not.toBeNull();
    expect(await agents.list('user_ann')).toEqual([]);
    expect(await agents.revoke('user_ann', 'grant_1')).toBe(false);
  });

  it("shows an approval's last use", async () => {
    const { agents, store, clock } = await world();
    await store.oauth.recordUse('Grant', 'grant_1', clock.now(), new Date(0));
    expect((await agents.list('user_ann'))[0]?.lastUsedAt).toEqual(clock.now());
  });

  it("ends the user's sign-in sessions and keeps every approval and token", async () => {
    const { agents, store, later } = await world();
    await store.oauth.upsert('Session', 'sess_ann', { uid: 'u1', accountId: 'user_ann' }, later);
    await store.oauth.upsert('Session', 'sess_bob', { uid: 'u2', accountId: 'user_bob' }, later);
    await agents.endSignInSessions('user_ann');
    expect(await store.oauth.find('Session', 'sess_ann')).toBeNull();
    expect(await store.oauth.find('Session', 'sess_bob')).not.toBeNull();
    expect(await store.oauth.find('AccessToken', 'at_hash')).not.toBeNull();
    expect((await agents.list('user_ann')).map((a) => a.grantId)).toEqual(['grant_1']);
  });
});
