import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { StoredPasskey } from '../second-factor/index.js';
import { aUser } from './builders.js';
import { at } from './store-contract-support.js';

const aPasskey = (userId: string, id: string, createdAt: Date): StoredPasskey => ({
  id,
  userId,
  publicKey: `pk-${id}`,
  counter: 0,
  transports: ['internal', 'hybrid'],
  name: `Key ${id}`,
  createdAt,
  lastUsedAt: null,
});

/** The second-factor part of the store contract; `store()` is the test's fresh store. */
export function describeSecondFactorStoreContract(store: () => Store): void {
  describe('second factors', () => {
    const person = async () => {
      const user = aUser();
      await store().users.insertUser(user);
      return user.id;
    };

    it('keeps an unconfirmed secret until a confirmation, and then refuses another', async () => {
      const userId = await person();
      const factors = store().secondFactors;
      expect(await factors.getTotp(userId)).toBeNull();
      expect(await factors.putUnconfirmedTotp(userId, 'sealed-1')).toBe(true);
      expect(await factors.putUnconfirmedTotp(userId, 'sealed-2')).toBe(true);
      expect(await factors.getTotp(userId)).toEqual({
        userId,
        sealedSecret: 'sealed-2',
        confirmedAt: null,
        lastStep: -1,
      });
      expect(await factors.useTotpStep(userId, 5)).toBe(false);
      expect(await factors.confirmTotp(userId, 100, at(1), ['h1', 'h2', 'h3'])).toBe(true);
      expect(await factors.confirmTotp(userId, 101, at(2), ['h4'])).toBe(false);
      expect(await factors.getTotp(userId)).toEqual({
        userId,
        sealedSecret: 'sealed-2',
        confirmedAt: at(1),
        lastStep: 100,
      });
      expect(await factors.putUnconfirmedTotp(userId, 'sealed-3')).toBe(false);
      expect(await factors.countRecoveryCodes(userId)).toBe(3);
    });

    it('accepts each time step once and never an earlier one', async () => {
      const userId = await person();
      const factors = store().secondFactors;
      await factors.putUnconfirmedTotp(userId, 'sealed');
      await factors.confirmTotp(userId, 100, at(1), []);
      expect(await factors.useTotpStep(userId, 100)).toBe(false);
      expect(await factors.useTotpStep(userId, 101)).toBe(true);
      expect(await factors.useTotpStep(userId, 101)).toBe(false);
      expect(await factors.useTotpStep(userId, 99)).toBe(false);
      const both = await Promise.all([factors.useTotpStep(userId, 102), factors.useTotpStep(userId, 102)]);
      expect(both.sort()).toEqual([false, true]);
      expect((await factors.getTotp(userId))?.lastStep).toBe(102);
    });

    it("uses each recovery code once, only the owner's, and replaces them on a new confirmation", async () => {
      const userId = await person();
      const other = await person();
      const factors = store().secondFactors;
      await factors.putUnconfirmedTotp(userId, 'sealed');
      await factors.confirmTotp(userId, 1, at(1), ['a', 'b']);
      expect(await factors.useRecoveryCode(other, 'a', at(2))).toBe(false);
      expect(await factors.useRecoveryCode(userId, 'a', at(2))).toBe(true);
      expect(await factors.useRecoveryCode(userId, 'a', at(3))).toBe(false);
      expect(await factors.useRecoveryCode(userId, 'zzz', at(3))).toBe(false);
      expect(await factors.countRecoveryCodes(userId)).toBe(1);
      expect(await factors.removeAll(userId)).toBeGreaterThanOrEqual(1);
      expect(await factors.getTotp(userId)).toBeNull();
      expect(await factors.countRecoveryCodes(userId)).toBe(0);
      await factors.putUnconfirmedTotp(userId, 'sealed-again');
      await factors.confirmTotp(userId, 1, at(4), ['c']);
      expect(await factors.useRecoveryCode(userId, 'b', at(5))).toBe(false);
      expect(await factors.useRecoveryCode(userId, 'c', at(5))).toBe(true);
    });

    it('lists, uses and removes passkeys, each only by its owner', async () => {
      const userId = await person();
      const other = await person();
      const factors = store().secondFactors;
      const first = aPasskey(userId, 'cred-b', at(1));
      const second = aPasskey(userId, 'cred-a', at(2));
      await factors.addPasskey(second);
      await factors.addPasskey(first);
      await factors.addPasskey(aPasskey(other, 'cred-c', at(1)));
      await expect(factors.addPasskey(aPasskey(other, 'cred-a', at(3)))).rejects.toThrow();
      expect(await factors.listPasskeys(userId)).toEqual([first, second]);
      expect(await factors.getPasskey('cred-a')).toEqual(second);
      expect(await factors.getPasskey('cred-missing')).toBeNull();
      // Counter 0 stays 0 for authenticators that keep none; otherwise it must grow.
      expect(await factors.usePasskey('cred-a', 0, at(5))).toBe(true);
      expect(await factors.usePasskey('cred-a', 3, at(6))).toBe(true);
      expect(await factors.usePasskey('cred-a', 3, at(7))).toBe(false);
      expect(await factors.usePasskey('cred-a', 0, at(7))).toBe(false);
      expect(await factors.getPasskey('cred-a')).toEqual({ ...second, counter: 3, lastUsedAt: at(6) });
      expect(await factors.removePasskey(other, 'cred-a')).toBe(false);
      expect(await factors.removePasskey(userId, 'cred-a')).toBe(true);
      expect(await factors.removePasskey(userId, 'cred-a')).toBe(false);
      expect(await factors.removeAll(userId)).toBe(1);
      expect(await factors.listPasskeys(userId)).toEqual([]);
      expect(await factors.listPasskeys(other)).toHaveLength(1);
    });
  });
}
