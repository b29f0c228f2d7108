import type { MemberRights } from '../../roles/index.js';
import type { Plan, User } from '../user.js';

/** Storage of users. */
export type UserStore = {
  /**
   * Inserts a user together with its personal workspace (id: the user's id, name: the email) and
   * its owner membership, in one transaction (docs/teams.md); `email_taken` (nothing written)
   * when another user has the same (normalised) email. With `joining`, the user also becomes a
   * member of that (existing) workspace, joined at the user's `createdAt`, in the same
   * transaction: no user is left behind when adding them as a member fails (`svc members add`).
   */
  insertUser(user: User, joining?: MemberRights): Promise<'inserted' | 'email_taken'>;
  /** A user by id; null when absent. */
  getUser(id: string): Promise<User | null>;
  /** A user by normalised email; null when absent. */
  getUserByEmail(email: string): Promise<User | null>;
  /**
   * Stores the hash of a user's sign-in password (its salt and parameters encoded in it) and sets
   * `updatedAt`; false when there is no such user. Kept apart from User so that the hash never
   * travels with the user through the use cases.
   */
  setPasswordHash(userId: string, hash: string, at: Date): Promise<boolean>;
  /** Sets a user's time zone (an IANA name) and `updatedAt`; false when there is no such user. */
  setTimeZone(userId: string, timeZone: string, at: Date): Promise<boolean>;
  /**
   * Replaces a user's plan and sets `updatedAt`; false when there is no such user. Credentials
   * read before (a key with its owner) must not keep the old plan.
   */
  setPlan(userId: string, plan: Plan, at: Date): Promise<boolean>;
  /** The stored password hash of a user; null when none is set or the user is absent. */
  getPasswordHash(userId: string): Promise<string | null>;
};
