import type { ConnectedAccount, Platform } from '@svc/core';
import { dateFromPg, nullableDateFromPg, nullableNumberFromBigint } from './pg-values.js';

/**
 * A `connected_accounts` row as pg reads it (bigint arrives as text). Read as jsonb (together
 * with an automation), dates arrive as JSON text and bigint as a number, hence the unions.
 */
export type AccountRow = {
  id: string;
  owner_id: string;
  platform: string;
  platform_account_id: string;
  handle: string;
  profile_url: string;
  profile_image_url: string | null;
  follower_count: string | number | null;
  status: string;
  needs_reconnect: boolean;
  sealed_credentials: string | null;
  token_expires_at: Date | string | null;
  connected_at: Date | string;
  updated_at: Date | string;
};

/** The account a `connected_accounts` row holds. */
export function rowToAccount(row: AccountRow): ConnectedAccount {
  return {
    id: row.id,
    ownerId: row.owner_id,
    platform: row.platform as Platform,
    platformAccountId: row.platform_account_id,
    handle: row.handle,
    profileUrl: row.profile_url,
    profileImageUrl: row.profile_image_url,
    followerCount: nullableNumberFromBigint(row.follower_count),
    status: row.status as ConnectedAccount['status'],
    needsReconnect: row.needs_reconnect,
    sealedCredentials: row.sealed_credentials,
    tokenExpiresAt: nullableDateFromPg(row.token_expires_at),
    connectedAt: dateFromPg(row.connected_at),
    updatedAt: dateFromPg(row.updated_at),
  };
}
