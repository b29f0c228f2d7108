import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../deps/index.js';
import { sha256KeyHasher } from '../../node/sha256-key-hasher.js';
import { anApiKey, aUser } from '../../testing/builders.js';
import { createFakeClock, type FakeClock } from '../../testing/fake-clock.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { createSequentialIds } from '../../testing/sequential-ids.js';
import { formatApiKey } from '../api-key.js';
import type { User } from '../user.js';
import { authenticateApiKey } from './authenticate-api-key.js';

describe('authenticateApiKey', () => {
  let store: Store;
  let clock: FakeClock;
  let user: User;
  const ids = createSequentialIds();

  /** Stores a key for `owner` and returns the string a client would send. */
  const issueKey = async (owner: User, overrides: Parameters<typeof anApiKey>[1] = {}) => {
    const id = ids.id('key');
    const secret = ids.secret();
    await store.apiKeys.insertApiKey(
      anApiKey(owner.id, { id, secretHash: sha256KeyHasher.hash(secret), ...overrides }),
    );
    return formatApiKey(id, secret);
  };
  const auth = (header: string | undefined) =>
    authenticateApiKey({ store, clock, keyHasher: sha256KeyHasher }, header);
  const codeOf = async (header: string | undefined) => (await auth(header))._unsafeUnwrapErr().code;

  beforeEach(async () => {
    store = createMemoryStore();
    clock = createFakeClock('2026-01-15T12:00:00.000Z');
    user = aUser();
    await store.users.insertUser(user);
  });

  it('turns a valid key into the actor with its scopes and account limits', async () => {
    const key = await issueKey(user, { scopes: ['post:read'], accountIds: ['acct_1'] });
    const actor = (await auth(`Bearer ${key}`))._unsafeUnwrap();
    expect(actor).toMatchObject({ user, scopes: ['post:read'], accountIds: ['acct_1'] });
    expect(key).toContain(actor.credentialId);
    expect((await auth(`bearer   ${key} `)).isOk()).toBe(true);
  });

  it.each([undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'Token abc'])(
    'missing_api_key for %j',
    async (header) => {
      expect(await codeOf(header)).toBe('missing_api_key');
    },
  );

  it('invalid_api_key for malformed, unknown and wrong-secret keys', async () => {
    const key = await issueKey(user);
    const unknown = formatApiKey(ids.id('key'), ids.secret());
    const wrongSecret = formatApiKey(key.slice(4, key.indexOf('.')), ids.secret());
    for (const token of ['nonsense', unknown, wrongSecret, `${key}x`]) {
      expect(await codeOf(`Bearer ${token}`)).toBe('invalid_api_key');
    }
  });

  it('invalid_api_key once revoked or expired', async () => {
    const revoked = await issueKey(user, { revokedAt: new Date('2026-01-15T11:00:00Z') });
    expect(await codeOf(`Bearer ${revoked}`)).toBe('invalid_api_key');
    const expiring = await issueKey(user, { expiresAt: new Date('2026-01-15T12:00:01Z') });
    expect((await auth(`Bearer ${expiring}`)).isOk()).toBe(true);
    clock.advance(1000);
    expect(await codeOf(`Bearer ${expiring}`)).toBe('invalid_api_key');
  });

  it('api_access_disabled when the user is disabled or gone', async () => {
    const disabled = aUser({ apiAccessDisabled: true });
    await store.users.insertUser(disabled);
    expect(await codeOf(`Bearer ${await issueKey(disabled)}`)).toBe('api_access_disabled');
    expect(await codeOf(`Bearer ${await issueKey(aUser())}`)).toBe('api_access_disabled');
  });

  it('lets a user whose plan expired in, for read access', async () => {
    const expired = aUser({ plan: { kind: 'expired' } });
    await store.users.insertUser(expired);
    expect((await auth(`Bearer ${await issueKey(expired)}`)).isOk()).toBe(true);
  });

  it('records the last use at most once a minute, and only for an accepted key', async () => {
    const key = await issueKey(user);
    const id = key.slice(4, key.indexOf('.'));
    const writes: Date[] = [];
    const record = store.apiKeys.recordApiKeyUse;
    store.apiKeys.recordApiKeyUse = (keyId, at, unlessSince) => {
      writes.push(at);
      return record(keyId, at, unlessSince);
    };
    await auth(`Bearer ${formatApiKey(id, ids.secret())}`);
    expect(writes).toEqual([]);
    const first = clock.now();
    await auth(`Bearer ${key}`);
    clock.advance(59_000);
    await auth(`Bearer ${key}`);
    expect(writes).toEqual([first]);
    expect((await store.apiKeys.getApiKey(id))?.lastUsedAt).toEqual(first);
    clock.advance(2_000);
    await auth(`Bearer ${key}`);
    expect((await store.apiKeys.getApiKey(id))?.lastUsedAt).toEqual(clock.now());
    expect(writes).toHaveLength(2);
  });

  it('accepts the key when its last use cannot be written, and reports no secret', async () => {
    const key = await issueKey(user);
    const faults: unknown[] = [];
    store.apiKeys.recordApiKeyUse = async () => {
      throw new Error('database is locked');
    };
    const actor = await authenticateApiKey(
      { store, clock, keyHasher: sha256KeyHasher },
      `Bearer ${key}`,
      (f) => faults.push(f),
    );
    expect(actor.isOk()).toBe(true);
    expect(faults).toHaveLength(1);
    expect(JSON.stringify(faults)).not.toContain(key.slice(key.indexOf('.') + 1));
  });
});
