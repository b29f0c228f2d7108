import { Worker } from 'node:worker_threads';
import type { NewPostsBatch, Post, Store } from '@svc/core';
import { aPost, aUser } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import type { ClaimWorkerInput, ClaimWorkerMessage } from './claim-worker.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** `count` posts due one second apart, inserted through `store`. */
async function seedDuePosts(store: Store, count: number): Promise<Post[]> {
  const owner = aUser().id;
  const posts = Array.from({ length: count }, (_, i) => {
    const due = new Date(T0.getTime() + i * 1000);
    return aPost(owner, 'acct_1', { scheduledTime: due, dueAt: due });
  });
  const batch: NewPostsBatch = {
    ownerId: owner,
    posts,
    idempotency: null,
    at: T0,
    quota: { limit: count, windowStart: new Date(0) },
  };
  expect((await store.posts.insertPosts(batch)).kind).toBe('inserted');
  return posts;
}

function expectEachClaimedOnce(claimedIds: string[], posts: Post[]): void {
  expect(new Set(claimedIds).size).toBe(claimedIds.length);
  expect([...claimedIds].sort()).toEqual(posts.map((p) => p.id).sort());
}

describe('claiming from several connections to one file', () => {
  it('never hands the same post to two store instances claiming in turn', async () => {
    const path = tempPath();
    const stores = [openSqliteStore({ path }), openSqliteStore({ path })];
    try {
      const posts = await seedDuePosts(stores[0] as Store, 300);
      const claimedBy = new Map<string, string>();
      const ids: string[] = [];
      // Many claims in flight at once, alternating between the two connections.
      for (let round = 0; ids.length < posts.length && round < 100; round += 1) {
        const claims = await Promise.all(
          Array.from({ length: 8 }, (_, i) => {
            const leaseOwner = `pub-${i % 2}`;
            const store = stores[i % 2] as Store;
            return store.posts
              .claimDuePosts({ now: at(600), limit: 3, leaseOwner, leaseUntil: at(605) })
              .then((claimed) => claimed.map((p) => ({ id: p.id, leaseOwner })));
          }),
        );
        for (const { id, leaseOwner } of claims.flat()) {
          ids.push(id);
          claimedBy.set(id, leaseOwner);
        }
      }
      expectEachClaimedOnce(ids, posts);
      expect(new Set(claimedBy.values())).toEqual(new Set(['pub-0', 'pub-1']));
      // What each claimer got is what the file says it holds.
      for (const [id, leaseOwner] of claimedBy) {
        expect(await (stores[1] as Store).posts.getPost(id)).toMatchObject({
          status: 'publishing',
          leaseOwner,
          version: 1,
        });
      }
    } finally {
      for (const store of stores) await store.close();
    }
  });

  // The worker runs the TypeScript sources under plain Node, which needs its type stripping
  // (built in from Node 22.18 and 23.6; behind a flag on older Node 22 releases).
  it.skipIf(!process.features.typescript)(
    'never hands the same post to publishers claiming at the same time in separate threads',
    async () => {
      const path = tempPath();
      const seeder = openSqliteStore({ path });
      const posts = await seedDuePosts(seeder, 600);
      await seeder.close();

      const startSignal = new Int32Array(new SharedArrayBuffer(4));
      const workers = ['pub-a', 'pub-b', 'pub-c', 'pub-d'].map((leaseOwner) => {
        const input: ClaimWorkerInput = {
          path,
          leaseOwner,
          limit: 2,
          now: at(600).getTime(),
          leaseUntil: at(605).getTime(),
          startSignal,
        };
        return {
          leaseOwner,
          worker: new Worker(new URL('./claim-worker.ts', import.meta.url), { workerData: input }),
        };
      });
      try {
        const ready = workers.map(({ worker }) => nextMessage(worker, 'ready'));
        const done = workers.map(({ worker }) => nextMessage(worker, 'done'));
        await Promise.all(ready);
        Atomics.store(startSignal, 0, 1);
        Atomics.notify(startSignal, 0);
        const results = await Promise.all(done);

        const ids = results.flatMap((message) => (message.type === 'done' ? message.ids : []));
        expectEachClaimedOnce(ids, posts);
        const reader = openSqliteStore({ path });
        try {
          for (const [i, { leaseOwner }] of workers.entries()) {
            const result = results[i];
            for (const id of result?.type === 'done' ? result.ids : []) {
              expect(await reader.posts.getPost(id)).toMatchObject({ leaseOwner, attempts: 1, version: 1 });
            }
          }
        } finally {
          await reader.close();
        }
      } finally {
        await Promise.all(workers.map(({ worker }) => worker.terminate()));
      }
    },
  );
});

/** The worker's next message of `type`; rejects if it fails or exits first. */
function nextMessage(worker: Worker, type: ClaimWorkerMessage['type']): Promise<ClaimWorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ClaimWorkerMessage) => {
      if (message.type !== type) return;
      worker.off('message', onMessage);
      resolve(message);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`claim worker exited with code ${code} before "${type}"`)),
    );
  });
}
