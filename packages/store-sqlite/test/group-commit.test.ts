import { type InsertPostsOutcome, type NewPostsBatch, type Post, type PostStore, postEvent } from '@svc/core';
import { aPost, aUser } from '@svc/core/testing';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { migrateSqlite } from '../src/migrate-sqlite.js';
import { openSqliteDatabase } from '../src/open-sqlite-database.js';
import {
  createSqliteGroupCommit,
  type GroupCommitLimits,
  type SqliteGroupCommit,
} from '../src/sqlite-group-commit.js';
import { createSqliteJournal } from '../src/sqlite-journal.js';
import { createSqlitePostStore } from '../src/sqlite-post-store.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const T0 = new Date('2026-01-15T12:00:00.000Z');
const WINDOW = new Date('2026-01-01T00:00:00.000Z');

const batchOf = (ownerId: string, posts: Post[], extra: Partial<NewPostsBatch> = {}): NewPostsBatch => ({
  ownerId,
  at: T0,
  posts,
  idempotency: null,
  quota: { limit: 1000, windowStart: WINDOW },
  events: posts.map((post) => postEvent('post.scheduled', post, T0)),
  ...extra,
});

type Opened = { db: Database.Database; posts: PostStore; groupCommit: SqliteGroupCommit };
let opened: Opened | undefined;

/**
 * The post store on a real file, with its writer in reach to count its transactions. Without the
 * time limit on a group: on a busy machine a cold create can take longer than the default 2 ms,
 * and these tests need their requests in one group (the limit has its own test below).
 */
function openPostStore(): Opened {
  const db = openSqliteDatabase(tempPath());
  migrateSqlite(db);
  const groupCommit = createSqliteGroupCommit(db, { maxGroupMs: Number.POSITIVE_INFINITY });
  opened = { db, posts: createSqlitePostStore(db, createSqliteJournal(db), groupCommit), groupCommit };
  return opened;
}

afterEach(() => {
  if (opened?.db.open) opened.db.close();
  opened = undefined;
});

/** Settles every promise, in order, as fulfilled or rejected: one request's failure is its own. */
const settled = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

const quotaUsedOf = (db: Database.Database, ownerId: string): number =>
  db
    .prepare<[string, number], number>(
      'SELECT used FROM post_quota_usage WHERE owner_id = ? AND window_start = ?',
    )
    .pluck()
    .get(ownerId, WINDOW.getTime()) ?? 0;

const eventSubjects = (db: Database.Database): string[] =>
  db.prepare<[], string>('SELECT subject_id FROM events ORDER BY seq').pluck().all();

