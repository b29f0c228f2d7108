import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { anApiKey, aUser } from './builders.js';
import { at } from './store-contract-support.js';

/** The user part of the store contract; `store()` is the test's fresh store. */
export function describeUserStoreContract(store: () => Store): void {
  describe('users', () => {
    it('stores a user and finds it by id and by email', async () => {
      const user = aUser({ plan: { kind: 'trial', endsAt: at(60 * 24 * 14) }, betaTester: true });
      expect(await store().users.insertUser(user)).toBe('inserted');
      expect(await store().users.getUser(user.id)).toEqual(user);
      expect(await store().users.getUserByEmail(user.email)).toEqual(user);
      expect(await store().users.getUser('user_missing')).toBeNull();
      expect(await store().users.getUserByEmail('nobody@example.com')).toBeNull();
    });

    it('refuses a second user with the same email', async () => {
      const first = aUser({ email: 'same@example.com' });
      await store().users.insertUser(first);
      expect(await store().users.insertUser(aUser({ email: 'same@example.com' }))).toBe('email_taken');
      expect(await store().users.getUserByEmail('same@example.com')).toEqual(first);
    });

    it("keeps a user's time zone and changes it, also for the owner read with a key", async () => {
      const user = aUser({ timeZone: 'Europe/Paris' });
      await store().users.insertUser(user);
      expect((await store().users.getUser(user.id))?.timeZone).toBe('Europe/Paris');
      const key = anApiKey(user.id);
      await store().apiKeys.insertApiKey(key);
      // Read once before the change: a store that caches credentials must forget them.
      expect((await store().apiKeys.getApiKeyWithOwner(key.id))?.owner?.timeZone).toBe('Europe/Paris');
      expect(await store().users.setTimeZone(user.id, 'America/New_York', at(5))).toBe(true);
      const changed = { ...user, timeZone: 'America/New_York', updatedAt: at(5) };
      expect(await store().users.getUser(user.id)).toEqual(changed);
      expect(await store().users.getUserByEmail(user.email)).toEqual(changed);
      expect((await store().apiKeys.getApiKeyWithOwner(key.id))?.owner).toEqual(changed);
      expect(await store().users.setTimeZone('user_missing', 'UTC', at(5))).toBe(false);
    });

    it("changes a user's plan, also for the owner read with a key, and keeps the rest", async () => {
      const user = aUser({ plan: { kind: 'trial', endsAt: at(60) }, timeZone: 'Europe/Paris' });
      await store().users.insertUser(user);
      const key = anApiKey(user.id);
      await store().apiKeys.insertApiKey(key);
      // Read once before the change: a store that caches credentials must forget them.
      expect((await store().apiKeys.getApiKeyWithOwner(key.id))?.owner?.plan).toEqual(user.plan);
      expect(await store().users.setPlan(user.id, { kind: 'paid' }, at(5))).toBe(true);
      const paid = { ...user, plan: { kind: 'paid' as const }, updatedAt: at(5) };
      expect(await store().users.getUser(user.id)).toEqual(paid);
      expect(await store().users.getUserByEmail(user.email)).toEqual(paid);
      expect((await store().apiKeys.getApiKeyWithOwner(key.id))?.owner).toEqual(paid);
      // Back to a trial with its own end date, then expired: each kind round-trips.
      expect(await store().users.setPlan(user.id, { kind: 'trial', endsAt: at(90) }, at(6))).toBe(true);
      expect((await store().users.getUser(user.id))?.plan).toEqual({ kind: 'trial', endsAt: at(90) });
      expect(await store().users.setPlan(user.id, { kind: 'expired' }, at(7))).toBe(true);
      expect(await store().users.getUser(user.id)).toEqual({
        ...user,
        plan: { kind: 'expired' },
        updatedAt: at(7),
      });
      expect(await store().users.setPlan('user_missing', { kind: 'paid' }, at(8))).toBe(false);
    });
  });
}
