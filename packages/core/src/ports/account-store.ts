import type { ConnectedAccount } from '../domain/connected-account.js';
import type { DomainEvent } from '../domain/domain-event.js';
import type { Platform } from '../domain/platform.js';

/** Storage of connected accounts. */
export type AccountStore = {
  /**
   * Inserts the account, or updates the one with the same owner, platform and platform account
   * id (a reconnect), keeping its id and `connectedAt`. A reconnect without new sealed
   * credentials keeps the stored ones. Appends `events` (connected, reconnected, needs
   * reconnect: core decides which) in the same transaction. Returns the account as stored.
   */
  saveAccount(account: ConnectedAccount, events?: readonly DomainEvent[]): Promise<ConnectedAccount>;
  /** The owner's account for this platform account id, active or not; null when absent. */
  findAccount(
    ownerId: string,
    platform: Platform,
    platformAccountId: string,
  ): Promise<ConnectedAccount | null>;
  /** An account by id; null when absent. */
  getAccount(id: string): Promise<ConnectedAccount | null>;
  /** The owner's active accounts, oldest connection first. */
  listActiveAccounts(ownerId: string): Promise<readonly ConnectedAccount[]>;
};
