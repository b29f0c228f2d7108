import type { ApiKey, User } from '@svc/core';
import type Database from 'better-sqlite3';

/** A credential read: a key and its owner (null when the owner row is gone). */
export type CredentialRead = { readonly key: ApiKey; readonly owner: User | null };

/** Remembers credential reads for as long as the database has not changed. */
export type CredentialCache = {
  get(keyId: string): CredentialRead | undefined;
  set(keyId: string, read: CredentialRead): void;
  /** Forgets everything; called when this connection writes keys or users. */
  clear(): void;
};

/** How many keys stay remembered; the oldest entry makes room. */
const MAX_ENTRIES = 10_000;

/**
 * Authentication reads a key and its owner on every request, and they almost never change. This
 * cache serves them from memory without ever serving a stale one: `PRAGMA data_version` changes
 * whenever another connection (the CLI revoking a key, another process) commits anything, which
 * empties the cache, and this connection's own key and user writes empty it explicitly. Checking
 * the version costs a fraction of the two reads it saves.
 */
export function createCredentialCache(db: Database.Database): CredentialCache {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get();
  const entries = new Map<string, CredentialRead>();
  return {
    get(keyId) {
      const version = dataVersion.get();
      if (version !== seenVersion) {
        seenVersion = version;
        entries.clear();
        return undefined;
      }
      return entries.get(keyId);
    },
    set(keyId, read) {
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      // Shared by every caller from now on, so nobody may change it.
      Object.freeze(read.key.scopes);
      if (read.key.accountIds !== null) Object.freeze(read.key.accountIds);
      Object.freeze(read.key);
      if (read.owner !== null) Object.freeze(Object.freeze(read.owner).plan);
      entries.set(keyId, Object.freeze(read));
    },
    clear() {
      entries.clear();
    },
  };
}
