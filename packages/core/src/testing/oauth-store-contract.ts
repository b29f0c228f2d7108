import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { aUser } from './builders.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The OAuth part of the store contract (records and sign-in passwords); `store()` is the test's fresh store. */
export function describeOAuthStoreContract(store: () => Store): void {
  describe('oauth records', () => {
    it('round-trips a payload with its expiry, and replaces it on upsert', async () => {
      const payload = { accountId: 'user_1', grantId: 'grant_1', scope: 'mcp:read', nested: { a: [1, 'b'] } };
      await store().oauth.upsert('AccessToken', 'tok_1', payload, later(60));
      expect(await store().oauth.find('AccessToken', 'tok_1')).toEqual({
        kind: 'AccessToken',
        id: 'tok_1',
        payload,
        expiresAt: later(60),
        consumedAt: null,
        lastUsedAt: null,
      });
      await store().oauth.upsert('AccessToken', 'tok_1', { ...payload, scope: 'mcp:write' }, null);
      const replaced = await store().oauth.find('AccessToken', 'tok_1');
      expect(replaced?.payload.scope).toBe('mcp:write');
      expect(replaced?.expiresAt).toBeNull();
    });

    it("lists one user's records of a kind, by id, expired ones too", async () => {
      const later = new Date(Date.parse('2031-01-01T00:00:00.000Z'));
      await store().oauth.upsert('Grant', 'grant_b', { accountId: 'user_ann', clientId: 'c1' }, later);
      await store().oauth.upsert('Grant', 'grant_a', { accountId: 'user_ann', clientId: 'c2' }, new Date(0));
      await store().oauth.upsert('Grant', 'grant_c', { accountId: 'user_bob', clientId: 'c1' }, later);
      await store().oauth.upsert('Session', 'sess_1', { accountId: 'user_ann' }, later);
      const grants = await store().oauth.listByAccount('Grant', 'user_ann');
      expect(grants.map((g) => g.id)).toEqual(['grant_a', 'grant_b']);
      expect(grants[1]?.payload).toEqual({ accountId: 'user_ann', clientId: 'c1' });
      await store().oauth.upsert('Grant', 'grant_b', { accountId: 'user_bob', clientId: 'c1' }, later);
      expect((await store().oauth.listByAccount('Grant', 'user_ann')).map((g) => g.id)).toEqual(['grant_a']);
      expect(await store().oauth.listByAccount('Grant', 'user_nobody')).toEqual([]);
    });

    it('keeps kinds apart and answers null for what it does not hold', async () => {
      await store().oauth.upsert('Client', 'same', { kind: 'client' }, null);
      await store().oauth.upsert('Grant', 'same', { kind: 'grant' }, later(5));
      expect((await store().oauth.find('Client', 'same'))?.payload).toEqual({ kind: 'client' });
      expect((await store().oauth.find('Grant', 'same'))?.payload).toEqual({ kind: 'grant' });
      expect(await store().oauth.find('Session', 'same')).toBeNull();
      expect(await store().oauth.findByUid('Session', 'nope')).toBeNull();
      expect(await store().oauth.findByUserCode('DeviceCode', 'nope')).toBeNull();
    });

    it('finds records by uid and by user code within their kind', async () => {
      await store().oauth.upsert('Session', 'sess_1', { uid: 'uid_1', accountId: 'user_1' }, later(60));
      await store().oauth.upsert('Interaction', 'int_1', { uid: 'uid_1' }, later(60));
      await store().oauth.upsert('DeviceCode', 'dev_1', { userCode: 'ABCD-EFGH' }, later(10));
      expect((await store().oauth.findByUid('Session', 'uid_1'))?.id).toBe('sess_1');
      expect((await store().oauth.findByUid('Interaction', 'uid_1'))?.id).toBe('int_1');
      expect((await store().oauth.findByUserCode('DeviceCode', 'ABCD-EFGH'))?.id).toBe('dev_1');
    });

    it('records a use only when none is stored since the given time, and keeps it on replace', async () => {
      await store().oauth.upsert('Grant', 'grant_1', { accountId: 'user_1' }, later(600));
      expect(await store().oauth.recordUse('Grant', 'grant_1', later(10), later(9))).toBe(true);
      // Another server already wrote this minute: nothing is written.
      expect(await store().oauth.recordUse('Grant', 'grant_1', later(11), later(10))).toBe(false);
      expect((await store().oauth.find('Grant', 'grant_1'))?.lastUsedAt).toEqual(later(10));
      expect(await store().oauth.recordUse('Grant', 'grant_1', later(20), later(11))).toBe(true);
      await store().oauth.upsert('Grant', 'grant_1', { accountId: 'user_1', more: true }, later(600));
      const [listed] = await store().oauth.listByAccount('Grant', 'user_1');
      expect(listed?.lastUsedAt).toEqual(later(20));
      expect(await store().oauth.recordUse('Grant', 'grant_missing', later(30), later(29))).toBe(false);
    });

    it('consumes a record once, keeping the first time', async () => {
      await store().oauth.upsert('AuthorizationCode', 'code_1', { grantId: 'g' }, later(1));
      await store().oauth.consume('AuthorizationCode', 'code_1', T0);
      await store().oauth.consume('AuthorizationCode', 'code_1', later(1));
      expect((await store().oauth.find('AuthorizationCode', 'code_1'))?.consumedAt).toEqual(T0);
      await store().oauth.consume('AuthorizationCode', 'missing', T0);
      expect(await store().oauth.find('AuthorizationCode', 'missing')).toBeNull();
    });

    it('destroys one record, and every record of a kind under a grant', async () => {
      await store().oauth.upsert('RefreshToken', 'rt_1', { grantId: 'grant_a' }, later(60));
      await store().oauth.upsert('RefreshToken', 'rt_2', { grantId: 'grant_a' }, later(60));
      await store().oauth.upsert('RefreshToken', 'rt_3', { grantId: 'grant_b' }, later(60));
      await store().oauth.upsert('AccessToken', 'at_1', { grantId: 'grant_a' }, later(60));
      await store().oauth.destroy('RefreshToken', 'rt_3');
      expect(await store().oauth.find('RefreshToken', 'rt_3')).toBeNull();
      await store().oauth.revokeByGrantId('RefreshToken', 'grant_a');
      expect(await store().oauth.find('RefreshToken', 'rt_1')).toBeNull();
      expect(await store().oauth.find('RefreshToken', 'rt_2')).toBeNull();
      expect(await store().oauth.find('AccessToken', 'at_1')).not.toBeNull();
    });

    it('sweeps expired records and keeps those that never expire', async () => {
      await store().oauth.upsert('AccessToken', 'old', {}, later(-1));
      await store().oauth.upsert('AccessToken', 'new', {}, later(1));
      await store().oauth.upsert('Client', 'client', {}, null);
      expect(await store().oauth.deleteExpired(T0)).toBe(1);
      expect(await store().oauth.find('AccessToken', 'old')).toBeNull();
      expect(await store().oauth.find('AccessToken', 'new')).not.toBeNull();
      expect(await store().oauth.find('Client', 'client')).not.toBeNull();
    });
  });

  describe('sign-in passwords', () => {
    it('stores a password hash apart from the user and bumps updatedAt', async () => {
      const user = aUser();
      await store().users.insertUser(user);
      expect(await store().users.getPasswordHash(user.id)).toBeNull();
      expect(await store().users.setPasswordHash(user.id, 'scrypt$hash-1', later(5))).toBe(true);
      expect(await store().users.getPasswordHash(user.id)).toBe('scrypt$hash-1');
      expect(await store().users.getUser(user.id)).toEqual({ ...user, updatedAt: later(5) });
      await store().users.setPasswordHash(user.id, 'scrypt$hash-2', later(6));
      expect(await store().users.getPasswordHash(user.id)).toBe('scrypt$hash-2');
    });

    it('refuses to set a password for a user that does not exist', async () => {
      expect(await store().users.setPasswordHash('user_missing', 'scrypt$x', T0)).toBe(false);
      expect(await store().users.getPasswordHash('user_missing')).toBeNull();
    });
  });
}
