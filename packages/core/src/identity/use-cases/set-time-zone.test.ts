import { beforeEach, describe, expect, it } from 'vitest';
import { aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { Actor } from '../actor.js';
import type { User } from '../user.js';
import { setTimeZone } from './set-time-zone.js';

describe('setTimeZone', () => {
  let t: TestDeps;
  let user: User;
  const actor = (scopes: Actor['scopes'] = ['account:write']): Actor => ({
    user,
    credentialId: 'console:1',
    scopes,
    accountIds: null,
  });

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
  });

  it("stores an IANA zone on the actor's user", async () => {
    const set = await setTimeZone(t, actor(), 'Europe/Paris');
    expect(set._unsafeUnwrap()).toMatchObject({
      id: user.id,
      timeZone: 'Europe/Paris',
      updatedAt: t.clock.now(),
    });
    expect((await t.store.users.getUser(user.id))?.timeZone).toBe('Europe/Paris');
  });

  it('refuses what is not a zone name, on the field timeZone', async () => {
    for (const zone of ['Mars/Olympus', '', '+01:00', '<script>']) {
      const set = await setTimeZone(t, actor(), zone);
      expect(set._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_failed',
        details: { field: 'timeZone' },
      });
    }
    expect((await t.store.users.getUser(user.id))?.timeZone).toBe('UTC');
  });

  it('needs account:write', async () => {
    const set = await setTimeZone(t, actor(['account:read']), 'Europe/Paris');
    expect(set._unsafeUnwrapErr().code).toBe('insufficient_scope');
  });
});
