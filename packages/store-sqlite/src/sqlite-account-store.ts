import {
  ACCOUNT_HOLDING_STATUSES,
  type AccountStore,
  type ConnectedAccount,
  type DisconnectAccountOutcome,
  type DisconnectAccountRequest,
  type DomainEvent,
  disconnectRefusal,
} from '@svc/core';
import { type AccountRowOf, upsertAccountSql } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import {
  dateToSql,
  jsonToSql,
  NAMED,
  nullableDateToSql,
  SQLITE_ROWS,
  type SqliteTypes,
} from './sql-values.js';
import type { SqliteJournal } from './sqlite-journal.js';

/** A `connected_accounts` row, as `SELECT *` reads it. */
export type AccountRow = AccountRowOf<SqliteTypes>;

const { accountToRow } = SQLITE_ROWS;

/** Maps a `connected_accounts` row to its account; the analytics store reuses it. */
export const { rowToAccount } = SQLITE_ROWS;

/**
 * Accounts of one platform whose token expiry their owner was not warned about, soonest first.
 * The conditions repeat those of the partial index `connected_accounts_token_expiry` word for
 * word, so it serves the WHERE and the ORDER BY. Named parameters: platform, before, limit.
 */
export const TOKENS_EXPIRING_SQL = `SELECT * FROM connected_accounts
WHERE platform = @platform AND token_expires_at < @before
  AND status = 'active' AND needs_reconnect = 0 AND token_expires_at IS NOT NULL
  AND token_expiry_warned_for IS NOT token_expires_at
ORDER BY token_expires_at, id
LIMIT @limit`;

