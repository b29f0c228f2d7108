import {
  type BlobRemovalRequest,
  type BlobRemovalTx,
  blobRemovalBlocks,
  blobRemovalClaimLives,
  claimBlobRemovalScript,
  type HeldBlobRemoval,
  runScript,
} from '@svc/core';
import { type BlobRemovalCalls, type HeldBlobRemovalRowOf, selectHeldBlobRemovalSql } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { dateToSql, jsonToSql, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

/** The orphan sweep's claims on blobs in a SQLite database (part of its MediaStore). */
export type SqliteBlobRemovals = BlobRemovalCalls & {
  /**
   * Whether recording an asset on `blobKey` must refuse (core's `blobRemovalBlocks`). Called
   * inside the recording's immediate transaction, which SQLite serialises with every claim.
   */
  blocks(blobKey: string | null, now: Date | undefined, putSince: Date | undefined): boolean;
};

/** Prepares the statements once. */
export function createSqliteBlobRemovals(db: Database.Database): SqliteBlobRemovals {
  const selectHeld = db.prepare<[string], HeldBlobRemovalRowOf<SqliteTypes>>(selectHeldBlobRemovalSql('?'));
  const selectReferenced = db
    .prepare<[string], number>('SELECT 1 FROM media_assets WHERE blob_key = ? LIMIT 1')
    .pluck();
  // json_each turns the key list into rows: one statement per batch, through media_assets_blob.
  const selectReferencedOf = db
    .prepare<[string], string>(
      'SELECT DISTINCT blob_key FROM media_assets WHERE blob_key IN (SELECT value FROM json_each(?))',
    )
    .pluck();
  // A removal remembered from an earlier round stays: a recording may still need to see it.
  const upsertClaim = db.prepare<[string, string, number]>(
    `INSERT INTO blob_removals (blob_key, claimed_by, claimed_until) VALUES (?, ?, ?)
     ON CONFLICT (blob_key) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until`,
  );
  const endClaim = db.prepare<[number | null, string, string]>(
    `UPDATE blob_removals SET claimed_by = NULL, claimed_until = NULL, removed_at = coalesce(?, removed_at)
     WHERE blob_key = ? AND claimed_by = ?`,
  );
  const dropEmpty = db.prepare<[string]>(
    'DELETE FROM blob_removals WHERE blob_key = ? AND claimed_by IS NULL AND removed_at IS NULL',
  );
  const forget = db.prepare<[number]>(
    'DELETE FROM blob_removals WHERE claimed_by IS NULL AND removed_at < ?',
  );
  const held = (blobKey: string): HeldBlobRemoval | null => {
    const row = selectHeld.get(blobKey);
    return row === undefined ? null : SQLITE_ROWS.rowToHeldBlobRemoval(row);
  };

  // The small calls of core's claimBlobRemovalScript.
  const claimTx: BlobRemovalTx = {
    // The immediate transaction already holds the database's write lock.
    lockBlob: () => {},
    blobReferenced: (blobKey) => selectReferenced.get(blobKey) !== undefined,
    heldClaim: held,
    saveClaim: (blobKey, claimant, until) => {
      upsertClaim.run(blobKey, claimant, dateToSql(until));
    },
  };

  // Immediate: the reference check and the claim cannot interleave with an asset being recorded.
  const claim = db.transaction((request: BlobRemovalRequest) =>
    runScript(claimBlobRemovalScript(request), claimTx),
  ).immediate;

  const release = db.transaction((blobKey: string, claimant: string, removedAt: Date | null) => {
    endClaim.run(removedAt === null ? null : dateToSql(removedAt), blobKey, claimant);
    dropEmpty.run(blobKey);
  }).immediate;

  return {
    async claimBlobRemoval(request) {
      return claim(request);
    },
    async releaseBlobRemoval(blobKey, claimant, removedAt) {
      release(blobKey, claimant, removedAt);
    },
    async isBlobRemovalClaimed(blobKey, now) {
      return blobRemovalClaimLives(held(blobKey), now);
    },
    async forgetBlobRemovals(removedBefore) {
      return forget.run(dateToSql(removedBefore)).changes;
    },
    async listReferencedBlobs(blobKeys) {
      return blobKeys.length === 0 ? [] : selectReferencedOf.all(jsonToSql([...new Set(blobKeys)]));
    },
    blocks(blobKey, now, putSince) {
      return blobKey !== null && blobRemovalBlocks(held(blobKey), now, putSince);
    },
  };
}
