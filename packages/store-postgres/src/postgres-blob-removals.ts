import {
  type AsyncTx,
  type BlobRemovalTx,
  blobRemovalBlocks,
  blobRemovalClaimLives,
  claimBlobRemovalScript,
  type HeldBlobRemoval,
  runScriptAsync,
} from '@svc/core';
import { type BlobRemovalCalls, type HeldBlobRemovalRowOf, selectHeldBlobRemovalSql } from '@svc/store-sql';
import type { Pool, PoolClient } from 'pg';
import { PG_ROWS, type PgTypes } from './pg-values.js';
import { withTransaction } from './with-transaction.js';

/**
 * Serialises everything that decides whether a blob may lose its bytes: a sweep's claim and every
 * transaction recording an asset on the blob. Under READ COMMITTED, "claim when no asset refers"
 * and "record when no claim lives" as two INSERT … WHERE NOT EXISTS would be write skew; with this
 * lock the later of the two reads after the earlier one committed. Held until the transaction ends.
 */
const LOCK_BLOB_SQL = "SELECT pg_advisory_xact_lock(hashtextextended('svc:blob:' || $1, 0))";

const SELECT_HELD_SQL = selectHeldBlobRemovalSql('$1');

async function heldClaim(db: Pool | PoolClient, blobKey: string): Promise<HeldBlobRemoval | null> {
  const row = (await db.query<HeldBlobRemovalRowOf<PgTypes>>(SELECT_HELD_SQL, [blobKey])).rows[0];
  return row === undefined ? null : PG_ROWS.rowToHeldBlobRemoval(row);
}

/** When a recording happens and when the put of its bytes began (see core's `blobRemovalBlocks`). */
export type RecordingTimes = { readonly now?: Date | undefined; readonly putSince?: Date | undefined };

/**
 * Inside an asset-recording transaction: takes the blob's lock (kept until commit, so no claim can
 * slip in before the asset exists) and answers whether a claim or removal must refuse the recording.
 */
export async function blobBeingRemoved(
  client: PoolClient,
  blobKey: string | null,
  times: RecordingTimes,
): Promise<boolean> {
  if (blobKey === null) return false;
  await client.query(LOCK_BLOB_SQL, [blobKey]);
  return blobRemovalBlocks(await heldClaim(client, blobKey), times.now, times.putSince);
}

/** The small calls of core's claimBlobRemovalScript on the transaction's client. */
function claimTx(client: PoolClient): AsyncTx<BlobRemovalTx> {
  return {
    lockBlob: async (blobKey) => {
      await client.query(LOCK_BLOB_SQL, [blobKey]);
    },
    blobReferenced: async (blobKey) => {
      const referenced = await client.query('SELECT 1 FROM media_assets WHERE blob_key = $1 LIMIT 1', [
        blobKey,
      ]);
      return referenced.rowCount !== 0;
    },
    heldClaim: (blobKey) => heldClaim(client, blobKey),
    saveClaim: async (blobKey, claimant, until) => {
      await client.query(
        // A removal remembered from an earlier round stays: a recording may still need to see it.
        `INSERT INTO blob_removals (blob_key, claimed_by, claimed_until) VALUES ($1, $2, $3)
         ON CONFLICT (blob_key) DO UPDATE SET claimed_by = excluded.claimed_by,
           claimed_until = excluded.claimed_until`,
        [blobKey, claimant, until],
      );
    },
  };
}

/** The orphan sweep's side of the claims, part of the PostgreSQL MediaStore. */
export function createPostgresBlobRemovals(pool: Pool): BlobRemovalCalls {
  return {
    async claimBlobRemoval(request) {
      return withTransaction(pool, (client) =>
        runScriptAsync(claimBlobRemovalScript(request), claimTx(client)),
      );
    },
    async releaseBlobRemoval(blobKey, claimant, removedAt) {
      // One statement: the claim ends, and the row stays only to remember a removal.
      await pool.query(
        `WITH ended AS (
           UPDATE blob_removals SET claimed_by = NULL, claimed_until = NULL,
             removed_at = coalesce($3, removed_at)
           WHERE blob_key = $1 AND claimed_by = $2
           RETURNING blob_key, removed_at)
         DELETE FROM blob_removals WHERE blob_key IN (SELECT blob_key FROM ended WHERE removed_at IS NULL)`,
        [blobKey, claimant, removedAt],
      );
    },
    async isBlobRemovalClaimed(blobKey, now) {
      return blobRemovalClaimLives(await heldClaim(pool, blobKey), now);
    },
    async forgetBlobRemovals(removedBefore) {
      const result = await pool.query(
        'DELETE FROM blob_removals WHERE claimed_by IS NULL AND removed_at < $1',
        [removedBefore],
      );
      return result.rowCount ?? 0;
    },
    async listReferencedBlobs(blobKeys) {
      if (blobKeys.length === 0) return [];
      const result = await pool.query<{ blob_key: string }>(
        'SELECT DISTINCT blob_key FROM media_assets WHERE blob_key = ANY ($1::text[])',
        [[...new Set(blobKeys)]],
      );
      return result.rows.map((row) => row.blob_key);
    },
  };
}
