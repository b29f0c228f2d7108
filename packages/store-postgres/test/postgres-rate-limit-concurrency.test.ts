import type { Store } from '@svc/core';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStore } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

const T0 = new Date('2026-05-04T10:00:00.000Z');

await describePostgres('PostgreSQL rate limits under concurrency', (db) => {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('counts 400 simultaneous hits from four processes exactly once each, in one window', async () => {
    const options = { ...(await db.freshSchema()), max: 5 };
    for (let i = 0; i < 4; i += 1)
      opened.push(await openPostgresStore({ connectionString: db.url(), pool: options }));
    const hits = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        opened[i % 4]?.rateLimits.hit('api:key:shared', new Date(T0.getTime() + (i % 7)), 60_000, 1),
      ),
    );
    const counts = hits.map((h) => h?.count ?? 0).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    expect(new Set(hits.map((h) => h?.windowStart.getTime())).size).toBe(1);
  });
});
