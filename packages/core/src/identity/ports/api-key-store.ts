import type { ApiKey } from '../api-key.js';
import type { User } from '../user.js';

/** Storage of API key records (hashes only). */
export type ApiKeyStore = {
  /** Inserts a key record. */
  insertApiKey(key: ApiKey): Promise<void>;
  /** A key record by id; null when absent. */
  getApiKey(id: string): Promise<ApiKey | null>;
  /**
   * A key with the user who owns it (null when that user no longer exists), in one read:
   * authentication runs on every request and needs both.
   */
  getApiKeyWithOwner(id: string): Promise<{ readonly key: ApiKey; readonly owner: User | null } | null>;
  /** Every key of a user, revoked ones included, oldest first. */
  listApiKeys(ownerId: string): Promise<readonly ApiKey[]>;
  /** Sets `revokedAt` unless already revoked; returns the record as stored, or null when absent. */
  revokeApiKey(id: string, at: Date): Promise<ApiKey | null>;
  /**
   * Sets `lastUsedAt` to `at` in one conditional write, unless it is already at or after
   * `unlessSince` (another server recorded this use); true when it wrote.
   */
  recordApiKeyUse(id: string, at: Date, unlessSince: Date): Promise<boolean>;
};
