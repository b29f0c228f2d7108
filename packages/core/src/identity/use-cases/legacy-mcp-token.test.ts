import { beforeEach, describe, expect, it } from 'vitest';
import { anApiKey, aUser } from '../../testing/builders.js';
import { createSequentialIds } from '../../testing/sequential-ids.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { formatApiKey } from '../api-key.js';
import type { User } from '../user.js';
import { authenticateBearer, exchangeKeyForMcpToken } from './legacy-mcp-token.js';

describe('the deprecated key-to-token exchange', () => {
  let t: TestDeps;
  let user: User;
  const ids = createSequentialIds();

  const issueKey = async (overrides: Parameters<typeof anApiKey>[1] = {}) => {
    const id = ids.id('key');
    const secret = ids.secret();
    await t.store.apiKeys.insertApiKey(
      anApiKey(user.id, { id, secretHash: t.deps.keyHasher.hash(secret), ...overrides }),
    );
    return { id, key: formatApiKey(id, secret) };
  };

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
  });

  it("gives a 24-hour token that acts with the key's scopes and account limits", async () => {
    const { key } = await issueKey({ scopes: ['post:read'], accountIds: ['acct_1'] });
    const exchanged = (await exchangeKeyForMcpToken(t.deps, `Bearer ${key}`))._unsafeUnwrap();
    expect(exchanged.token).toMatch(/^svcmt_/);
    expect(exchanged.token).not.toContain(key);
    expect(exchanged.expiresAt).toEqual(new Date(t.clock.now().getTime() + 24 * 60 * 60_000));
    const actor = (await authenticateBearer(t.deps, `Bearer ${exchanged.token}`))._unsafeUnwrap();
    expect(actor).toMatchObject({ user: { id: user.id }, scopes: ['post:read'], accountIds: ['acct_1'] });
    // The key itself keeps working as a Bearer, which is what clients should move to.
    expect((await authenticateBearer(t.deps, `Bearer ${key}`)).isOk()).toBe(true);

    t.clock.advance(24 * 60 * 60_000);
    const late = (await authenticateBearer(t.deps, `Bearer ${exchanged.token}`))._unsafeUnwrapErr();
    expect(late.code).toBe('invalid_api_key');
    expect(late.message).toContain('expired');
  });

  it('ends with the key, refuses forged tokens, and exchanges only valid keys', async () => {
    const { id, key } = await issueKey();
    const { token } = (await exchangeKeyForMcpToken(t.deps, `Bearer ${key}`))._unsafeUnwrap();
    await t.store.apiKeys.revokeApiKey(id, t.clock.now());
    expect((await authenticateBearer(t.deps, `Bearer ${token}`))._unsafeUnwrapErr().code).toBe(
      'invalid_api_key',
    );
    const forged = `svcmt_${token.slice(6, -4)}AAAA`;
    expect((await authenticateBearer(t.deps, `Bearer ${forged}`))._unsafeUnwrapErr().code).toBe(
      'invalid_api_key',
    );
    expect((await exchangeKeyForMcpToken(t.deps, `Bearer ${key}`))._unsafeUnwrapErr().code).toBe(
      'invalid_api_key',
    );
    expect((await exchangeKeyForMcpToken(t.deps, undefined))._unsafeUnwrapErr().code).toBe('missing_api_key');
  });
});