describe('group commit of creates', () => {
  it('commits the creates made in one turn in one transaction, each answered with its own rows', async () => {
    const { posts, groupCommit } = openPostStore();
    const owner = aUser().id;
    const batches = [1, 2, 3].map(() => batchOf(owner, [aPost(owner, 'acct_1')]));

    const outcomes = await Promise.all(batches.map((b) => posts.insertPosts(b)));

    expect(outcomes).toEqual(batches.map((b) => ({ kind: 'inserted', posts: b.posts })));
    expect(groupCommit.stats()).toEqual({ groups: 1, requests: 3 });
    for (const b of batches) expect(await posts.getPost(b.posts[0]?.id ?? '')).toEqual(b.posts[0]);

    // A lone create is not held for company: it commits in its own group.
    const lone = batchOf(owner, [aPost(owner, 'acct_1')]);
    expect(await posts.insertPosts(lone)).toEqual({ kind: 'inserted', posts: lone.posts });
    expect(groupCommit.stats()).toEqual({ groups: 2, requests: 4 });
  });

  it('answers the second of two requests with one idempotency key in one group as a repeat', async () => {
    const { db, posts, groupCommit } = openPostStore();
    const owner = aUser().id;
    const key = { externalId: 'order-1', fingerprint: 'F' };
    const first = batchOf(owner, [aPost(owner, 'acct_1', { externalId: 'order-1' })], { idempotency: key });
    const retry = batchOf(owner, [aPost(owner, 'acct_1', { externalId: 'order-1' })], { idempotency: key });
    const other = batchOf(owner, [aPost(owner, 'acct_1', { externalId: 'order-1' })], {
      idempotency: { externalId: 'order-1', fingerprint: 'G' },
    });

    const outcomes = await Promise.all([first, retry, other].map((b) => posts.insertPosts(b)));

    expect(groupCommit.stats()).toEqual({ groups: 1, requests: 3 });
    expect(outcomes).toEqual<InsertPostsOutcome[]>([
      { kind: 'inserted', posts: first.posts },
      { kind: 'replayed', posts: first.posts },
      { kind: 'idempotency_conflict', postIds: first.posts.map((p) => p.id) },
    ]);
    expect(await posts.getPost(retry.posts[0]?.id ?? '')).toBeNull();
    expect(await posts.getPost(other.posts[0]?.id ?? '')).toBeNull();
    expect(quotaUsedOf(db, owner)).toBe(1);
    expect(eventSubjects(db)).toEqual(first.posts.map((p) => p.id));
  });

  it('refuses the request of a group that would exceed the quota with the ones before it', async () => {
    const { db, posts, groupCommit } = openPostStore();
    const owner = aUser().id;
    const quota = { limit: 3, windowStart: WINDOW };
    const two = () => batchOf(owner, [aPost(owner, 'acct_1'), aPost(owner, 'acct_2')], { quota });
    const [a, b] = [two(), two()];
    const c = batchOf(owner, [aPost(owner, 'acct_1')], { quota });

    const outcomes = await Promise.all([a, b, c].map((batch) => posts.insertPosts(batch)));

    expect(groupCommit.stats()).toEqual({ groups: 1, requests: 3 });
    expect(outcomes).toEqual<InsertPostsOutcome[]>([
      { kind: 'inserted', posts: a.posts },
      { kind: 'quota_exceeded', used: 2, limit: 3 },
      { kind: 'inserted', posts: c.posts },
    ]);
    for (const post of b.posts) expect(await posts.getPost(post.id)).toBeNull();
    expect(quotaUsedOf(db, owner)).toBe(3);
  });

  it('rolls back only the request that fails, answering the others of its group as written', async () => {
    const { db, posts, groupCommit } = openPostStore();
    const owner = aUser().id;
    const existing = aPost(owner, 'acct_1');
    await posts.insertPosts(batchOf(owner, [existing]));
    const before = groupCommit.stats();
    const a = batchOf(owner, [aPost(owner, 'acct_1')], {
      idempotency: { externalId: 'a', fingerprint: 'F' },
    });
    // A fresh row, then one whose id exists: its insert throws after the fresh row was written.
    const failing = batchOf(owner, [aPost(owner, 'acct_1'), aPost(owner, 'acct_1', { id: existing.id })], {
      idempotency: { externalId: 'b', fingerprint: 'F' },
    });
    const c = batchOf(owner, [aPost(owner, 'acct_1')], {
      idempotency: { externalId: 'c', fingerprint: 'F' },
    });

    const results = await settled([a, failing, c].map((batch) => posts.insertPosts(batch)));

    expect(groupCommit.stats()).toEqual({ groups: before.groups + 1, requests: before.requests + 3 });
    expect(results[0]).toEqual({ status: 'fulfilled', value: { kind: 'inserted', posts: a.posts } });
    expect(results[1]).toMatchObject({
      status: 'rejected',
      reason: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' },
    });
    expect(results[2]).toEqual({ status: 'fulfilled', value: { kind: 'inserted', posts: c.posts } });
    expect(await posts.getPost(failing.posts[0]?.id ?? '')).toBeNull();
    expect(await posts.getPost(existing.id)).toEqual(existing);
    expect(await posts.findByExternalId(owner, 'b')).toBeNull();
    expect(await posts.findByExternalId(owner, 'c')).toEqual({ fingerprint: 'F', posts: c.posts });
    expect(quotaUsedOf(db, owner)).toBe(3);
    expect(eventSubjects(db)).toEqual([existing.id, a.posts[0]?.id, c.posts[0]?.id]);
  });

  it('answers every request of a group with the error when its COMMIT fails, writing none of them', async () => {
    const { db, posts } = openPostStore();
    // A deferred foreign key is checked at COMMIT: a row that breaks it makes SQLite refuse the
    // COMMIT itself, after every savepoint of the group was released.
    db.exec(`
      CREATE TABLE commit_guard_parent (id TEXT PRIMARY KEY);
      CREATE TABLE commit_guard (
        parent TEXT REFERENCES commit_guard_parent (id) DEFERRABLE INITIALLY DEFERRED
      );
      CREATE TRIGGER refuse_at_commit AFTER INSERT ON posts WHEN NEW.caption = 'refused at commit'
      BEGIN INSERT INTO commit_guard (parent) VALUES ('missing'); END;
    `);
    const owner = aUser().id;
    const batches = [
      batchOf(owner, [aPost(owner, 'acct_1')], { idempotency: { externalId: 'a', fingerprint: 'F' } }),
      batchOf(owner, [aPost(owner, 'acct_1', { caption: 'refused at commit' })]),
      batchOf(owner, [aPost(owner, 'acct_1')]),
    ];

    const results = await settled(batches.map((batch) => posts.insertPosts(batch)));

    for (const result of results) {
      expect(result).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' } });
    }
    expect(db.inTransaction).toBe(false);
    for (const b of batches) expect(await posts.getPost(b.posts[0]?.id ?? '')).toBeNull();
    expect(await posts.findByExternalId(owner, 'a')).toBeNull();
    expect(quotaUsedOf(db, owner)).toBe(0);
    expect(eventSubjects(db)).toEqual([]);

    // The connection is usable again: the next group commits.
    const next = batchOf(owner, [aPost(owner, 'acct_1')]);
    expect(await posts.insertPosts(next)).toEqual({ kind: 'inserted', posts: next.posts });
  });

  it('answers no request as written when SQLite rolls back the whole transaction midway', async () => {
    const { db, posts } = openPostStore();
    // RAISE(ROLLBACK) ends the transaction, not just the statement or the savepoint: the rows of
    // the requests before it are gone too, and must not be answered as inserted.
    db.exec(`
      CREATE TRIGGER roll_back_all BEFORE INSERT ON posts WHEN NEW.caption = 'roll back all'
      BEGIN SELECT RAISE(ROLLBACK, 'rolled back by trigger'); END;
    `);
    const owner = aUser().id;
    const batches = [
      batchOf(owner, [aPost(owner, 'acct_1')]),
      batchOf(owner, [aPost(owner, 'acct_1', { caption: 'roll back all' })]),
      batchOf(owner, [aPost(owner, 'acct_1')]),
    ];

    const results = await settled(batches.map((batch) => posts.insertPosts(batch)));

    for (const result of results) {
      expect(result).toMatchObject({ status: 'rejected', reason: { message: 'rolled back by trigger' } });
    }
    for (const b of batches) expect(await posts.getPost(b.posts[0]?.id ?? '')).toBeNull();
    expect(quotaUsedOf(db, owner)).toBe(0);
    expect(db.inTransaction).toBe(false);
  });

  it('commits queued creates before the store closes', async () => {
    const path = tempPath();
    const store = openSqliteStore({ path });
    const owner = aUser().id;
    const batch = batchOf(owner, [aPost(owner, 'acct_1')]);

    const pending = store.posts.insertPosts(batch);
    await store.close();

    expect(await pending).toEqual({ kind: 'inserted', posts: batch.posts });
    const reopened = openSqliteStore({ path });
    try {
      expect(await reopened.posts.getPost(batch.posts[0]?.id ?? '')).toEqual(batch.posts[0]);
    } finally {
      await reopened.close();
    }
  });
});

