import type { OAuthRecord } from '@svc/core';
import { orNull } from './or-null.js';
import { insertSql, type Placeholder } from './placeholder.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** An `oauth_records` row in a dialect's column types, as an upsert binds it. */
export type OAuthUpsertRowOf<T extends SqlTypes> = {
  kind: string;
  id: string;
  payload: T['json'];
  /** Payload fields the store looks records up by, copied to indexed columns. */
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
  expires_at: T['date'] | null;
  consumed_at: T['date'] | null;
};

/** The `oauth_records` columns a record is read from, in a dialect's column types. */
export type OAuthRowOf<T extends SqlTypes> = {
  kind: string;
  id: string;
  payload: T['json'];
  expires_at: T['date'] | null;
  consumed_at: T['date'] | null;
  last_used_at: T['date'] | null;
};

/** The columns an upsert binds, in the order a positional dialect binds them. */
export const OAUTH_UPSERT_COLUMNS = [
  'kind',
  'id',
  'payload',
  'grant_id',
  'uid',
  'user_code',
  'account_id',
  'expires_at',
  'consumed_at',
] as const satisfies readonly (keyof OAuthUpsertRowOf<SqlTypes>)[];

/** Saves a record under its kind and id; saving it again makes it unconsumed. */
export function upsertOAuthSql(placeholder: Placeholder): string {
  return `${insertSql('oauth_records', OAUTH_UPSERT_COLUMNS, placeholder)}
ON CONFLICT (kind, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
  uid = excluded.uid, user_code = excluded.user_code, account_id = excluded.account_id,
  expires_at = excluded.expires_at, consumed_at = NULL`;
}

/** A payload field the store indexes, when it is a string. */
function indexed(payload: Readonly<Record<string, unknown>>, field: string): string | null {
  const value = payload[field];
  return typeof value === 'string' ? value : null;
}

/** The row that saves a record (unconsumed), its looked-up payload fields copied out. */
export function oauthToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  record: Pick<OAuthRecord, 'kind' | 'id' | 'payload' | 'expiresAt'>,
): OAuthUpsertRowOf<T> {
  const { payload } = record;
  return {
    kind: record.kind,
    id: record.id,
    payload: codec.jsonToSql(payload),
    grant_id: indexed(payload, 'grantId'),
    uid: indexed(payload, 'uid'),
    user_code: indexed(payload, 'userCode'),
    account_id: indexed(payload, 'accountId'),
    expires_at: orNull(record.expiresAt, codec.dateToSql),
    consumed_at: null,
  };
}

/** The record a row stores. */
export function sqlRowToOAuthRecord<T extends SqlTypes>(codec: SqlCodec<T>, row: OAuthRowOf<T>): OAuthRecord {
  return {
    kind: row.kind,
    id: row.id,
    payload: codec.jsonFromSql<Record<string, unknown>>(row.payload),
    expiresAt: orNull(row.expires_at, codec.dateFromSql),
    consumedAt: orNull(row.consumed_at, codec.dateFromSql),
    lastUsedAt: orNull(row.last_used_at, codec.dateFromSql),
  };
}
