import type { ApiKey, ApiKeyStore, User } from '../identity/index.js';
import { copy, copyOrNull } from './memory-copy.js';
import { memoryTable } from './memory-table.js';

/** The ApiKeyStore of the memory store; `owner` looks up a stored user, `live` throws once it is closed. */
export function createMemoryApiKeyStore(
  live: () => void,
  owner: (id: string) => User | undefined,
): ApiKeyStore {
  const table = memoryTable<ApiKey>(live, 'API key');
  const keys = table.rows;
  return {
    insertApiKey: table.insert,
    getApiKey: table.get,
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
