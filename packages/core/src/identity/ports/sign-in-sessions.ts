/**
 * A person's signed-in browser sessions wherever they live (the console's, the authorization
 * server's): what a password change ends, since whoever knew the old password may hold one.
 */
export type SignInSessions = {
  /** Ends every sign-in session of the user except the console session with record id `keepId`. */
  endOthers(userId: string, keepId: string | null): Promise<void>;
};
