import type { OAuthRecord, OAuthStore } from '../identity/index.js';
import { copyOrNull } from './memory-copy.js';

type Stored = { -readonly [K in keyof OAuthRecord]: OAuthRecord[K] };

/**
 * The OAuthStore part of the memory store. `live` throws once the store is closed; payloads are
 * copied in and out like everywhere in the memory store.
 */
export function createMemoryOAuthStore(live: () => void): OAuthStore {
  const records = new Map<string, Stored>();
  const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;
  const copy = (record: Stored): OAuthRecord => structuredClone(record);
  const findBy = (kind: string, field: 'uid' | 'userCode', value: string) => {
    for (const record of records.values()) {
      if (record.kind === kind && record.payload[field] === value) return copy(record);
    }
    return null;
  };
  return {
    async upsert(kind, id, payload, expiresAt) {
      live();
      records.set(keyOf(kind, id), {
        kind,
        id,
        payload: structuredClone(payload),
        expiresAt: expiresAt === null ? null : new Date(expiresAt),
        consumedAt: null,
        lastUsedAt: records.get(keyOf(kind, id))?.lastUsedAt ?? null,
      });
    },
    async recordUse(kind, id, at, unlessSince) {
      live();
      const record = records.get(keyOf(kind, id));
      if (record === undefined || (record.lastUsedAt !== null && record.lastUsedAt >= unlessSince))
        return false;
      record.lastUsedAt = new Date(at);
      return true;
    },
    async find(kind, id) {
      live();
      return copyOrNull(records.get(keyOf(kind, id)));
    },
    async findByUid(kind, uid) {
      live();
      return findBy(kind, 'uid', uid);
    },
    async listByAccount(kind, accountId) {
      live();
      return [...records.values()]
        .filter((r) => r.kind === kind && r.payload.accountId === accountId)
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map(copy);
    },
    async findByUserCode(kind, userCode) {
      live();
      return findBy(kind, 'userCode', userCode);
    },
    async consume(kind, id, at) {
      live();
      const record = records.get(keyOf(kind, id));
      if (record !== undefined && record.consumedAt === null) record.consumedAt = new Date(at);
    },
    async destroy(kind, id) {
      live();
      records.delete(keyOf(kind, id));
    },
    async revokeByGrantId(kind, grantId) {
      live();
      for (const [key, record] of records) {
        if (record.kind === kind && record.payload.grantId === grantId) records.delete(key);
      }
    },
    async deleteExpired(now) {
      live();
      let deleted = 0;
      for (const [key, record] of records) {
        if (record.expiresAt !== null && record.expiresAt.getTime() < now.getTime()) {
          records.delete(key);
          deleted += 1;
        }
      }
      return deleted;
    },
  };
}
