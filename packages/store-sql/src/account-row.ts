import type { ConnectedAccount } from '@svc/core';
import { type ColumnMap, columnNames } from './column-map.js';
import { insertSql, type Placeholder } from './placeholder.js';
import type { SqlTypes } from './sql-codec.js';

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

/** The `connected_accounts` columns by account field, in `AccountRowOf`'s order. */
export const ACCOUNT_MAP: ColumnMap<ConnectedAccount, keyof AccountRowOf<SqlTypes>> = {
  id: 'id',
  ownerId: 'owner_id',
  platform: 'platform',
  platformAccountId: 'platform_account_id',
  handle: 'handle',
  profileUrl: 'profile_url',
  profileImageUrl: 'profile_image_url',
  followerCount: ['follower_count', 'bigint?'],
  status: 'status',
  needsReconnect: ['needs_reconnect', 'flag'],
  sealedCredentials: 'sealed_credentials',
  tokenExpiresAt: ['token_expires_at', 'date?'],
  connectedAt: ['connected_at', 'date'],
  updatedAt: ['updated_at', 'date'],
};

/** Every column of `connected_accounts` an upsert binds, in the order a positional dialect binds them. */
export const ACCOUNT_COLUMNS = columnNames(ACCOUNT_MAP);

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
