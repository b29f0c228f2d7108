// A publisher process in miniature, run in a worker thread by concurrent-claims.test.ts: opens its
// own store on the shared file and claims until nothing is due. It runs under plain Node (type
// stripping), not vitest, so the hooks below resolve what vitest would: workspace packages to
// their TypeScript sources (the `source` condition) and `.js` specifiers to the `.ts` files.
import { registerHooks } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const withSource = { ...context, conditions: [...context.conditions, 'source'] };
    try {
      return nextResolve(specifier, withSource);
    } catch (error) {
      const isRelative =
        specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');
      if (
        (error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND' ||
        !isRelative ||
        !specifier.endsWith('.js')
      ) {
        throw error;
      }
      return nextResolve(`${specifier.slice(0, -'.js'.length)}.ts`, withSource);
    }
  },
});

/** What the test hands each worker. */
export type ClaimWorkerInput = {
  readonly path: string;
  readonly leaseOwner: string;
  readonly limit: number;
  readonly now: number;
  readonly leaseUntil: number;
  /** Int32Array over shared memory; the worker starts claiming once index 0 turns non-zero. */
  readonly startSignal: Int32Array;
};

/** What a worker reports: `ready` once loaded and waiting, then the ids it claimed. */
export type ClaimWorkerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly ids: string[] };

const { openSqliteStore } = await import('../src/index.js');
const input = workerData as ClaimWorkerInput;
const port = parentPort;
if (port === null) throw new Error('claim-worker.ts runs only as a worker thread.');

const store = openSqliteStore({ path: input.path, migrate: false });
const post = (message: ClaimWorkerMessage) => port.postMessage(message);
post({ type: 'ready' });
// Block until every worker is ready, so that their claims really overlap.
Atomics.wait(input.startSignal, 0, 0);

const ids: string[] = [];
for (;;) {
  const claimed = await store.posts.claimDuePosts({
    now: new Date(input.now),
    limit: input.limit,
    leaseOwner: input.leaseOwner,
    leaseUntil: new Date(input.leaseUntil),
  });
  if (claimed.length === 0) break;
  ids.push(...claimed.map((p) => p.id));
}
await store.close();
post({ type: 'done', ids });
