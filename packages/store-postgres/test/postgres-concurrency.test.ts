import type { NewPostsBatch, Post, Store } from '@svc/core';
import { aMediaAsset, aPost, aUser } from '@svc/core/testing';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStore } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const WINDOW = new Date('2026-01-01T00:00:00.000Z');
const OPEN = 20;

function batchOf(ownerId: string, posts: Post[], extra: Partial<NewPostsBatch> = {}): NewPostsBatch {
  return { ownerId, at: T0, posts, idempotency: null, quota: { limit: 1000, windowStart: WINDOW }, ...extra };
}

async function allPostsOf(store: Store, ownerId: string): Promise<readonly Post[]> {
  const page = await store.posts.listPosts({
    ownerId,
    statuses: null,
    accountIds: null,
    limit: 1000,
    after: null,
  });
  return page.posts;
}

await describePostgres('PostgreSQL store under concurrency', (db) => {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  /** Several stores (pools) on one fresh schema, as several processes would have. */
  const openStores = async (count: number): Promise<Store[]> => {
    const pool = { ...(await db.freshSchema()), max: OPEN };
    const stores = await Promise.all(
      Array.from({ length: count }, () => openPostgresStore({ connectionString: db.url(), pool })),
    );
    opened.push(...stores);
    return stores;
  };

  it('creates one set of rows for 20 concurrent inserts with the same idempotency key', async () => {
    const stores = await openStores(2);
    const owner = aUser().id;
    const key = { externalId: 'ext-1', fingerprint: 'fp-1' };
    const outcomes = await Promise.all(
      Array.from({ length: OPEN }, (_, i) =>
        (stores[i % 2] as Store).posts.insertPosts(
          batchOf(owner, [aPost(owner, 'acct_1'), aPost(owner, 'acct_2')], { idempotency: key }),
        ),
      ),
    );
    const inserted = outcomes.filter((o) => o.kind === 'inserted');
    expect(inserted).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'replayed')).toHaveLength(OPEN - 1);
    const ids = inserted[0]?.posts.map((p) => p.id);
    for (const outcome of outcomes) {
      if (outcome.kind === 'replayed') expect(outcome.posts.map((p) => p.id)).toEqual(ids);
    }
    const store = stores[0] as Store;
    expect((await allPostsOf(store, owner)).map((p) => p.id).sort()).toEqual([...(ids ?? [])].sort());
    // Only the inserted batch used quota.
    const next = await store.posts.insertPosts(
      batchOf(owner, [aPost(owner, 'acct_1')], { quota: { limit: 2, windowStart: WINDOW } }),
    );
    expect(next).toEqual({ kind: 'quota_exceeded', used: 2, limit: 2 });
  });

  it('lets one of 20 concurrent inserts with the same key and different fingerprints win', async () => {
    const [store] = await openStores(1);
    const owner = aUser().id;
    const outcomes = await Promise.all(
      Array.from({ length: OPEN }, (_, i) =>
        (store as Store).posts.insertPosts(
          batchOf(owner, [aPost(owner, 'acct_1')], {
            idempotency: { externalId: 'ext', fingerprint: `fp-${i}` },
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'inserted')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'idempotency_conflict')).toHaveLength(OPEN - 1);
    expect(await allPostsOf(store as Store, owner)).toHaveLength(1);
  });

  it('never lets concurrent inserts pass the quota together', async () => {
    const stores = await openStores(2);
    const owner = aUser().id;
    const quota = { limit: 5, windowStart: WINDOW };
    const outcomes = await Promise.all(
      Array.from({ length: OPEN }, (_, i) =>
        (stores[i % 2] as Store).posts.insertPosts(batchOf(owner, [aPost(owner, 'acct_1')], { quota })),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'inserted')).toHaveLength(5);
    expect(outcomes.filter((o) => o.kind === 'quota_exceeded')).toHaveLength(OPEN - 5);
    expect(await allPostsOf(stores[0] as Store, owner)).toHaveLength(5);
  });

  it('never lets concurrent uploads pass the storage quota together', async () => {
    const stores = await openStores(2);
    const owner = aUser().id;
    const outcomes = await Promise.all(
      Array.from({ length: OPEN }, (_, i) =>
        (stores[i % 2] as Store).media.addMediaAsset(
          aMediaAsset(owner, { sizeBytes: 100, blobKey: `blob-${i}` }),
          { storageLimitBytes: 500, sourceUrl: null },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'added')).toHaveLength(5);
    expect(await (stores[0] as Store).media.getStorageUsed(owner)).toBe(500);
  });

  it('hands each due post to exactly one of several publishers claiming at once', async () => {
    const stores = await openStores(3);
    const owner = aUser().id;
    const posts = Array.from({ length: 120 }, (_, i) => {
      const due = new Date(T0.getTime() + i * 1000);
      return aPost(owner, 'acct_1', { scheduledTime: due, dueAt: due });
    });
    const first = stores[0] as Store;
    expect((await first.posts.insertPosts(batchOf(owner, posts))).kind).toBe('inserted');
    const claimedIds: string[] = [];
    for (let round = 0; claimedIds.length < posts.length && round < 50; round += 1) {
      const claims = await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          (stores[i % 3] as Store).posts.claimDuePosts({
            now: at(600),
            limit: 4,
            leaseOwner: `pub-${i}`,
            leaseUntil: at(605),
          }),
        ),
      );
      claimedIds.push(...claims.flat().map((p) => p.id));
    }
    expect(new Set(claimedIds).size).toBe(claimedIds.length);
    expect([...claimedIds].sort()).toEqual(posts.map((p) => p.id).sort());
    const stored = await first.posts.getPost(posts[0]?.id ?? '');
    expect(stored?.status).toBe('publishing');
    expect(stored?.dueAt).toEqual(at(605));
  });
});
