import type { DomainEvent } from '../../journal/index.js';
import { OUTGOING_POST_STATUSES, type Platform, type PostStatus } from '../../kernel/index.js';
import type { ConnectedAccount } from '../connected-account.js';

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
  /**
   * The accounts with these ids that exist, in no particular order, read at once: what a
   * publisher's claim round reads for the posts it took, instead of a read per post.
   */
  getAccounts(ids: readonly string[]): Promise<readonly ConnectedAccount[]>;
  /** The owner's active accounts, oldest connection first. */
  listActiveAccounts(ownerId: string): Promise<readonly ConnectedAccount[]>;
  /**
   * Disconnects the owner's account in one transaction: reads the owner's posts (not deleted)
   * aimed at it in `ACCOUNT_HOLDING_STATUSES`, lets core's `disconnectRefusal` refuse, else sets
   * the account `inactive`, erases its sealed credentials and token expiry, and appends `events`.
   * An account already inactive is answered as it is (its credentials erased if any were left),
   * appending nothing. A later `saveAccount` of the same platform account reactivates it.
   */
  disconnectAccount(request: DisconnectAccountRequest): Promise<DisconnectAccountOutcome>;
  /**
   * Stores refreshed tokens on an account that is still active, in one statement; null, writing
   * nothing, when it is missing or was disconnected meanwhile. A refresh is a network call long,
   * and writing the whole account read before it (`saveAccount`) would bring back a disconnected one.
   */
  saveRefreshedTokens(accountId: string, tokens: RefreshedTokens): Promise<ConnectedAccount | null>;
  /**
   * Up to `limit` accounts of `platform` whose token expires before `before` and that the owner
   * has not been warned about for that expiry: active, not waiting for a reconnect, soonest
   * expiry first (then id). Served by a partial index holding only such accounts, so accounts
   * already warned cost nothing. A refresh or a reconnect that changes the expiry makes an
   * account a candidate again.
   */
  accountsWithTokensExpiring(
    platform: Platform,
    before: Date,
    limit: number,
  ): Promise<readonly ConnectedAccount[]>;
  /**
   * Records, in one transaction, that the owner is warned about the token expiring at
   * `expiresAt`, and appends `event`: only when the account is still active, not waiting for a
   * reconnect, its token still expires at `expiresAt` and no warning for that expiry is recorded.
   * Otherwise false, writing nothing, so two sweeps racing over one account warn once.
   */
  markTokenExpiring(accountId: string, expiresAt: Date, event: DomainEvent): Promise<boolean>;
  /**
   * Takes the account for the sweep's ahead-of-time token refresh until `leaseUntil`, in one
   * statement: only when it is still active, not waiting for a reconnect, its token still expires
   * at `expiresAt`, and no other sweep holds it (a lease ended by `now` is free again). Of several
   * sweeps asking at once exactly one gets true, so the platform is asked for one refresh, not one
   * per process; a sweep that crashed mid-refresh leaves the account to the next after the lease.
   */
  claimTokenRefresh(accountId: string, expiresAt: Date, now: Date, leaseUntil: Date): Promise<boolean>;
};

/** Tokens a refresh returned, sealed, and when they were stored. */
export type RefreshedTokens = {
  readonly sealedCredentials: string;
  readonly tokenExpiresAt: Date | null;
  /** Becomes the account's `updatedAt`. */
  readonly at: Date;
};

/** Which account to disconnect, for whom, and what the journal records of it. */
export type DisconnectAccountRequest = {
  readonly ownerId: string;
  readonly accountId: string;
  /** Becomes the account's `updatedAt`. */
  readonly at: Date;
  /** Disconnect even when posts are still to go out to the account (they fail at their time). */
  readonly force: boolean;
  /** Appended in the same transaction when the account is `disconnected`. */
  readonly events: readonly DomainEvent[];
};

/** What disconnecting did. Only `disconnected` appended events. */
export type DisconnectAccountOutcome =
  /** `pendingPostIds`: the posts (sorted ids) left aimed at the now inactive account (`force`). */
  | {
      readonly kind: 'disconnected';
      readonly account: ConnectedAccount;
      readonly pendingPostIds: readonly string[];
    }
  | { readonly kind: 'already_inactive'; readonly account: ConnectedAccount }
  /** No account with that id belongs to the owner. */
  | { readonly kind: 'not_found' }
  /** Posts (sorted ids) still to go out to the account; nothing changed. */
  | { readonly kind: 'has_pending_posts'; readonly postIds: readonly string[] };

/**
 * Statuses of posts still to go out to their account: disconnecting it would make them fail.
 * Drafts are not among them: they name accounts only as a wish, checked again when scheduled.
 */
export const ACCOUNT_HOLDING_STATUSES: readonly PostStatus[] = OUTGOING_POST_STATUSES;

/**
 * The refusal to disconnect an account with these pending posts (read inside the store's
 * transaction), or null when it may go. Every store decides with it.
 */
export function disconnectRefusal(
  pendingPostIds: readonly string[],
  force: boolean,
): { readonly kind: 'has_pending_posts'; readonly postIds: readonly string[] } | null {
  return force || pendingPostIds.length === 0
    ? null
    : { kind: 'has_pending_posts', postIds: [...pendingPostIds].sort() };
}
