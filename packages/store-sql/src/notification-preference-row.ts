import type { NotificationKind, StoredPreferences } from '@svc/core';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `notification_preferences` row in a dialect's column types: one kind's choice of one user. */
export type NotificationPreferenceRowOf<T extends SqlTypes> = {
  user_id: string;
  kind: string;
  enabled: T['flag'];
};

/** The stored choices of each user the rows name, one row a kind (kinds without a row stay unset). */
export function sqlRowsToPreferences<T extends SqlTypes>(
  codec: SqlCodec<T>,
  rows: readonly NotificationPreferenceRowOf<T>[],
): Map<string, StoredPreferences> {
  const found = new Map<string, Partial<Record<NotificationKind, boolean>>>();
  for (const row of rows)
    found.set(row.user_id, { ...(found.get(row.user_id) ?? {}), [row.kind]: codec.flagFromSql(row.enabled) });
  return found;
}
