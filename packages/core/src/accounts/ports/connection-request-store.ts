import type { ConnectionRequest } from '../connection-request.js';

/** Storage of connection requests. */
export type ConnectionRequestStore = {
  /** Stores a new request; an id that already exists is a fault. */
  insertConnectionRequest(request: ConnectionRequest): Promise<void>;
  /** A request by id; null when absent. */
  getConnectionRequest(id: string): Promise<ConnectionRequest | null>;
  /**
   * Marks the request used at `at`, once: true for the caller that spent it, false when it was
   * already used (two callbacks racing with the same state get one true).
   */
  spendConnectionRequest(id: string, at: Date): Promise<boolean>;
  /** Records which accounts a spent request connected. */
  recordConnectedAccounts(id: string, accountIds: readonly string[]): Promise<void>;
};
