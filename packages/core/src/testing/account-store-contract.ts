import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { anAccount, aUser } from './builders.js';
import { at } from './store-contract-support.js';

/** The connected-account part of the store contract; `store()` is the test's fresh store. */
export function describeAccountStoreContract(store: () => Store): void {
  describe('connected accounts', () => {
    it('round-trips an account', async () => {
      const account = anAccount(aUser().id, {
        followerCount: 42,
        tokenExpiresAt: at(90),
        profileImageUrl: 'https://x/y.png',
      });
      expect(await store().accounts.saveAccount(account)).toEqual(account);
      expect(await store().accounts.getAccount(account.id)).toEqual(account);
      expect(await store().accounts.getAccount('acct_missing')).toBeNull();
    });

    it('reads several accounts at once, each once, leaving out the missing', async () => {
      const owner = aUser().id;
      const first = await store().accounts.saveAccount(anAccount(owner, { platformAccountId: 'a-1' }));
      const second = await store().accounts.saveAccount(anAccount(owner, { platformAccountId: 'a-2' }));
      await store().accounts.saveAccount(anAccount(owner, { platformAccountId: 'a-3' }));
      const read = await store().accounts.getAccounts([second.id, 'acct_missing', first.id, second.id]);
      expect([...read].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
        [first, second].sort((x, y) => x.id.localeCompare(y.id)),
      );
      expect(await store().accounts.getAccounts([])).toEqual([]);
    });

    it('updates on reconnect, keeping id, connectedAt and stored credentials when none are given', async () => {
      const owner = aUser().id;
      const first = await store().accounts.saveAccount(
        anAccount(owner, { platformAccountId: 'ig-1', sealedCredentials: 'old' }),
      );
      const again = anAccount(owner, {
        platformAccountId: 'ig-1',
        handle: 'renamed',
        sealedCredentials: null,
        needsReconnect: false,
        connectedAt: at(10),
        updatedAt: at(10),
      });
      const stored = await store().accounts.saveAccount(again);
      expect(stored).toMatchObject({
        id: first.id,
        handle: 'renamed',
        connectedAt: first.connectedAt,
        sealedCredentials: 'old',
      });
      expect(stored.updatedAt).toEqual(at(10));
      expect(await store().accounts.listActiveAccounts(owner)).toHaveLength(1);

      const rotated = await store().accounts.saveAccount({ ...again, sealedCredentials: 'new' });
      expect(rotated.sealedCredentials).toBe('new');
    });

    it('keeps accounts of different owners apart even with the same platform account', async () => {
      const [a, b] = [aUser().id, aUser().id];
      const ofA = await store().accounts.saveAccount(anAccount(a, { platformAccountId: 'shared' }));
      const ofB = await store().accounts.saveAccount(anAccount(b, { platformAccountId: 'shared' }));
      expect(ofA.id).not.toBe(ofB.id);
    });

    it('finds an account by its platform account id, active or not', async () => {
      const owner = aUser().id;
      const account = await store().accounts.saveAccount(
        anAccount(owner, { platformAccountId: 'fb-9', status: 'inactive' }),
      );
      expect(await store().accounts.findAccount(owner, account.platform, 'fb-9')).toEqual(account);
      expect(await store().accounts.findAccount(owner, 'tiktok', 'fb-9')).toBeNull();
      expect(await store().accounts.findAccount(aUser().id, account.platform, 'fb-9')).toBeNull();
    });

    it("lists only the owner's active accounts, oldest connection first", async () => {
      const owner = aUser().id;
      const late = anAccount(owner, { platform: 'tiktok', connectedAt: at(5) });
      const early = anAccount(owner, { connectedAt: at(1) });
      await store().accounts.saveAccount(late);
      await store().accounts.saveAccount(early);
      await store().accounts.saveAccount(anAccount(owner, { status: 'inactive' }));
      await store().accounts.saveAccount(anAccount(aUser().id));
      expect((await store().accounts.listActiveAccounts(owner)).map((a) => a.id)).toEqual([
        early.id,
        late.id,
      ]);
    });
  });
}