/** The AccountStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteAccountStore(db: Database.Database, journal: SqliteJournal): AccountStore {
  const upsertAccount = db.prepare<[AccountRow], AccountRow>(upsertAccountSql(NAMED));
  const selectAccount = db.prepare<[string], AccountRow>('SELECT * FROM connected_accounts WHERE id = ?');
  // A claim round's accounts in one statement; ids arrive as one JSON array.
  const selectAccounts = db.prepare<[string], AccountRow>(
    'SELECT * FROM connected_accounts WHERE id IN (SELECT value FROM json_each(?))',
  );
  const selectByPlatformAccount = db.prepare<[string, string, string], AccountRow>(
    'SELECT * FROM connected_accounts WHERE owner_id = ? AND platform = ? AND platform_account_id = ?',
  );
  const selectActive = db.prepare<[string], AccountRow>(
    "SELECT * FROM connected_accounts WHERE owner_id = ? AND status = 'active' ORDER BY connected_at, id",
  );

  // Posts aimed at the account among the owner's (via `posts_owner_list`); targets are a JSON list.
  const selectPending = db
    .prepare<[string, string, string], string>(
      `SELECT id FROM posts
       WHERE owner_id = ? AND deleted_at IS NULL AND status IN (SELECT value FROM json_each(?))
         AND EXISTS (SELECT 1 FROM json_each(posts.profile_ids) WHERE value = ?)
       ORDER BY id`,
    )
    .pluck();
  const deactivate = db.prepare<[number, string], AccountRow>(
    `UPDATE connected_accounts SET status = 'inactive', sealed_credentials = NULL, token_expires_at = NULL,
       updated_at = ? WHERE id = ? RETURNING *`,
  );
  const eraseCredentials = db.prepare<[string], AccountRow>(
    'UPDATE connected_accounts SET sealed_credentials = NULL, token_expires_at = NULL WHERE id = ? RETURNING *',
  );

  const updateTokens = db.prepare<[string, number | null, number, string], AccountRow>(
    `UPDATE connected_accounts SET sealed_credentials = ?, token_expires_at = ?, updated_at = ?
     WHERE id = ? AND status = 'active' RETURNING *`,
  );

  const selectTokensExpiring = db.prepare<[{ platform: string; before: number; limit: number }], AccountRow>(
    TOKENS_EXPIRING_SQL,
  );
  const recordTokenWarning = db.prepare<[{ id: string; expires: number }], { id: string }>(
    `UPDATE connected_accounts SET token_expiry_warned_for = @expires
     WHERE id = @id AND status = 'active' AND needs_reconnect = 0 AND token_expires_at = @expires
       AND token_expiry_warned_for IS NOT @expires
     RETURNING id`,
  );
  const warnTokenExpiring = db.transaction((id: string, expiresAt: Date, event: DomainEvent) => {
    if (recordTokenWarning.get({ id, expires: dateToSql(expiresAt) }) === undefined) return false;
    journal.append([event]);
    return true;
  });

  // One statement: of sweeps racing over the account, the first write wins and the rest match no row.
  const claimRefresh = db.prepare<
    [{ id: string; expires: number; now: number; until: number }],
    { id: string }
  >(
    `UPDATE connected_accounts SET token_refresh_until = @until
     WHERE id = @id AND status = 'active' AND needs_reconnect = 0 AND token_expires_at = @expires
       AND (token_refresh_until IS NULL OR token_refresh_until <= @now)
     RETURNING id`,
  );

  const save = db.transaction((account: ConnectedAccount, events: readonly DomainEvent[]) => {
    const row = upsertAccount.get(accountToRow(account));
    if (row === undefined) throw new Error(`Saving account ${account.id} returned no row.`);
    journal.append(events);
    return rowToAccount(row);
  });

  // Immediate, so the pending posts read and the deactivation see the same database.
  const disconnect = db.transaction((request: DisconnectAccountRequest): DisconnectAccountOutcome => {
    const row = selectAccount.get(request.accountId);
    if (row === undefined || row.owner_id !== request.ownerId) return { kind: 'not_found' };
    if (row.status === 'inactive') {
      const erased = row.sealed_credentials === null ? row : (eraseCredentials.get(row.id) ?? row);
      return { kind: 'already_inactive', account: rowToAccount(erased) };
    }
    const pending = selectPending.all(row.owner_id, jsonToSql(ACCOUNT_HOLDING_STATUSES), row.id);
    const refused = disconnectRefusal(pending, request.force);
    if (refused !== null) return refused;
    const updated = deactivate.get(dateToSql(request.at), row.id);
    if (updated === undefined) throw new Error(`Disconnecting account ${row.id} returned no row.`);
    journal.append(request.events);
    return { kind: 'disconnected', account: rowToAccount(updated), pendingPostIds: pending };
  }).immediate;

  return {
    async disconnectAccount(request) {
      return disconnect(request);
    },
    async saveRefreshedTokens(accountId, tokens) {
      const row = updateTokens.get(
        tokens.sealedCredentials,
        nullableDateToSql(tokens.tokenExpiresAt),
        dateToSql(tokens.at),
        accountId,
      );
      return row === undefined ? null : rowToAccount(row);
    },
    async saveAccount(account, events = []) {
      return save(account, events);
    },
    async accountsWithTokensExpiring(platform, before, limit) {
      return selectTokensExpiring
        .all({ platform, before: dateToSql(before), limit: Math.max(0, Math.floor(limit)) })
        .map(rowToAccount);
    },
    async markTokenExpiring(accountId, expiresAt, event) {
      return warnTokenExpiring(accountId, expiresAt, event);
    },
    async claimTokenRefresh(accountId, expiresAt, now, leaseUntil) {
      const claimed = claimRefresh.get({
        id: accountId,
        expires: dateToSql(expiresAt),
        now: dateToSql(now),
        until: dateToSql(leaseUntil),
      });
      return claimed !== undefined;
    },
    async findAccount(ownerId, platform, platformAccountId) {
      const row = selectByPlatformAccount.get(ownerId, platform, platformAccountId);
      return row === undefined ? null : rowToAccount(row);
    },
    async getAccount(id) {
      const row = selectAccount.get(id);
      return row === undefined ? null : rowToAccount(row);
    },
    async getAccounts(ids) {
      if (ids.length === 0) return [];
      return selectAccounts.all(JSON.stringify([...new Set(ids)])).map(rowToAccount);
    },
    async listActiveAccounts(ownerId) {
      return selectActive.all(ownerId).map(rowToAccount);
    },
  };
}
