import pg from 'pg';
import { expect, it } from 'vitest';
import { migratePostgres } from '../src/index.js';
import { SELECT_PURGE_BATCH_SQL } from '../src/postgres-post-purge.js';
import { SELECT_SETTLED_MESSAGES_SQL } from '../src/postgres-webhook-retention.js';
import { describePostgres } from '../src/testing/index.js';

await describePostgres('PostgreSQL sweep query plans', (db) => {
  /**
   * The plan of `sql` on a freshly migrated schema. Empty tables are cheaper to scan, or to read
   * through a bitmap and sort: the point is that an index can serve the query in its order at all.
   */
  async function planOf(sql: string, params: unknown[]): Promise<string> {
    const pool = new pg.Pool({ connectionString: db.url(), ...(await db.freshSchema()) });
    try {
      await migratePostgres(pool);
      const client = await pool.connect();
      try {
        await client.query('SET enable_seqscan = off');
        await client.query('SET enable_bitmapscan = off');
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  }

  it('takes the purge batch through the partial index posts_deleted, in index order, locked', async () => {
    const text = await planOf(SELECT_PURGE_BATCH_SQL, [new Date(), 200]);
    expect(text).toMatch(/Index Scan using posts_deleted/);
    expect(text).not.toMatch(/Sort|Seq Scan/);
    expect(text).toMatch(/LockRows/);
  });

  it('takes settled webhook messages through webhook_messages_created, their deliveries by message', async () => {
    const text = await planOf(SELECT_SETTLED_MESSAGES_SQL, [new Date(), 500]);
    expect(text).toMatch(/Index Scan using webhook_messages_created/);
    expect(text).toMatch(/webhook_deliveries_message/);
    expect(text).not.toMatch(/Seq Scan/);
    expect(text).toMatch(/LockRows/);
  });
});
