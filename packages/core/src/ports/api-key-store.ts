import type { ApiKey } from '../domain/api-key.js';

/** Storage of API key records (hashes only). */
export type ApiKeyStore = {
  /** Inserts a key record. */
  insertApiKey(key: ApiKey): Promise<void>;
  /** A key record by id; null when absent. */
  getApiKey(id: string): Promise<ApiKey | null>;
  /** Every key of a user, revoked ones included, oldest first. */
  listApiKeys(ownerId: string): Promise<readonly ApiKey[]>;
  /** Sets `revokedAt` unless already revoked; returns the record as stored, or null when absent. */
  revokeApiKey(id: string, at: Date): Promise<ApiKey | null>;
};
