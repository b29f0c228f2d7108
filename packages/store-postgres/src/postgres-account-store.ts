import {
  ACCOUNT_HOLDING_STATUSES,
  type AccountStore,
  type DisconnectAccountOutcome,
  type DisconnectAccountRequest,
  disconnectRefusal,
} from '@svc/core';
import { upsertAccountSql } from '@svc/store-sql';
import type { Pool, PoolClient } from 'pg';
import { type AccountRow, accountParams, rowToAccount } from './account-row.js';
import { limitParam, POSITIONAL } from './pg-values.js';
import { appendEvents, eventParams, withEvents } from './postgres-journal.js';
import { withTransaction } from './with-transaction.js';

// One statement, so two racing reconnects cannot both insert.
const UPSERT_ACCOUNT_SQL = upsertAccountSql(POSITIONAL);

/**
 * Accounts of one platform whose token expiry their owner was not warned about, soonest first.
 * The conditions repeat those of the partial index `connected_accounts_token_expiry` word for
 * word, so it serves the WHERE and the ORDER BY. Parameters: platform, before, limit.
 */
export const TOKENS_EXPIRING_SQL = `SELECT * FROM connected_accounts
WHERE platform = $1 AND token_expires_at < $2
  AND status = 'active' AND NOT needs_reconnect AND token_expires_at IS NOT NULL
  AND token_expiry_warned_for IS DISTINCT FROM token_expires_at
ORDER BY token_expires_at, id
LIMIT $3`;

// A racing sweep's UPDATE waits for the row lock, then finds the warning recorded and changes
// nothing, so the event is appended once (withEvents appends only when a row changed).
const MARK_TOKEN_EXPIRING_SQL = withEvents(
  `UPDATE connected_accounts SET token_expiry_warned_for = $2
   WHERE id = $1 AND status = 'active' AND NOT needs_reconnect AND token_expires_at = $2
     AND token_expiry_warned_for IS DISTINCT FROM $2
   RETURNING *`,
  3,
);

// A racing sweep's UPDATE waits for the row lock, then finds the lease taken and matches no row.
const CLAIM_TOKEN_REFRESH_SQL = `UPDATE connected_accounts SET token_refresh_until = $4
WHERE id = $1 AND status = 'active' AND NOT needs_reconnect AND token_expires_at = $2
  AND (token_refresh_until IS NULL OR token_refresh_until <= $3)`;

async function disconnect(
  client: PoolClient,
  request: DisconnectAccountRequest,
): Promise<DisconnectAccountOutcome> {
  // Locked, so a racing reconnect or disconnect of the same account waits for this one.
  const current = await client.query<AccountRow>(
    'SELECT * FROM connected_accounts WHERE id = $1 FOR UPDATE',
    [request.accountId],
  );
  const row = current.rows[0];
  if (row === undefined || row.owner_id !== request.ownerId) return { kind: 'not_found' };
  if (row.status === 'inactive') {
    const erased =
      row.sealed_credentials === null
        ? row
        : (
            await client.query<AccountRow>(
              'UPDATE connected_accounts SET sealed_credentials = NULL, token_expires_at = NULL WHERE id = $1 RETURNING *',
              [row.id],
            )
          ).rows[0];
    return { kind: 'already_inactive', account: rowToAccount(erased ?? row) };
  }
  const posts = await client.query<{ id: string }>(
    `SELECT id FROM posts
     WHERE owner_id = $1 AND deleted_at IS NULL AND status = ANY ($2::text[]) AND $3::text = ANY (profile_ids)`,
    [row.owner_id, [...ACCOUNT_HOLDING_STATUSES], row.id],
  );
  const pending = posts.rows.map((p) => p.id).sort();
  const refused = disconnectRefusal(pending, request.force);
  if (refused !== null) return refused;
  const updated = await client.query<AccountRow>(
    `UPDATE connected_accounts SET status = 'inactive', sealed_credentials = NULL, token_expires_at = NULL,
       updated_at = $2 WHERE id = $1 RETURNING *`,
    [row.id, request.at],
  );
  const account = updated.rows[0];
  if (account === undefined) throw new Error(`Disconnecting account ${row.id} returned no row.`);
  await appendEvents(client, request.events);
  return { kind: 'disconnected', account: rowToAccount(account), pendingPostIds: pending };
}

/** The AccountStore of a PostgreSQL database. */
export function createPostgresAccountStore(pool: Pool): AccountStore {
  const many = async (sql: string, params: unknown[]) =>
    (await pool.query<AccountRow>(sql, params)).rows.map(rowToAccount);
  return {
    async saveAccount(account, events = []) {
      const sql = events.length === 0 ? UPSERT_ACCOUNT_SQL : withEvents(UPSERT_ACCOUNT_SQL, 15);
      const [saved] = await many(sql, [
        ...accountParams(account),
        ...(events.length === 0 ? [] : eventParams(events)),
      ]);
      if (saved === undefined) throw new Error(`Saving account ${account.id} returned no row.`);
      return saved;
    },
    async findAccount(ownerId, platform, platformAccountId) {
      const [found] = await many(
        'SELECT * FROM connected_accounts WHERE owner_id = $1 AND platform = $2 AND platform_account_id = $3',
        [ownerId, platform, platformAccountId],
      );
      return found ?? null;
    },
    async getAccount(id) {
      const [found] = await many('SELECT * FROM connected_accounts WHERE id = $1', [id]);
      return found ?? null;
    },
    async getAccounts(ids) {
      if (ids.length === 0) return [];
      return many('SELECT * FROM connected_accounts WHERE id = ANY ($1::text[])', [[...new Set(ids)]]);
    },
    async disconnectAccount(request) {
      return withTransaction(pool, (client) => disconnect(client, request));
    },
    async saveRefreshedTokens(accountId, tokens) {
      const [saved] = await many(
        `UPDATE connected_accounts SET sealed_credentials = $2, token_expires_at = $3, updated_at = $4
         WHERE id = $1 AND status = 'active' RETURNING *`,
        [accountId, tokens.sealedCredentials, tokens.tokenExpiresAt, tokens.at],
      );
      return saved ?? null;
    },
    async accountsWithTokensExpiring(platform, before, limit) {
      return many(TOKENS_EXPIRING_SQL, [platform, before, limitParam(limit)]);
    },
    async markTokenExpiring(accountId, expiresAt, event) {
      const marked = await pool.query(MARK_TOKEN_EXPIRING_SQL, [
        accountId,
        expiresAt,
        ...eventParams([event]),
      ]);
      return (marked.rowCount ?? 0) > 0;
    },
    async claimTokenRefresh(accountId, expiresAt, now, leaseUntil) {
      const claimed = await pool.query(CLAIM_TOKEN_REFRESH_SQL, [accountId, expiresAt, now, leaseUntil]);
      return (claimed.rowCount ?? 0) > 0;
    },
    async listActiveAccounts(ownerId) {
      return many(
        "SELECT * FROM connected_accounts WHERE owner_id = $1 AND status = 'active' ORDER BY connected_at, id",
        [ownerId],
      );
    },
  };
}
