import type { StoredPasskey, StoredTotp } from '@svc/core';
import type { ColumnMap } from './column-map.js';
import type { SqlTypes } from './sql-codec.js';

/** The `totp_secrets` columns by field (the row type is `TotpRowOf` below). */
export const TOTP_MAP: ColumnMap<StoredTotp, keyof TotpRowOf<SqlTypes>> = {
  userId: 'user_id',
  sealedSecret: 'sealed_secret',
  confirmedAt: ['confirmed_at', 'date?'],
  lastStep: ['last_step', 'bigint'],
};

/** The `passkeys` columns by field, in `PasskeyRowOf`'s order. */
export const PASSKEY_MAP: ColumnMap<StoredPasskey, keyof PasskeyRowOf<SqlTypes>> = {
  id: 'id',
  userId: 'user_id',
  publicKey: 'public_key',
  counter: ['counter', 'bigint'],
  transports: ['transports', 'list'],
  name: 'name',
  createdAt: ['created_at', 'date'],
  lastUsedAt: ['last_used_at', 'date?'],
};

/** A `totp_secrets` row in a dialect's column types. */
export type TotpRowOf<T extends SqlTypes> = {
  user_id: string;
  sealed_secret: string;
  confirmed_at: T['date'] | null;
  last_step: T['bigint'];
};

/** A `passkeys` row in a dialect's column types. */
export type PasskeyRowOf<T extends SqlTypes> = {
  id: string;
  user_id: string;
  public_key: string;
  counter: T['bigint'];
  transports: T['list'];
  name: string;
  created_at: T['date'];
  last_used_at: T['date'] | null;
};
