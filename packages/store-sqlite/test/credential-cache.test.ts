import type { NewPostsBatch, Store } from '@svc/core';
import { anApiKey, aPost, aUser } from '@svc/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const opened: Store[] = [];
const open = (path: string) => {
  const store = openSqliteStore({ path });
  opened.push(store);
  return store;
};
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

describe('credential reads are cached, never stale', () => {
  it('sees a revocation made through another connection on the very next read', async () => {
    const path = tempPath();
    const [server, cli] = [open(path), open(path)];
    const owner = aUser();
    await server.users.insertUser(owner);
    const key = anApiKey(owner.id);
    await server.apiKeys.insertApiKey(key);
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.key.revokedAt).toBeNull();
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.key.revokedAt).toBeNull();

    await cli.apiKeys.revokeApiKey(key.id, new Date('2026-02-01T00:00:00Z'));
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.key.revokedAt).toEqual(
      new Date('2026-02-01T00:00:00Z'),
    );
  });

  it('sees any other change from another connection, and its own revocations and new users', async () => {
    const path = tempPath();
    const [server, other] = [open(path), open(path)];
    const key = anApiKey('user_later');
    await server.apiKeys.insertApiKey(key);
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.owner).toBeNull();
    const owner = aUser({ id: 'user_later' });
    await server.users.insertUser(owner);
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.owner).toEqual(owner);

    await server.apiKeys.revokeApiKey(key.id, new Date('2026-03-01T00:00:00Z'));
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.key.revokedAt).toEqual(
      new Date('2026-03-01T00:00:00Z'),
    );

    // A write of another kind through another connection also empties it (a cheap, safe rule).
    const cached = await server.apiKeys.getApiKeyWithOwner(key.id);
    const batch: NewPostsBatch = {
      ownerId: owner.id,
      at: new Date(),
      posts: [aPost(owner.id, 'a')],
      idempotency: null,
      quota: { limit: 9, windowStart: new Date(0) },
    };
    await other.posts.insertPosts(batch);
    const reread = await server.apiKeys.getApiKeyWithOwner(key.id);
    expect(reread).toEqual(cached);
    expect(reread).not.toBe(cached);
  });

  it('hands out reads nobody can change', async () => {
    const store = open(tempPath());
    const owner = aUser();
    await store.users.insertUser(owner);
    const key = anApiKey(owner.id, { scopes: ['post:read'] });
    await store.apiKeys.insertApiKey(key);
    const read = await store.apiKeys.getApiKeyWithOwner(key.id);
    expect(Object.isFrozen(read?.key.scopes)).toBe(true);
    const scopes = read?.key.scopes as string[];
    expect(() => scopes.push('*')).toThrow(TypeError);
    expect(await store.apiKeys.getApiKeyWithOwner(key.id)).toBe(read);
  });
});
