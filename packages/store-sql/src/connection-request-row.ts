import type { ConnectionRequest } from '@svc/core';
import type { ColumnMap } from './column-map.js';
import type { SqlTypes } from './sql-codec.js';

/** A `connection_requests` row in a dialect's column types. */
export type ConnectionRequestRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  platform: string;
  nonce: string;
  sealed_code_verifier: string;
  created_at: T['date'];
  expires_at: T['date'];
  used_at: T['date'] | null;
  account_ids: T['list'];
};

/** The `connection_requests` columns by request field, in `ConnectionRequestRowOf`'s order. */
export const CONNECTION_REQUEST_MAP: ColumnMap<ConnectionRequest, keyof ConnectionRequestRowOf<SqlTypes>> = {
  id: 'id',
  ownerId: 'owner_id',
  platform: 'platform',
  nonce: 'nonce',
  sealedCodeVerifier: 'sealed_code_verifier',
  createdAt: ['created_at', 'date'],
  expiresAt: ['expires_at', 'date'],
  usedAt: ['used_at', 'date?'],
  accountIds: ['account_ids', 'list'],
};
