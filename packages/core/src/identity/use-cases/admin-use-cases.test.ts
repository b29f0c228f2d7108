import { beforeEach, describe, expect, it } from 'vitest';
import { listConnections, saveConnection } from '../../accounts/index.js';
import type { Store } from '../../deps/index.js';
import { createAesGcmSecretBox } from '../../node/aes-gcm-secret-box.js';
import { sha256KeyHasher } from '../../node/sha256-key-hasher.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createFakeClock } from '../../testing/fake-clock.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { createSequentialIds } from '../../testing/sequential-ids.js';
import type { Actor } from '../actor.js';
import { DEFAULT_NEW_USER_PLAN } from '../new-user-plan.js';
import { authenticateApiKey } from './authenticate-api-key.js';
import { createUser } from './create-user.js';
import { createApiKey, listApiKeys, revokeApiKey } from './manage-api-keys.js';
import { setUserPlan } from './set-user-plan.js';

describe('operator use cases', () => {
  let store: Store;
  const clock = createFakeClock('2026-01-15T12:00:00.000Z');
  const secretBox = createAesGcmSecretBox('k'.repeat(32));
  let deps: ReturnType<typeof depsFor>;
  const depsFor = (s: Store) => ({
    store: s,
    clock,
    ids: createSequentialIds(),
    keyHasher: sha256KeyHasher,
    secretBox,
    newUserPlan: DEFAULT_NEW_USER_PLAN,
  });

  beforeEach(() => {
    store = createMemoryStore();
    deps = depsFor(store);
  });

  describe('createUser', () => {
    it('normalises the email and ends a trial after the given days', async () => {
      const user = (
        await createUser(deps, {
          email: '  Ann@Example.COM ',
          plan: 'trial',
          trialDays: 14,
          betaTester: false,
        })
      )._unsafeUnwrap();
      expect(user).toMatchObject({
        email: 'ann@example.com',
        plan: { kind: 'trial', endsAt: new Date('2026-01-29T12:00:00Z') },
      });
      expect(await store.users.getUserByEmail('ann@example.com')).toEqual(user);
    });

    it('creates paid, expired and beta-tester users', async () => {
      const paid = (
        await createUser(deps, { email: 'p@x.io', plan: 'paid', trialDays: 14, betaTester: true })
      )._unsafeUnwrap();
      expect(paid).toMatchObject({ plan: { kind: 'paid' }, betaTester: true, apiAccessDisabled: false });
    });

    it("gives a user created without a plan the install's setting: paid unless it chose trials", async () => {
      const paid = (await createUser(deps, { email: 'self@x.io', betaTester: false }))._unsafeUnwrap();
      expect(paid.plan).toEqual({ kind: 'paid' });
      const hosted = { ...deps, newUserPlan: { plan: 'trial', trialDays: 30 } as const };
      const trial = (await createUser(hosted, { email: 'hosted@x.io', betaTester: false }))._unsafeUnwrap();
      expect(trial.plan).toEqual({ kind: 'trial', endsAt: new Date('2026-02-14T12:00:00Z') });
      // A length alone asks for a trial, whatever the setting; a named plan wins over both.
      const asked = (
        await createUser(deps, { email: 'asked@x.io', trialDays: 7, betaTester: false })
      )._unsafeUnwrap();
      expect(asked.plan).toEqual({ kind: 'trial', endsAt: new Date('2026-01-22T12:00:00Z') });
      const named = (
        await createUser(hosted, { email: 'named@x.io', plan: 'expired', betaTester: false })
      )._unsafeUnwrap();
      expect(named.plan).toEqual({ kind: 'expired' });
    });

    it('refuses a taken email and an invalid one', async () => {
      await createUser(deps, { email: 'a@x.io', plan: 'paid', trialDays: 14, betaTester: false });
      const taken = await createUser(deps, {
        email: 'A@X.io',
        plan: 'paid',
        trialDays: 14,
        betaTester: false,
      });
      expect(taken._unsafeUnwrapErr().code).toBe('email_taken');
      const invalid = await createUser(deps, {
        email: 'not-an-email',
        plan: 'paid',
        trialDays: 14,
        betaTester: false,
      });
      expect(invalid._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_failed',
        details: { field: 'email' },
      });
      const noDays = await createUser(deps, {
        email: 'b@x.io',
        plan: 'trial',
        trialDays: 0,
        betaTester: false,
      });
      expect(noDays._unsafeUnwrapErr().code).toBe('validation_failed');
    });
  });

  describe('setUserPlan', () => {
    beforeEach(async () => {
      await createUser(deps, { email: 'ann@x.io', plan: 'trial', trialDays: 1, betaTester: false });
    });

    it('lifts a lapsed trial: the new plan is stored and answered with the one it replaced', async () => {
      const change = (await setUserPlan(deps, { email: ' Ann@X.io ', plan: 'paid' }))._unsafeUnwrap();
      expect(change.previous).toEqual({ kind: 'trial', endsAt: new Date('2026-01-16T12:00:00Z') });
      expect(change.user).toMatchObject({
        email: 'ann@x.io',
        plan: { kind: 'paid' },
        updatedAt: clock.now(),
      });
      expect(await store.users.getUserByEmail('ann@x.io')).toEqual(change.user);
    });

    it("starts a trial from now, of the given length or the setting's, and ends access with expired", async () => {
      const days = (
        await setUserPlan(deps, { email: 'ann@x.io', plan: 'trial', trialDays: 3 })
      )._unsafeUnwrap();
      expect(days.user.plan).toEqual({ kind: 'trial', endsAt: new Date('2026-01-18T12:00:00Z') });
      const setting = (await setUserPlan(deps, { email: 'ann@x.io', plan: 'trial' }))._unsafeUnwrap();
      expect(setting.user.plan).toEqual({ kind: 'trial', endsAt: new Date('2026-01-29T12:00:00Z') });
      const ended = (await setUserPlan(deps, { email: 'ann@x.io', plan: 'expired' }))._unsafeUnwrap();
      expect((await store.users.getUser(ended.user.id))?.plan).toEqual({ kind: 'expired' });
    });

    it('refuses an unknown user and a trial length out of range, changing nothing', async () => {
      expect((await setUserPlan(deps, { email: 'bob@x.io', plan: 'paid' }))._unsafeUnwrapErr().code).toBe(
        'user_not_found',
      );
      const refused = await setUserPlan(deps, { email: 'ann@x.io', plan: 'trial', trialDays: 0 });
      expect(refused._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_failed',
        details: { field: 'trialDays' },
      });
      expect((await store.users.getUserByEmail('ann@x.io'))?.plan).toEqual({
        kind: 'trial',
        endsAt: new Date('2026-01-16T12:00:00Z'),
      });
    });
  });

  describe('API keys', () => {
    const input = {
      email: 'owner@x.io',
      scopes: ['post:write', 'post:read'],
      accountIds: null,
      name: 'ci',
      expiresInDays: null,
    };

    beforeEach(async () => {
      await createUser(deps, { email: 'owner@x.io', plan: 'paid', trialDays: 14, betaTester: false });
    });

    it('creates a key that authenticates, storing only its hash', async () => {
      const { record, key } = (await createApiKey(deps, input))._unsafeUnwrap();
      expect(record).toMatchObject({
        name: 'ci',
        scopes: ['post:write', 'post:read'],
        accountIds: null,
        expiresAt: null,
      });
      const stored = await store.apiKeys.getApiKey(record.id);
      expect(JSON.stringify(stored)).not.toContain(key.split('.')[1]);
      const actor = (await authenticateApiKey(deps, `Bearer ${key}`))._unsafeUnwrap();
      expect(actor.credentialId).toBe(record.id);
    });

    it('marks a key "needs approval", and its actor carries the mark (docs/teams.md)', async () => {
      const marked = (await createApiKey(deps, { ...input, needsApproval: true }))._unsafeUnwrap();
      expect((await store.apiKeys.getApiKey(marked.record.id))?.needsApproval).toBe(true);
      expect((await authenticateApiKey(deps, `Bearer ${marked.key}`))._unsafeUnwrap().needsApproval).toBe(
        true,
      );
      const plain = (await createApiKey(deps, input))._unsafeUnwrap();
      expect(
        (await authenticateApiKey(deps, `Bearer ${plain.key}`))._unsafeUnwrap().needsApproval,
      ).toBeUndefined();
    });

    it('limits a key to accounts of its user and can make it expire', async () => {
      const owner = await store.users.getUserByEmail('owner@x.io');
      const account = await store.accounts.saveAccount(anAccount(owner?.id ?? ''));
      const limited = (
        await createApiKey(deps, { ...input, accountIds: [account.id], expiresInDays: 30 })
      )._unsafeUnwrap();
      expect(limited.record).toMatchObject({
        accountIds: [account.id],
        expiresAt: new Date('2026-02-14T12:00:00Z'),
      });
      const foreign = await store.accounts.saveAccount(anAccount(aUser().id));
      for (const accountIds of [[foreign.id], []]) {
        expect((await createApiKey(deps, { ...input, accountIds }))._unsafeUnwrapErr().code).toBe(
          'invalid_profile_ids',
        );
      }
    });

    it('refuses unknown or missing scopes, unknown users and bad expiry', async () => {
      expect(
        (await createApiKey(deps, { ...input, scopes: ['post:write', 'posts:all'] }))._unsafeUnwrapErr(),
      ).toMatchObject({
        code: 'validation_failed',
        details: { field: 'scopes' },
      });
      expect((await createApiKey(deps, { ...input, scopes: [] }))._unsafeUnwrapErr().code).toBe(
        'validation_failed',
      );
      expect((await createApiKey(deps, { ...input, email: 'nobody@x.io' }))._unsafeUnwrapErr().code).toBe(
        'user_not_found',
      );
      expect((await createApiKey(deps, { ...input, expiresInDays: 0 }))._unsafeUnwrapErr().code).toBe(
        'validation_failed',
      );
    });

    it('lists and revokes keys', async () => {
      const { record, key } = (await createApiKey(deps, input))._unsafeUnwrap();
      expect((await listApiKeys(deps, 'OWNER@x.io'))._unsafeUnwrap().map((k) => k.id)).toEqual([record.id]);
      expect((await revokeApiKey(deps, record.id))._unsafeUnwrap().revokedAt).toEqual(clock.now());
      expect((await authenticateApiKey(deps, `Bearer ${key}`))._unsafeUnwrapErr().code).toBe(
        'invalid_api_key',
      );
      expect((await revokeApiKey(deps, 'key_unknown'))._unsafeUnwrapErr().code).toBe('key_not_found');
      expect((await listApiKeys(deps, 'nobody@x.io'))._unsafeUnwrapErr().code).toBe('user_not_found');
    });
  });

  describe('connections', () => {
    const connection = (ownerId: string, credentials: Record<string, unknown> | null) => ({
      ownerId,
      platform: 'threads' as const,
      platformAccountId: 'th-1',
      handle: 'brand',
      profileUrl: 'https://www.threads.net/@brand',
      profileImageUrl: null,
      followerCount: 12,
      credentials,
      tokenExpiresAt: null,
    });

    it('seals tokens and reconnects in place without losing them', async () => {
      const first = (
        await saveConnection(deps, connection('user_1', { accessToken: 'tok-1' }))
      )._unsafeUnwrap();
      expect(first.sealedCredentials).not.toContain('tok-1');
      expect(JSON.parse(secretBox.open(first.sealedCredentials ?? ''))).toEqual({ accessToken: 'tok-1' });
      await store.accounts.saveAccount({ ...first, needsReconnect: true });
      const again = (
        await saveConnection(deps, { ...connection('user_1', null), handle: 'brand2' })
      )._unsafeUnwrap();
      expect(again).toMatchObject({
        id: first.id,
        handle: 'brand2',
        needsReconnect: false,
        sealedCredentials: first.sealedCredentials,
      });
    });

    it('lists the active accounts a key can see, with account:read', async () => {
      const user = aUser();
      const a = await store.accounts.saveAccount(anAccount(user.id));
      const b = await store.accounts.saveAccount(anAccount(user.id, { platform: 'tiktok' }));
      await store.accounts.saveAccount(anAccount(user.id, { status: 'inactive' }));
      const actor: Actor = { user, credentialId: 'key_1', scopes: ['account:read'], accountIds: null };
      expect((await listConnections(deps, actor))._unsafeUnwrap().map((x) => x.id)).toEqual([a.id, b.id]);
      expect(
        (await listConnections(deps, { ...actor, accountIds: [b.id] }))._unsafeUnwrap().map((x) => x.id),
      ).toEqual([b.id]);
      expect((await listConnections(deps, { ...actor, scopes: ['post:read'] }))._unsafeUnwrapErr().code).toBe(
        'insufficient_scope',
      );
    });
  });
});
