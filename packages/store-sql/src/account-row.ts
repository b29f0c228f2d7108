import type { ConnectedAccount, Platform } from '@svc/core';
import { orNull } from './or-null.js';
import { insertSql, type Placeholder } from './placeholder.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `connected_accounts` row in a dialect's column types, as `SELECT *` reads it. */
export type AccountRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  platform: string;
  platform_account_id: string;
  handle: string;
  profile_url: string;
  profile_image_url: string | null;
  follower_count: T['bigint'] | null;
  status: string;
  needs_reconnect: T['flag'];
  sealed_credentials: string | null;
  token_expires_at: T['date'] | null;
  connected_at: T['date'];
  updated_at: T['date'];
};

/** The row that stores an account. */
export function accountToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  account: ConnectedAccount,
): AccountRowOf<T> {
  return {
    id: account.id,
    owner_id: account.ownerId,
    platform: account.platform,
    platform_account_id: account.platformAccountId,
    handle: account.handle,
    profile_url: account.profileUrl,
    profile_image_url: account.profileImageUrl,
    follower_count: orNull(account.followerCount, codec.bigintToSql),
    status: account.status,
    needs_reconnect: codec.flagToSql(account.needsReconnect),
    sealed_credentials: account.sealedCredentials,
    token_expires_at: orNull(account.tokenExpiresAt, codec.dateToSql),
    connected_at: codec.dateToSql(account.connectedAt),
    updated_at: codec.dateToSql(account.updatedAt),
  };
}

/** The account a `connected_accounts` row holds. */
export function sqlRowToAccount<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: AccountRowOf<T>,
): ConnectedAccount {
  return {
    id: row.id,
    ownerId: row.owner_id,
    platform: row.platform as Platform,
    platformAccountId: row.platform_account_id,
    handle: row.handle,
    profileUrl: row.profile_url,
    profileImageUrl: row.profile_image_url,
    followerCount: orNull(row.follower_count, codec.bigintFromSql),
    status: row.status as ConnectedAccount['status'],
    needsReconnect: codec.flagFromSql(row.needs_reconnect),
    sealedCredentials: row.sealed_credentials,
    tokenExpiresAt: orNull(row.token_expires_at, codec.dateFromSql),
    connectedAt: codec.dateFromSql(row.connected_at),
    updatedAt: codec.dateFromSql(row.updated_at),
  };
}

/** Every column of `connected_accounts` an upsert binds, in the order a positional dialect binds them. */
export const ACCOUNT_COLUMNS = [
  'id',
  'owner_id',
  'platform',
  'platform_account_id',
  'handle',
  'profile_url',
  'profile_image_url',
  'follower_count',
  'status',
  'needs_reconnect',
  'sealed_credentials',
  'token_expires_at',
  'connected_at',
  'updated_at',
] as const satisfies readonly (keyof AccountRowOf<SqlTypes>)[];

/**
 * Saves an account, answering the stored row. A reconnect updates the existing row in place: id
 * and connected_at stay, and credentials stay unless new ones came with it.
 */
export function upsertAccountSql(placeholder: Placeholder): string {
  return `${insertSql('connected_accounts', ACCOUNT_COLUMNS, placeholder)}
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
}
