import type { ApiKey, ApiKeyStore, User } from '../identity/index.js';
import { copy, copyOrNull, insertCopy } from './memory-copy.js';

/** The ApiKeyStore of the memory store; `owner` looks up a stored user, `live` throws once it is closed. */
export function createMemoryApiKeyStore(
  live: () => void,
  owner: (id: string) => User | undefined,
): ApiKeyStore {
  const keys = new Map<string, ApiKey>();
  return {
    async insertApiKey(key) {
      live();
      insertCopy(keys, 'API key', key);
    },
    async getApiKey(id) {
      live();
      return copyOrNull(keys.get(id));
    },
    async getApiKeyWithOwner(id) {
      live();
      const key = keys.get(id);
      if (key === undefined) return null;
      const found = owner(key.ownerId);
      return { key: copy(key), owner: copyOrNull(found) };
    },
    async listApiKeys(ownerId) {
      live();
      return [...keys.values()]
        .filter((k) => k.ownerId === ownerId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        .map(copy);
    },
    async revokeApiKey(id, at) {
      live();
      const key = keys.get(id);
      if (key === undefined) return null;
      if (key.revokedAt === null) keys.set(id, { ...key, revokedAt: at });
      return copy(keys.get(id) as ApiKey);
    },
    async recordApiKeyUse(id, at, unlessSince) {
      live();
      const key = keys.get(id);
      if (key === undefined || (key.lastUsedAt !== null && key.lastUsedAt >= unlessSince)) return false;
      keys.set(id, { ...key, lastUsedAt: at });
      return true;
    },
  };
}
