import type { User, UserStore } from '../identity/index.js';
import type { MemberRights } from '../roles/index.js';
import { copy, copyOrNull } from './memory-copy.js';

/** The memory UserStore, and a synchronous look at one user for the API key store's reads. */
export type MemoryUserStore = UserStore & {
  /** The stored user (not a copy: for the memory store's own reads only). */
  peek(id: string): User | undefined;
};

/**
 * The UserStore of the memory store; `live` throws once the store is closed. `withUser` writes
 * what goes with a new user (its personal workspace) in the same synchronous step.
 */
export function createMemoryUserStore(
  live: () => void,
  withUser: (user: User, joining?: MemberRights) => void,
): MemoryUserStore {
  const users = new Map<string, User>();
  const passwordHashes = new Map<string, string>();
  return {
    peek: (id) => users.get(id),
    async insertUser(user, joining) {
      live();
      if (users.has(user.id)) throw new Error(`User ${user.id} already exists.`);
      if ([...users.values()].some((u) => u.email === user.email)) return 'email_taken';
      users.set(user.id, copy(user));
      withUser(user, joining);
      return 'inserted';
    },
    async getUser(id) {
      live();
      return copyOrNull(users.get(id));
    },
    async getUserByEmail(email) {
      live();
      return copyOrNull([...users.values()].find((u) => u.email === email));
    },
    async setPasswordHash(userId, hash, at) {
      live();
      const user = users.get(userId);
      if (user === undefined) return false;
      users.set(userId, { ...user, updatedAt: at });
      passwordHashes.set(userId, hash);
      return true;
    },
    async setTimeZone(userId, timeZone, at) {
      live();
      const user = users.get(userId);
      if (user === undefined) return false;
      users.set(userId, { ...user, timeZone, updatedAt: at });
      return true;
    },
    async setPlan(userId, plan, at) {
      live();
      const user = users.get(userId);
      if (user === undefined) return false;
      users.set(userId, copy({ ...user, plan, updatedAt: at }));
      return true;
    },
    async getPasswordHash(userId) {
      live();
      return passwordHashes.get(userId) ?? null;
    },
  };
}
