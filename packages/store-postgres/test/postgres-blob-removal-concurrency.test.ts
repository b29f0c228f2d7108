import type { Store } from '@svc/core';
import { aMediaAsset, aUser } from '@svc/core/testing';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStore } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const LATER = new Date(T0.getTime() + 600_000);
const PAIRS = 40;
const keyOf = (i: number) => i.toString(16).padStart(64, 'a');

await describePostgres('PostgreSQL blob removal claims under concurrency', (db) => {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  /** Two stores (pools) on one fresh schema, as a sweeping process and an API server would have. */
  const openTwo = async (): Promise<[Store, Store]> => {
    const pool = { ...(await db.freshSchema()), max: PAIRS };
    const [a, b] = await Promise.all(
      [0, 1].map(() => openPostgresStore({ connectionString: db.url(), pool })),
    );
    opened.push(a as Store, b as Store);
    return [a as Store, b as Store];
  };
  const claimOf = (blobKey: string) => ({ blobKey, claimant: 'sweep', now: T0, until: LATER });

  it('never lets a claim and a new asset on the same blob both win (no write skew)', async () => {
    const [sweeper, server] = await openTwo();
    const owner = aUser().id;
    const outcomes = await Promise.all(
      Array.from({ length: PAIRS }, async (_, i) => {
        const blobKey = keyOf(i);
        const [claim, added] = await Promise.all([
          sweeper.media.claimBlobRemoval(claimOf(blobKey)),
          server.media.addMediaAsset(aMediaAsset(owner, { blobKey, sizeBytes: 1 }), {
            storageLimitBytes: 1e9,
            sourceUrl: null,
            now: T0,
            putSince: T0,
          }),
        ]);
        return `${claim.kind}/${added.kind}`;
      }),
    );
    for (const outcome of outcomes)
      expect(['claimed/blob_being_removed', 'referenced/added']).toContain(outcome);
  });

  it('never lets a claim and an upload completion on the same blob both win', async () => {
    const [sweeper, server] = await openTwo();
    const owner = aUser().id;
    const targets = Array.from({ length: PAIRS }, () =>
      aMediaAsset(owner, { status: 'pending', blobKey: null, sizeBytes: 0 }),
    );
    for (const target of targets) await server.media.insertPendingAsset(target);
    const outcomes = await Promise.all(
      targets.map(async (target, i) => {
        const blobKey = keyOf(i);
        const [claim, activated] = await Promise.all([
          sweeper.media.claimBlobRemoval(claimOf(blobKey)),
          server.media.activatePendingAsset(
            target.id,
            { contentType: 'image/png', sizeBytes: 1, width: 1, height: 1, durationMs: null, blobKey },
            { storageLimitBytes: 1e9, now: T0, putSince: T0 },
          ),
        ]);
        return `${claim.kind}/${activated.kind}`;
      }),
    );
    for (const outcome of outcomes)
      expect(['claimed/blob_being_removed', 'referenced/activated']).toContain(outcome);
  });
});
