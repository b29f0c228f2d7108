import type { NewPostsBatch, Post, Store } from '@svc/core';
import { anAccount, aPost, aUser } from '@svc/core/testing';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { openSqliteDatabase } from '../src/open-sqlite-database.js';
import { createSqliteReadCache } from '../src/sqlite-read-cache.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const opened: Store[] = [];
const open = (path: string) => {
  const store = openSqliteStore({ path });
  opened.push(store);
  return store;
};
const databases: Database.Database[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const db of databases.splice(0)) db.close();
});

/** A store holding one user, one account and one post of theirs. */
async function withPost(store: Store): Promise<Post> {
  const owner = aUser();
  await store.users.insertUser(owner);
  const account = anAccount(owner.id);
  await store.accounts.saveAccount(account);
  const post = aPost(owner.id, account.id, { caption: 'first' });
  const batch: NewPostsBatch = {
    ownerId: owner.id,
    at: new Date(),
    posts: [post],
    idempotency: null,
    quota: { limit: 9, windowStart: new Date(0) },
  };
  await store.posts.insertPosts(batch);
  return post;
}

describe('post and account reads are cached, never staler than a read of the row', () => {
  it('serves a repeated read from memory, frozen', async () => {
    const store = open(tempPath());
    const post = await withPost(store);
    const first = await store.posts.getPost(post.id);
    expect(first?.caption).toBe('first');
    expect(await store.posts.getPost(post.id)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.platforms)).toBe(true);
    const account = await store.accounts.getAccount(post.profileIds[0] as string);
    expect(account?.ownerId).toBe(post.ownerId);
    expect(await store.accounts.getAccount(post.profileIds[0] as string)).toBe(account);
  });

  it('sees this process’s own writes at once', async () => {
    const store = open(tempPath());
    const post = await withPost(store);
    const read = (await store.posts.getPost(post.id)) as Post;
    const written = await store.posts.updatePost({ ...read, caption: 'second' }, read.version);
    expect(written).not.toBeNull();
    expect((await store.posts.getPost(post.id))?.caption).toBe('second');
  });

  it('sees another connection’s commit on the next read', async () => {
    const path = tempPath();
    const [server, cli] = [open(path), open(path)];
    const post = await withPost(server);
    expect((await server.posts.getPost(post.id))?.caption).toBe('first');
    const read = (await cli.posts.getPost(post.id)) as Post;
    await cli.posts.updatePost({ ...read, caption: 'from the CLI' }, read.version);
    expect((await server.posts.getPost(post.id))?.caption).toBe('from the CLI');
  });

  it('asks for its own and other connections’ changes on every read, and loads again after either', async () => {
    const path = tempPath();
    const db = openSqliteDatabase(path);
    const writer = openSqliteDatabase(path);
    databases.push(db, writer);
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, v INTEGER)');
    db.exec("INSERT INTO t VALUES ('a', 1)");
    const cache = createSqliteReadCache(db);
    const select = db.prepare<[string], { v: number }>('SELECT v FROM t WHERE id = ?');
    let loads = 0;
    const read = cache.cached(async (id: string) => {
      loads += 1;
      return select.get(id) ?? null;
    });
    expect((await read('a'))?.v).toBe(1);
    expect((await read('a'))?.v).toBe(1);
    expect(loads).toBe(1);
    writer.exec("UPDATE t SET v = 2 WHERE id = 'a'");
    expect((await read('a'))?.v).toBe(2);
    db.exec("UPDATE t SET v = 3 WHERE id = 'a'");
    expect((await read('a'))?.v).toBe(3);
    expect((await read('a'))?.v).toBe(3);
    expect(loads).toBe(3);
  });

  it('never caches what it read inside a transaction, which may still roll back', async () => {
    const db = openSqliteDatabase(tempPath());
    databases.push(db);
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, v INTEGER)');
    db.exec("INSERT INTO t VALUES ('a', 1)");
    const cache = createSqliteReadCache(db);
    const select = db.prepare<[string], { v: number }>('SELECT v FROM t WHERE id = ?');
    const read = cache.cached(async (id: string) => select.get(id) ?? null);
    db.exec('BEGIN');
    db.exec("UPDATE t SET v = 2 WHERE id = 'a'");
    expect((await read('a'))?.v).toBe(2);
    db.exec('ROLLBACK');
    expect((await read('a'))?.v).toBe(1);
  });
});
