/**
 * A worker asking for up to `limit` items due at `now`, each leased to it (`leaseOwner`) until
 * `leaseUntil`: past that, another worker may take the item over. Every claim of a leased queue
 * (collections, comments, deliveries) asks with it.
 */
export type LeaseClaim = {
  readonly now: Date;
  /** Identifies the claiming process. */
  readonly leaseOwner: string;
  readonly leaseUntil: Date;
  /** At most this many items. */
  readonly limit: number;
};
