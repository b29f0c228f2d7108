import { createHash } from 'node:crypto';
import { createFakeClock, createMemoryStore } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { storeAdapterFactory, UNUSED_CLIENT_LIFETIME_MS } from './store-adapter.js';

const secretFor = (clientId: string) => `secret-of-${clientId}`;

describe('storeAdapterFactory', () => {
  it('stores tokens under the hash of their id, without their jti, and gives both back', async () => {
    const store = createMemoryStore();
    const adapter = storeAdapterFactory(store.oauth, createFakeClock(), secretFor)('AccessToken');
    const id = 'plain-token-value-0123456789abcdefghijkl';
    await adapter.upsert(id, { jti: id, grantId: 'grant_1', accountId: 'user_1', kind: 'AccessToken' }, 3600);
    expect(await store.oauth.find('AccessToken', id)).toBeNull();
    expect(await adapter.find(id)).toEqual({
      jti: id,
      grantId: 'grant_1',
      accountId: 'user_1',
      kind: 'AccessToken',
    });
    await adapter.revokeByGrantId('grant_1');
    expect(await adapter.find(id)).toBeUndefined();
  });

  it('treats an expired record as absent, by the clock it was given', async () => {
    const clock = createFakeClock();
    const adapter = storeAdapterFactory(createMemoryStore().oauth, clock, secretFor)('AuthorizationCode');
    await adapter.upsert('code_1', { jti: 'code_1' }, 60);
    clock.advance(59_000);
    expect(await adapter.find('code_1')).toBeDefined();
    clock.advance(1_000);
    expect(await adapter.find('code_1')).toBeUndefined();
  });

  it('reports a consumed code with the time it was used, in seconds', async () => {
    const clock = createFakeClock('2026-01-15T12:00:00.000Z');
    const adapter = storeAdapterFactory(createMemoryStore().oauth, clock, secretFor)('AuthorizationCode');
    await adapter.upsert('code_1', { jti: 'code_1' }, 60);
    await adapter.consume('code_1');
    expect((await adapter.find('code_1'))?.consumed).toBe(Date.parse('2026-01-15T12:00:00Z') / 1000);
  });

  it('keeps client ids in the clear and never stores a client secret, deriving it back', async () => {
    const store = createMemoryStore();
    const adapter = storeAdapterFactory(store.oauth, createFakeClock(), secretFor)('Client');
    await adapter.upsert('client_1', { client_id: 'client_1', client_secret: 'secret-of-client_1' });
    const stored = await store.oauth.find('Client', 'client_1');
    expect(JSON.stringify(stored?.payload)).not.toContain('secret-of');
    expect(await adapter.find('client_1')).toEqual({
      client_id: 'client_1',
      client_secret: 'secret-of-client_1',
    });
  });

  it('keeps only the hash of the sign-in cookie an interaction copies', async () => {
    const store = createMemoryStore();
    const adapter = storeAdapterFactory(store.oauth, createFakeClock(), secretFor)('Interaction');
    await adapter.upsert(
      'uid_1',
      { jti: 'uid_1', session: { accountId: 'user_1', cookie: 'session-cookie' } },
      600,
    );
    const found = (await adapter.find('uid_1')) as { session: { cookie: string; accountId: string } };
    expect(found.session.accountId).toBe('user_1');
    expect(found.session.cookie).toMatch(/^sha256:/);
    const stored = await store.oauth.find(
      'Interaction',
      createHash('sha256').update('uid_1').digest('base64url'),
    );
    expect(stored).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain('session-cookie');
  });

  it('finds sessions by uid, though their id is stored hashed', async () => {
    const adapter = storeAdapterFactory(createMemoryStore().oauth, createFakeClock(), secretFor)('Session');
    await adapter.upsert('cookie-value', { jti: 'cookie-value', uid: 'uid_1', accountId: 'user_1' }, 600);
    expect(await adapter.findByUid('uid_1')).toEqual({ uid: 'uid_1', accountId: 'user_1' });
    await adapter.destroy('cookie-value');
    expect(await adapter.findByUid('uid_1')).toBeUndefined();
  });

  it('expires a registered client unused, and keeps it once a grant for it is saved', async () => {
    const clock = createFakeClock('2026-01-15T12:00:00.000Z');
    const store = createMemoryStore();
    const adapters = storeAdapterFactory(store.oauth, clock, secretFor);
    const [clients, grants] = [adapters('Client'), adapters('Grant')];
    for (const id of ['client_used', 'client_unused']) await clients.upsert(id, { client_id: id });
    expect((await store.oauth.find('Client', 'client_unused'))?.expiresAt).toEqual(
      new Date(clock.now().getTime() + UNUSED_CLIENT_LIFETIME_MS),
    );
    clock.advance(60_000);
    await grants.upsert('grant_1', { jti: 'grant_1', clientId: 'client_used', accountId: 'user_1' }, 3600);
    expect((await store.oauth.find('Client', 'client_used'))?.expiresAt).toBeNull();
    // Stored again (as a registration update would), a used client keeps no expiry.
    await clients.upsert('client_used', { client_id: 'client_used' });
    expect((await store.oauth.find('Client', 'client_used'))?.expiresAt).toBeNull();
    clock.advance(UNUSED_CLIENT_LIFETIME_MS);
    expect(await clients.find('client_unused')).toBeUndefined();
    expect(await store.oauth.deleteExpired(clock.now())).toBe(2); // the unused client and the grant
    expect(await store.oauth.find('Client', 'client_unused')).toBeNull();
    expect(await clients.find('client_used')).toEqual({ client_id: 'client_used' });
  });

  it('leaves an expired client expired when a grant names it late, and ignores clients it does not hold', async () => {
    const clock = createFakeClock('2026-01-15T12:00:00.000Z');
    const store = createMemoryStore();
    const adapters = storeAdapterFactory(store.oauth, clock, secretFor);
    await adapters('Client').upsert('client_late', { client_id: 'client_late' });
    clock.advance(UNUSED_CLIENT_LIFETIME_MS);
    await adapters('Grant').upsert('grant_1', { jti: 'grant_1', clientId: 'client_late' }, 3600);
    expect(await adapters('Client').find('client_late')).toBeUndefined();
    // A client known by its metadata document URL is never stored: nothing to keep.
    await adapters('Grant').upsert(
      'grant_2',
      { jti: 'grant_2', clientId: 'https://agent.example/c.json' },
      60,
    );
    expect(await store.oauth.find('Client', 'https://agent.example/c.json')).toBeNull();
  });
});
