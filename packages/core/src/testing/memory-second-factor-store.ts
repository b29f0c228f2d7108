import type { SecondFactorStore, StoredPasskey, StoredTotp } from '../second-factor/index.js';

/**
 * Second factors in memory, with the SQL stores' behaviour (the same contract). Each write runs
 * without awaiting in between, so each conditional "use" is atomic, as the SQL updates are.
 */
export function createMemorySecondFactorStore(live: () => void): SecondFactorStore {
  const totps = new Map<string, StoredTotp>();
  const codes = new Map<string, Map<string, Date | null>>();
  const passkeys = new Map<string, StoredPasskey>();
  return {
    async getTotp(userId) {
      live();
      return totps.get(userId) ?? null;
    },
    async putUnconfirmedTotp(userId, sealedSecret) {
      live();
      if (totps.get(userId)?.confirmedAt) return false;
      totps.set(userId, { userId, sealedSecret, confirmedAt: null, lastStep: -1 });
      return true;
    },
    async confirmTotp(userId, step, at, recoveryCodeHashes) {
      live();
      const totp = totps.get(userId);
      if (totp === undefined || totp.confirmedAt !== null) return false;
      totps.set(userId, { ...totp, confirmedAt: at, lastStep: step });
      codes.set(userId, new Map(recoveryCodeHashes.map((hash) => [hash, null])));
      return true;
    },
    async useTotpStep(userId, step) {
      live();
      const totp = totps.get(userId);
      if (totp === undefined || totp.confirmedAt === null || totp.lastStep >= step) return false;
      totps.set(userId, { ...totp, lastStep: step });
      return true;
    },
    async useRecoveryCode(userId, codeHash, at) {
      live();
      const mine = codes.get(userId);
      if (mine === undefined || mine.get(codeHash) !== null) return false;
      mine.set(codeHash, at);
      return true;
    },
    async countRecoveryCodes(userId) {
      live();
      return [...(codes.get(userId)?.values() ?? [])].filter((used) => used === null).length;
    },
    async addPasskey(passkey) {
      live();
      if (passkeys.has(passkey.id)) throw new Error(`The passkey ${passkey.id} exists already.`);
      passkeys.set(passkey.id, { ...passkey, transports: [...passkey.transports] });
    },
    async listPasskeys(userId) {
      live();
      return [...passkeys.values()]
        .filter((p) => p.userId === userId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    },
    async getPasskey(id) {
      live();
      return passkeys.get(id) ?? null;
    },
    async usePasskey(id, counter, at) {
      live();
      const passkey = passkeys.get(id);
      if (passkey === undefined) return false;
      if (!(counter > passkey.counter || (counter === 0 && passkey.counter === 0))) return false;
      passkeys.set(id, { ...passkey, counter, lastUsedAt: at });
      return true;
    },
    async removePasskey(userId, id) {
      live();
      if (passkeys.get(id)?.userId !== userId) return false;
      return passkeys.delete(id);
    },
    async removeAll(userId) {
      live();
      let removed = (totps.delete(userId) ? 1 : 0) + (codes.get(userId)?.size ?? 0);
      codes.delete(userId);
      for (const [id, passkey] of passkeys)
        if (passkey.userId === userId) removed += passkeys.delete(id) ? 1 : 0;
      return removed;
    },
  };
}
