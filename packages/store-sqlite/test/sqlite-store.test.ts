import { existsSync } from 'node:fs';
import type { NewPostsBatch, Post } from '@svc/core';
import {
  aMediaAsset,
  anAccount,
  anApiKey,
  anAutomation,
  aPost,
  aUser,
  seedMediaAsset,
} from '@svc/core/testing';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { openSqliteDatabase } from '../src/open-sqlite-database.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const batchOf = (ownerId: string, posts: Post[], extra: Partial<NewPostsBatch> = {}): NewPostsBatch => ({
  ownerId,
  at: T0,
  posts,
  idempotency: null,
  quota: { limit: 1000, windowStart: new Date('2026-01-01T00:00:00.000Z') },
  ...extra,
});

describe('connection settings', () => {
  it('puts every connection in WAL mode with NORMAL sync, foreign keys and a busy timeout', () => {
    const db = openSqliteDatabase(tempPath());
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      db.close();
    }
  });

  it('leaves the store file in WAL mode for every other process that opens it', async () => {
    const path = tempPath('data/svc.db');
    const store = openSqliteStore({ path });
    const owner = aUser();
    await store.users.insertUser(owner);
    expect(existsSync(`${path}-wal`)).toBe(true);

    const other = new Database(path, { readonly: true });
    try {
      expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      other.close();
      await store.close();
    }
  });
});

