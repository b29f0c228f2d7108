import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../identity/index.js';
import { aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { type ChangeOwnPasswordDeps, changeOwnPassword } from './change-own-password.js';
import { createSignInLimiter } from './sign-in-limiter.js';

const LIMITS = {
  windowMs: 60_000,
  perAddress: 10,
  failuresPerAddressAndAccount: 2,
  accountWindowMs: 600_000,
  failuresPerAccount: 5,
};
const NEW = 'a long enough password';

describe('changeOwnPassword', () => {
  let t: TestDeps;
  let user: User;
  let ended: [string, string | null][];
  let deps: ChangeOwnPasswordDeps;
  const change = (current: string, password = NEW, confirm = password) =>
    changeOwnPassword(deps, { user, current, password, confirm, address: '10.0.0.1', keepSessionId: 's1' });

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
    await t.store.users.setPasswordHash(user.id, 'hashed:the old password', t.clock.now());
    ended = [];
    deps = {
      store: t.store,
      clock: t.clock,
      limiter: createSignInLimiter(t.store.rateLimits, t.clock, LIMITS),
      passwords: {
        hash: async (password) => `hashed:${password}`,
        verify: async (password, hash) => hash === `hashed:${password}`,
        decoyHash: 'hashed:decoy',
      },
      sessions: {
        async endOthers(userId, keepId) {
          ended.push([userId, keepId]);
        },
      },
    };
  });

  it('sets the new password once the current one is proved, ending the other sessions', async () => {
    expect((await change('the old password')).isOk()).toBe(true);
    expect(await t.store.users.getPasswordHash(user.id)).toBe(`hashed:${NEW}`);
    expect(ended).toEqual([[user.id, 's1']]);
  });

  it('refuses a wrong current password, counting it as a failed sign-in', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await change('not it'))._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_failed',
        message: 'The current password is not right.',
        details: { field: 'current' },
      });
    }
    expect((await change('the old password'))._unsafeUnwrapErr()).toMatchObject({ code: 'rate_limited' });
    expect(await t.store.users.getPasswordHash(user.id)).toBe('hashed:the old password');
    expect(ended).toEqual([]);
  });

  it('refuses a bad new password before checking the current one, so it costs no attempt', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await change('not it', NEW, 'another long password'))._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_failed',
        message: 'The two new passwords differ.',
      });
    }
    expect((await change('the old password')).isOk()).toBe(true);
  });
});
