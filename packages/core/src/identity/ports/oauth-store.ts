/**
 * One record of the OAuth authorization server (a registered client, a grant, a code, a token, a
 * session, an interaction), as the server library models them: an opaque JSON payload under a
 * kind and an id. The store indexes the few payload fields the library looks records up by.
 */
export type OAuthRecord = {
  /** The model name, such as `AccessToken`, `Client` or `Session`. */
  readonly kind: string;
  /** The record id within its kind (the adapter may store a hash of the real id). */
  readonly id: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /**
   * When the record stops being valid; null for records that never expire (a client once a grant
   * was made for it; a registered client nobody approved expires).
   */
  readonly expiresAt: Date | null;
  /** When a one-time record (an authorization code) was used; null while unused. */
  readonly consumedAt: Date | null;
  /**
   * When the record last let a call in (a grant whose token an agent used), to the minute; null
   * when never. Kept apart from the payload, which the library replaces: replacing keeps it.
   */
  readonly lastUsedAt: Date | null;
};

/**
 * Storage of the OAuth authorization server's records, so that a restart signs nobody out. Generic
 * on purpose: the authorization server library owns the models and their rules (this port only
 * keeps them), and the payloads are its own shapes. Expired records are still returned; the
 * caller compares `expiresAt` with its clock, and `deleteExpired` sweeps them.
 */
export type OAuthStore = {
  /**
   * Inserts or replaces a record. `payload.grantId`, `payload.uid` and `payload.userCode`, when
   * they are strings, are indexed for the lookups below. Replacing clears `consumedAt`.
   */
  upsert(kind: string, id: string, payload: Record<string, unknown>, expiresAt: Date | null): Promise<void>;
  /** A record by kind and id; null when absent. */
  find(kind: string, id: string): Promise<OAuthRecord | null>;
  /** A record by the `uid` of its payload (sessions, interactions); null when absent. */
  findByUid(kind: string, uid: string): Promise<OAuthRecord | null>;
  /** A record by the `userCode` of its payload (device flow); null when absent. */
  findByUserCode(kind: string, userCode: string): Promise<OAuthRecord | null>;
  /**
   * Every record of `kind` whose `payload.accountId` is `accountId` (the grants a user gave),
   * expired ones included, oldest id first.
   */
  listByAccount(kind: string, accountId: string): Promise<OAuthRecord[]>;
  /**
   * Sets `lastUsedAt` to `at` in one conditional write, unless it is already at or after
   * `unlessSince` (another server recorded this use); true when it wrote.
   */
  recordUse(kind: string, id: string, at: Date, unlessSince: Date): Promise<boolean>;
  /** Marks a record used at `at`; a record already used keeps its first time. */
  consume(kind: string, id: string, at: Date): Promise<void>;
  /** Deletes a record; nothing happens when it is absent. */
  destroy(kind: string, id: string): Promise<void>;
  /** Deletes every record of `kind` issued under the grant (a revoked grant, a replayed code). */
  revokeByGrantId(kind: string, grantId: string): Promise<void>;
  /** Deletes every record that expired before `now`; resolves to how many went. */
  deleteExpired(now: Date): Promise<number>;
};
