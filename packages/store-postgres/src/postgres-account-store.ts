import type { AccountStore } from '@svc/core';
import type { Pool } from 'pg';
import { type AccountRow, rowToAccount } from './account-row.js';
import { eventParams, withEvents } from './postgres-journal.js';

// A reconnect updates the existing row in place: id and connected_at stay, and credentials stay
// unless new ones came with it. One statement, so two racing reconnects cannot both insert.
const UPSERT_ACCOUNT_SQL = `INSERT INTO connected_accounts (
  id, owner_id, platform, platform_account_id, handle, profile_url, profile_image_url,
  follower_count, status, needs_reconnect, sealed_credentials, token_expires_at, connected_at, updated_at
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
ON CONFLICT (owner_id, platform, platform_account_id) DO UPDATE SET
  handle = excluded.handle,
  profile_url = excluded.profile_url,
  profile_image_url = excluded.profile_image_url,
  follower_count = excluded.follower_count,
  status = excluded.status,
  needs_reconnect = excluded.needs_reconnect,
  sealed_credentials = COALESCE(excluded.sealed_credentials, connected_accounts.sealed_credentials),
  token_expires_at = excluded.token_expires_at,
  updated_at = excluded.updated_at
RETURNING *`;

/** The AccountStore of a PostgreSQL database. */
export function createPostgresAccountStore(pool: Pool): AccountStore {
  const many = async (sql: string, params: unknown[]) =>
    (await pool.query<AccountRow>(sql, params)).rows.map(rowToAccount);
  return {
    async saveAccount(account, events = []) {
      const sql = events.length === 0 ? UPSERT_ACCOUNT_SQL : withEvents(UPSERT_ACCOUNT_SQL, 15);
      const [saved] = await many(sql, [
        account.id,
        account.ownerId,
        account.platform,
        account.platformAccountId,
        account.handle,
        account.profileUrl,
        account.profileImageUrl,
        account.followerCount,
        account.status,
        account.needsReconnect,
        account.sealedCredentials,
        account.tokenExpiresAt,
        account.connectedAt,
        account.updatedAt,
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
    async listActiveAccounts(ownerId) {
      return many(
        "SELECT * FROM connected_accounts WHERE owner_id = $1 AND status = 'active' ORDER BY connected_at, id",
        [ownerId],
      );
    },
  };
}
