import type { Pool, PoolClient } from 'pg';
import { asStoreError } from './unavailable-errors.js';

/**
 * Runs `work` on one pooled connection inside a transaction: commits when it resolves, rolls back
 * when it rejects (and rejects with the same error). The connection goes back to the pool either
 * way; one whose rollback failed is discarded rather than reused in an unknown state. A connection
 * lost on the way rejects with StoreUnavailableError.
 */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(pool, work);
  } catch (error) {
    throw asStoreError(error);
  }
}

async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A checked-out connection that dies between two queries (the server restarts, or ends the
  // session) emits 'error'; unheard, that is an uncaught exception that ends the process.
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    }
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}
