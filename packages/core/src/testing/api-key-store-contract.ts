import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { anApiKey, aUser } from './builders.js';
import { at } from './store-contract-support.js';

/** The API key part of the store contract; `store()` is the test's fresh store. */
export function describeApiKeyStoreContract(store: () => Store): void {
  describe('api keys', () => {
    it('round-trips a key with scopes, account limits and dates', async () => {
      const owner = aUser();
      const key = anApiKey(owner.id, {
        name: 'ci',
        scopes: ['post:write', 'post:read'],
        accountIds: ['acct_1', 'acct_2'],
        expiresAt: at(60),
      });
      await store().apiKeys.insertApiKey(key);
      expect(await store().apiKeys.getApiKey(key.id)).toEqual(key);
      expect(await store().apiKeys.getApiKey('key_missing')).toBeNull();
    });

    it('round-trips the member who created a key, and reads a key without one as before', async () => {
      const key = anApiKey('wsp_team', { createdBy: 'user_bob' });
      await store().apiKeys.insertApiKey(key);
      expect(await store().apiKeys.getApiKey(key.id)).toEqual(key);
      expect(await store().apiKeys.listApiKeys('wsp_team')).toEqual([key]);
    });

    it('reads a key together with its owner, or with null when the owner is gone', async () => {
      const owner = aUser({ plan: { kind: 'trial', endsAt: at(60) }, betaTester: true });
      await store().users.insertUser(owner);
      const key = anApiKey(owner.id, { scopes: ['post:read'], accountIds: ['acct_1'] });
      const orphan = anApiKey('user_gone');
      await store().apiKeys.insertApiKey(key);
      await store().apiKeys.insertApiKey(orphan);
      expect(await store().apiKeys.getApiKeyWithOwner(key.id)).toEqual({ key, owner });
      expect(await store().apiKeys.getApiKeyWithOwner(orphan.id)).toEqual({ key: orphan, owner: null });
      expect(await store().apiKeys.getApiKeyWithOwner('key_missing')).toBeNull();
    });

    it("lists only the owner's keys, oldest first", async () => {
      const [a, b] = [aUser(), aUser()];
      const newer = anApiKey(a.id, { createdAt: at(5) });
      const older = anApiKey(a.id, { createdAt: at(1) });
      await store().apiKeys.insertApiKey(newer);
      await store().apiKeys.insertApiKey(older);
      await store().apiKeys.insertApiKey(anApiKey(b.id));
      expect((await store().apiKeys.listApiKeys(a.id)).map((k) => k.id)).toEqual([older.id, newer.id]);
    });

    it('revokes once and keeps the first revocation time', async () => {
      const key = anApiKey(aUser().id);
      await store().apiKeys.insertApiKey(key);
      expect((await store().apiKeys.revokeApiKey(key.id, at(1)))?.revokedAt).toEqual(at(1));
      expect((await store().apiKeys.revokeApiKey(key.id, at(2)))?.revokedAt).toEqual(at(1));
      expect((await store().apiKeys.getApiKey(key.id))?.revokedAt).toEqual(at(1));
      expect(await store().apiKeys.revokeApiKey('key_missing', at(1))).toBeNull();
    });

    it('records a last use only when none is stored since the given time', async () => {
      const owner = aUser();
      await store().users.insertUser(owner);
      const key = anApiKey(owner.id);
      await store().apiKeys.insertApiKey(key);
      expect(await store().apiKeys.recordApiKeyUse(key.id, at(10), at(9))).toBe(true);
      // Another server already wrote this minute: nothing is written.
      expect(await store().apiKeys.recordApiKeyUse(key.id, at(11), at(10))).toBe(false);
      expect((await store().apiKeys.getApiKeyWithOwner(key.id))?.key.lastUsedAt).toEqual(at(10));
      expect(await store().apiKeys.recordApiKeyUse(key.id, at(20), at(11))).toBe(true);
      expect((await store().apiKeys.getApiKeyWithOwner(key.id))?.key.lastUsedAt).toEqual(at(20));
      expect((await store().apiKeys.listApiKeys(owner.id))[0]?.lastUsedAt).toEqual(at(20));
      expect(await store().apiKeys.recordApiKeyUse('key_missing', at(30), at(29))).toBe(false);
    });
  });
}
