import { beforeEach, describe, expect, it } from 'vitest';
import { aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { User } from '../user.js';
import { type ChangePasswordDeps, changePassword } from './change-password.js';

describe('changePassword', () => {
  let t: TestDeps;
  let user: User;
  let ended: [string, string | null][];
  let deps: ChangePasswordDeps;

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
    ended = [];
    deps = {
      store: t.store,
      clock: t.clock,
      passwords: { hash: async (password) => `hashed:${password}` },
      sessions: {
        async endOthers(userId, keepId) {
          ended.push([userId, keepId]);
        },
      },
    };
  });

  it('stores the hash and ends the other sessions, keeping the one named', async () => {
    const changed = await changePassword(deps, {
      userId: user.id,
      password: 'a long enough password',
      confirm: 'a long enough password',
      keepSessionId: 'session-1',
    });
    expect(changed.isOk()).toBe(true);
    expect(await t.store.users.getPasswordHash(user.id)).toBe('hashed:a long enough password');
    expect(ended).toEqual([[user.id, 'session-1']]);
  });

  it('refuses a short password or a differing confirmation, changing nothing', async () => {
    for (const [password, confirm, message] of [
      ['short', undefined, /at least 10 characters/],
      ['a long enough password', 'another long password', /differ/],
    ] as const) {
      const changed = await changePassword(deps, { userId: user.id, password, confirm, keepSessionId: null });
      expect(changed._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_failed',
        details: { field: 'password' },
      });
      expect(changed._unsafeUnwrapErr().message).toMatch(message);
    }
    expect(await t.store.users.getPasswordHash(user.id)).toBeNull();
    expect(ended).toEqual([]);
  });

  it('answers user_not_found for a user who is gone, ending no session', async () => {
    const changed = await changePassword(deps, {
      userId: 'usr_gone',
      password: 'a long enough password',
      keepSessionId: null,
    });
    expect(changed._unsafeUnwrapErr().code).toBe('user_not_found');
    expect(ended).toEqual([]);
  });
});
