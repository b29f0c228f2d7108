import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { preparingClient } from '../src/preparing-client.js';
import { describePostgres } from '../src/testing/describe-postgres.js';

const pools: pg.Pool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.end();
});

await describePostgres('Named prepared statements', (db) => {
  // One connection, so every query below runs in the session whose statements it lists.
  async function onePreparingConnection(): Promise<pg.Pool> {
    const pool = new pg.Pool({
      connectionString: db.url(),
      ...(await db.freshSchema()),
      max: 1,
      Client: preparingClient(),
    });
    pools.push(pool);
    return pool;
  }
  const preparedTexts = async (pool: pg.Pool): Promise<string[]> =>
    (
      await pool.query<{ statement: string }>(
        'SELECT statement FROM pg_prepared_statements ORDER BY statement',
      )
    ).rows.map((row) => row.statement);

  it('prepares a parameterised statement once per connection, through the pool and a checked-out client', async () => {
    const pool = await onePreparingConnection();
    for (const n of [1, 2, 3]) {
      expect((await pool.query('SELECT $1::int + 1 AS n', [n])).rows).toEqual([{ n: n + 1 }]);
    }
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      expect((await client.query('SELECT $1::text AS word', ['hello'])).rows).toEqual([{ word: 'hello' }]);
      expect((await client.query('SELECT $1::int + 1 AS n', [9])).rows).toEqual([{ n: 10 }]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    // A statement of many parameters (a bulk insert's) is not kept.
    const many = Array.from({ length: 65 }, (_, i) => i);
    const wide = `SELECT ARRAY[${many.map((i) => `$${i + 1}::int`).join(', ')}] AS a`;
    expect((await pool.query(wide, many)).rows).toEqual([{ a: many }]);
    // Statements without parameters (BEGIN, COMMIT, this very listing) stay unnamed.
    expect(await preparedTexts(pool)).toEqual(['SELECT $1::int + 1 AS n', 'SELECT $1::text AS word']);
  });

  it('runs a statement whose columns a migration changed unnamed from then on, and the call still answers', async () => {
    const pool = await onePreparingConnection();
    await pool.query('CREATE TABLE notes (id int PRIMARY KEY)');
    await pool.query('INSERT INTO notes (id) VALUES ($1)', [1]);
    const read = 'SELECT * FROM notes WHERE id = $1';
    expect((await pool.query(read, [1])).rows).toEqual([{ id: 1 }]);
    await pool.query('ALTER TABLE notes ADD COLUMN body text');
    // The prepared plan's columns are stale: PostgreSQL refuses it, and the call is retried unnamed.
    expect((await pool.query(read, [1])).rows).toEqual([{ id: 1, body: null }]);
    const client = await pool.connect();
    try {
      expect((await client.query(read, [1])).rows).toEqual([{ id: 1, body: null }]);
    } finally {
      client.release();
    }
  });

  it('fails a transaction that meets a stale statement once; its retry runs the statement unnamed', async () => {
    const pool = await onePreparingConnection();
    await pool.query('CREATE TABLE tags (id int PRIMARY KEY)');
    const read = 'SELECT * FROM tags WHERE id = $1';
    await pool.query(read, [1]);
    await pool.query('ALTER TABLE tags ADD COLUMN label text');
    const client = await pool.connect();
    try {
      const attempt = async () => {
        await client.query('BEGIN');
        try {
          const rows = (await client.query(read, [1])).rows;
          await client.query('COMMIT');
          return rows;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      };
      // Inside a transaction the unnamed retry cannot run: the refusal aborted the transaction.
      await expect(attempt()).rejects.toThrow(/current transaction is aborted/);
      expect(await attempt()).toEqual([]);
    } finally {
      client.release();
    }
  });
});