describe('the group commit writer', () => {
  const openTable = (limits: GroupCommitLimits = { maxGroupMs: Number.POSITIVE_INFINITY }) => {
    const db = openSqliteDatabase(tempPath());
    db.exec('CREATE TABLE t (n INTEGER NOT NULL)');
    const groupCommit = createSqliteGroupCommit(db, limits);
    opened = { db, posts: undefined as unknown as PostStore, groupCommit };
    return { db, groupCommit, insert: db.prepare<[number]>('INSERT INTO t (n) VALUES (?)') };
  };

  it('closes a group after 64 requests; the rest commit in the next one', async () => {
    const { db, groupCommit, insert } = openTable();
    const requests = Array.from({ length: 65 }, (_, n) => groupCommit.run(() => insert.run(n).changes));

    expect(await Promise.all(requests)).toEqual(requests.map(() => 1));
    expect(groupCommit.stats()).toEqual({ groups: 2, requests: 65 });
    expect(db.prepare('SELECT n FROM t ORDER BY rowid').pluck().all()).toEqual(requests.map((_, n) => n));
  });

  it('leaves the requests after one that ran past the time limit to the next group', async () => {
    const { db, groupCommit, insert } = openTable({ maxGroupMs: 2 });
    const slow = groupCommit.run(() => {
      const started = performance.now();
      while (performance.now() - started < 2) {
        // Busy: a script that takes its time (a large batch, a slow disk).
      }
      return insert.run(0).changes;
    });
    const after = [1, 2].map((n) => groupCommit.run(() => insert.run(n).changes));

    await Promise.all([slow, ...after]);
    expect(groupCommit.stats()).toEqual({ groups: 2, requests: 3 });
    expect(db.prepare('SELECT n FROM t ORDER BY rowid').pluck().all()).toEqual([0, 1, 2]);
  });

  it('lets other writes of the connection run only between groups', async () => {
    const { db, groupCommit, insert } = openTable();
    const queued = groupCommit.run(() => {
      // Inside the group's transaction: a write on this connection made now lands in it.
      expect(db.inTransaction).toBe(true);
      return insert.run(1).changes;
    });
    // A write made while the group waits runs at once, in its own transaction, before the group.
    insert.run(0);
    expect(db.inTransaction).toBe(false);

    await queued;
    expect(db.inTransaction).toBe(false);
    expect(db.prepare('SELECT n FROM t ORDER BY rowid').pluck().all()).toEqual([0, 1]);
  });
});