describe('the sqlite store', () => {
  it('keeps everything across close and reopen', async () => {
    const path = tempPath();
    const owner = aUser({ plan: { kind: 'trial', endsAt: at(60 * 24 * 14) } });
    const key = anApiKey(owner.id, { scopes: ['post:read'], accountIds: [], revokedAt: at(3) });
    const account = anAccount(owner.id, { tokenExpiresAt: at(90), followerCount: 0, needsReconnect: true });
    const asset = aMediaAsset(owner.id, { width: null, height: null });
    const post = aPost(owner.id, account.id, {
      caption: 'Ünïcødé ✓ — "quotes" and \\ backslashes',
      platformMeta: {
        tiktok: { privacyLevel: 'SELF_ONLY' },
        extra: { nested: [1, { deep: null }], empty: {} },
      },
      publishProgress: { containerId: 'c-1', steps: ['upload', 'publish'], attempt: { n: 2, ok: false } },
    });
    const idempotency = { externalId: 'order-1', fingerprint: 'F' };

    const first = openSqliteStore({ path });
    await first.users.insertUser(owner);
    await first.apiKeys.insertApiKey(key);
    await first.accounts.saveAccount(account);
    await seedMediaAsset(first.media, asset);
    await first.posts.insertPosts(batchOf(owner.id, [post], { idempotency }));
    await first.close();

    const reopened = openSqliteStore({ path });
    try {
      expect(await reopened.users.getUser(owner.id)).toEqual(owner);
      expect(await reopened.apiKeys.getApiKey(key.id)).toEqual(key);
      expect(await reopened.accounts.getAccount(account.id)).toEqual(account);
      expect(await reopened.media.getMediaAssets([asset.id])).toEqual([asset]);
      expect(await reopened.posts.getPost(post.id)).toEqual(post);
      expect(await reopened.posts.findByExternalId(owner.id, 'order-1')).toEqual({
        fingerprint: 'F',
        posts: [post],
      });
    } finally {
      await reopened.close();
    }
  });

  it('writes nothing of a batch when one of its rows fails, and reports the fault', async () => {
    const store = openSqliteStore({ path: tempPath() });
    try {
      const owner = aUser().id;
      const existing = aPost(owner, 'acct_1');
      await store.posts.insertPosts(batchOf(owner, [existing]));

      const fresh = aPost(owner, 'acct_1');
      const clash = aPost(owner, 'acct_1', { id: existing.id, caption: 'overwrite attempt' });
      await expect(
        store.posts.insertPosts(
          batchOf(owner, [fresh, clash], { idempotency: { externalId: 'k', fingerprint: 'F' } }),
        ),
      ).rejects.toThrow(/UNIQUE constraint failed: posts\.id/);

      expect(await store.posts.getPost(fresh.id)).toBeNull();
      expect(await store.posts.getPost(existing.id)).toEqual(existing);
      expect(await store.posts.findByExternalId(owner, 'k')).toBeNull();
      // Nothing of the failed batch counts against the quota either: 1 used + 1 fits in 2.
      const quota = { limit: 2, windowStart: new Date('2026-01-01T00:00:00.000Z') };
      expect((await store.posts.insertPosts(batchOf(owner, [aPost(owner, 'acct_1')], { quota }))).kind).toBe(
        'inserted',
      );
    } finally {
      await store.close();
    }
  });

  it('sees compare-and-set updates made through another connection', async () => {
    const path = tempPath();
    const [a, b] = [openSqliteStore({ path }), openSqliteStore({ path })];
    try {
      const owner = aUser().id;
      const post = aPost(owner, 'acct_1');
      await a.posts.insertPosts(batchOf(owner, [post]));

      expect(await a.posts.updatePost({ ...post, caption: 'from a' }, 0)).toMatchObject({
        caption: 'from a',
        version: 1,
      });
      expect(await b.posts.updatePost({ ...post, caption: 'stale b' }, 0)).toBeNull();
      expect(await b.posts.getPost(post.id)).toMatchObject({ caption: 'from a', version: 1 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('updates an account saved again under its own id in place', async () => {
    const store = openSqliteStore({ path: tempPath() });
    try {
      const account = anAccount(aUser().id, { sealedCredentials: 'first' });
      await store.accounts.saveAccount(account);
      const again = { ...account, handle: 'new-handle', status: 'inactive' as const, updatedAt: at(5) };
      expect(await store.accounts.saveAccount(again)).toEqual(again);
      expect(await store.accounts.getAccount(account.id)).toEqual(again);
    } finally {
      await store.close();
    }
  });

  it('finds media assets among many ids with one statement', async () => {
    const store = openSqliteStore({ path: tempPath() });
    try {
      const owner = aUser().id;
      const assets = Array.from({ length: 40 }, () => aMediaAsset(owner));
      for (const asset of assets) await seedMediaAsset(store.media, asset);
      const wanted = [...assets.filter((_, i) => i % 3 === 0).map((a) => a.id), 'media_missing'];
      const found = await store.media.getMediaAssets(wanted);
      expect(found.map((a) => a.id).sort()).toEqual(wanted.filter((id) => id !== 'media_missing').sort());
    } finally {
      await store.close();
    }
  });

  it('counts each increment of a step, and nothing for an automation that is gone', async () => {
    const path = tempPath();
    const store = openSqliteStore({ path });
    try {
      const owner = aUser();
      const account = anAccount(owner.id);
      await store.accounts.saveAccount(account);
      const kept = anAutomation(owner.id, account.id);
      const gone = anAutomation(owner.id, account.id);
      await store.automations.createAutomation(kept, []);
      await store.automations.createAutomation(gone, []);
      const step = (commentId: string, counters: { automationId: string; counter: 'matched' }[]) =>
        store.automations.advanceComment({
          commentId,
          leaseOwner: 'w',
          at: T0,
          stage: 'done',
          automationId: kept.id,
          outcome: 'replied',
          counters,
        });
      const comment = (id: string) => ({
        commentId: id,
        igUserId: account.platformAccountId,
        mediaId: 'ig-media-1',
        parentId: null,
        fromId: 'visitor',
        fromUsername: null,
        text: 'price',
        commentedAt: T0,
        receivedAt: T0,
      });
      await store.automations.recordComments([comment('c1'), comment('c2')]);
      expect(
        await store.automations.claimComments({ now: T0, leaseOwner: 'w', leaseUntil: at(1), limit: 2 }),
      ).toHaveLength(2);
      await step('c1', [
        { automationId: gone.id, counter: 'matched' },
        { automationId: kept.id, counter: 'matched' },
        { automationId: kept.id, counter: 'matched' },
      ]);
      expect(await store.automations.deleteAutomation(gone.id, [])).toBe(true);
      expect(await step('c2', [{ automationId: gone.id, counter: 'matched' }])).toBe(true);
      expect((await store.automations.getAutomation(kept.id))?.counts.matched).toBe(2);
      const db = new Database(path, { readonly: true });
      try {
        expect(db.prepare('SELECT automation_id, count FROM automation_counts').all()).toEqual([
          { automation_id: kept.id, count: 2 },
        ]);
      } finally {
        db.close();
      }
    } finally {
      await store.close();
    }
  });

  it('claims no webhook delivery without taking the write lock when none is due', async () => {
    const path = tempPath();
    const store = openSqliteStore({ path });
    const other = openSqliteDatabase(path);
    try {
      // Another process holds the write lock: a claim that took it would wait out the busy timeout.
      other.exec('BEGIN IMMEDIATE');
      const started = performance.now();
      const claimed = await store.webhooks.claimDeliveries({
        now: T0,
        leaseOwner: 'worker',
        leaseUntil: at(1),
        limit: 10,
        perSubscription: 4,
      });
      expect(claimed).toEqual([]);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      other.exec('ROLLBACK');
      other.close();
      await store.close();
    }
  });

  it('is unusable after close, and closing twice is harmless', async () => {
    const store = openSqliteStore({ path: tempPath() });
    await store.close();
    await store.close();
    await expect(store.ping()).rejects.toThrow();
    await expect(store.posts.getPost('post_1')).rejects.toThrow();
  });
});
