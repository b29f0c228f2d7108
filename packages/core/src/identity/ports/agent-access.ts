/** An agent (an OAuth client) a person approved, as their console lists it. */
export type AgentGrant = {
  /** The grant: what a revocation names. */
  readonly grantId: string;
  readonly clientId: string;
  /** The name the agent registered with, or its client id when it gave none. */
  readonly clientName: string;
  /** The workspace the person chose on the consent page: where the agent acts. */
  readonly workspaceId: string;
  /** The scopes the person approved (`mcp:read`, `mcp:write`, …). */
  readonly scopes: readonly string[];
  readonly approvedAt: Date | null;
  /** When the approval lapses unless the agent is approved again; null when it does not. */
  readonly expiresAt: Date | null;
  /** When the agent last called the tool endpoint under this approval, to the minute; null: never. */
  readonly lastUsedAt: Date | null;
};

/**
 * The agents a person approved through OAuth, and taking an approval back. Implemented by the
 * authorization server, which owns the shape of its grants.
 */
export type AgentAccess = {
  /** The live approvals of the user, oldest first. */
  list(userId: string): Promise<readonly AgentGrant[]>;
  /**
   * Revokes one of the user's approvals and every token issued under it, at once. False when the
   * grant is not the user's (or is gone).
   */
  revoke(userId: string, grantId: string): Promise<boolean>;
  /**
   * Ends the user's sign-in sessions at the authorization server (its browser cookie, which would
   * let that browser approve a new agent without the password), as a password change wants. The
   * approvals and their tokens stay.
   */
  endSignInSessions(userId: string): Promise<void>;
};
