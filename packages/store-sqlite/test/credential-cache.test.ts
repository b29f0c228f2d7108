import type { NewPostsBatch, Store } from '@svc/core';
import { anApiKey, aPost, aUser } from '@svc/core/testing';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCredentialCache } from '../src/credential-cache.js';
import { CREDENTIAL_RECHECK_MS, openSqliteStore, type SqliteStoreOptions } from '../src/index.js';
import { openSqliteDatabase } from '../src/open-sqlite-database.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const opened: Store[] = [];
const open = (path: string, options: Omit<SqliteStoreOptions, 'path'> = {}) => {
  const store = openSqliteStore({ path, ...options });
  opened.push(store);
  return store;
};
const databases: Database.Database[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const db of databases.splice(0)) db.close();
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('credential reads are cached, never staler than the bound', () => {
  it('sees a revocation made through another connection once the bound has passed', async () => {
    const path = tempPath();
    const [server, cli] = [open(path, { credentialRecheckMs: 200 }), open(path)];
    const owner = aUser();
    await server.users.insertUser(owner);
    const key = anApiKey(owner.id);
    await server.apiKeys.insertApiKey(key);
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.key.revokedAt).toBeNull();

    await cli.apiKeys.revokeApiKey(key.id, new Date('2026-02-01T00:00:00Z'));
    // Within the bound the cache may still be trusted (the fake-clock test below pins that down);
    // once it has passed, the other connection's commit is seen.
    await sleep(250);
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.key.revokedAt).toEqual(
      new Date('2026-02-01T00:00:00Z'),
    );
  });

  it('checks on every read with a bound of 0', async () => {
    const path = tempPath();
    const [server, cli] = [open(path, { credentialRecheckMs: 0 }), open(path)];
    const owner = aUser();
    await server.users.insertUser(owner);
    const key = anApiKey(owner.id);
    await server.apiKeys.insertApiKey(key);
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.key.revokedAt).toBeNull();
    await cli.apiKeys.revokeApiKey(key.id, new Date('2026-02-01T00:00:00Z'));
    expect((await server.apiKeys.getApiKeyWithOwner(key.id))?.key.revokedAt).toEqual(
      new Date('2026-02-01T00:00:00Z'),
    );
  });

  it('sees its own revocations and new users at once, and any other change from another connection', async () => {
    const path = tempPath();
    // A long bound: this connection's own writes must not depend on it.
    const [server, other] = [open(path, { credentialRecheckMs: 60_000 }), open(path)];
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
    const checking = open(path, { credentialRecheckMs: 0 });
    const cached = await checking.apiKeys.getApiKeyWithOwner(key.id);
    const batch: NewPostsBatch = {
      ownerId: owner.id,
      at: new Date(),
      posts: [aPost(owner.id, 'a')],
      idempotency: null,
      quota: { limit: 9, windowStart: new Date(0) },
    };
    await other.posts.insertPosts(batch);
    const reread = await checking.apiKeys.getApiKeyWithOwner(key.id);
    expect(reread).toEqual(cached);
    expect(reread).not.toBe(cached);
  });

  it('reads data_version at most once per bound, and always once it has passed', () => {
    const path = tempPath();
    const db = openSqliteDatabase(path);
    const writer = openSqliteDatabase(path);
    databases.push(db, writer);
    writer.exec('CREATE TABLE t (x INTEGER)');
    let now = 1000;
    const cache = createCredentialCache(db, { recheckMs: 100, now: () => now });
    const read = { key: anApiKey('user_a'), owner: null };
    cache.set(read.key.id, read);
    expect(cache.get(read.key.id)).toBe(read);

    writer.exec('INSERT INTO t VALUES (1)');
    now += 99;
    expect(cache.get(read.key.id)).toBe(read);
    now += 1;
    expect(cache.get(read.key.id)).toBeUndefined();

    cache.set(read.key.id, read);
    now += 50;
    writer.exec('INSERT INTO t VALUES (2)');
    now += 99;
    // 149 ms since the last check: due, and the commit 99 ms ago is seen.
    expect(cache.get(read.key.id)).toBeUndefined();
  });

  it('defaults to a tenth of a second', () => {
    expect(CREDENTIAL_RECHECK_MS).toBe(100);
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
