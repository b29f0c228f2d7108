import type { User } from '../domain/user.js';

/** Storage of users. */
export type UserStore = {
  /** Inserts a user; `email_taken` when another user has the same (normalised) email. */
  insertUser(user: User): Promise<'inserted' | 'email_taken'>;
  /** A user by id; null when absent. */
  getUser(id: string): Promise<User | null>;
  /** A user by normalised email; null when absent. */
  getUserByEmail(email: string): Promise<User | null>;
};
