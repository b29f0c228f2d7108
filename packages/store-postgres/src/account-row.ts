import type { ConnectedAccount } from '@svc/core';
import type { AccountRowOf } from '@svc/store-sql';
import { PG_ROWS, type PgTypes } from './pg-values.js';

/**
 * A `connected_accounts` row as pg reads it (bigint arrives as text). Read as jsonb (together
 * with an automation), dates arrive as JSON text and bigint as a number, hence PgTypes' unions.
 */
export type AccountRow = AccountRowOf<PgTypes>;

/** Every column of `connected_accounts` an upsert binds, in the order `accountParams` binds them. */
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
] as const;

const { accountToRow } = PG_ROWS;

/** The parameters that store an account, in ACCOUNT_COLUMNS order. */
export function accountParams(account: ConnectedAccount): unknown[] {
  const row = accountToRow(account);
  return ACCOUNT_COLUMNS.map((column) => row[column]);
}

/** The account a `connected_accounts` row holds. */
export const { rowToAccount } = PG_ROWS;
