import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../identity/index.js';
import { aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { ProviderIdentity, SingleSignOnRules } from '../single-sign-on-rules.js';
import { listWorkspaces } from './list-workspaces.js';
import { signInWithProvider } from './sign-in-with-provider.js';

const OPEN: SingleSignOnRules = { allowedDomains: [], join: null };
const identity = (over: Partial<ProviderIdentity> = {}): ProviderIdentity => ({
  issuer: 'https://idp.example.com',
  subject: 'sub-1',
  email: 'Cleo@Example.com',
  emailVerified: true,
  amr: [],
  ...over,
});

describe('signInWithProvider', () => {
  let t: TestDeps;
  let annId: string;

  beforeEach(async () => {
    t = createTestDeps();
    annId = (await createUser(t.deps, { email: 'ann@example.com', betaTester: false }))._unsafeUnwrap().id;
  });

  it('creates a person unknown here, with their personal workspace, matched on the next sign-in', async () => {
    const first = await signInWithProvider(t.deps, identity(), OPEN);
    expect(first).toMatchObject({ kind: 'signed_in', created: true, user: { email: 'cleo@example.com' } });
    if (first.kind !== 'signed_in') return;
    const workspaces = await listWorkspaces(t.deps, first.user.id);
    expect(workspaces._unsafeUnwrap().map((m) => [m.workspace.id, m.member.role])).toEqual([
      [first.user.id, 'owner'],
    ]);
    const again = await signInWithProvider(t.deps, identity({ subject: 'sub-1' }), OPEN);
    expect(again).toMatchObject({ kind: 'signed_in', created: false, user: { id: first.user.id } });
  });

  it('matches an existing password user by the verified e-mail (linking)', async () => {
    const signed = await signInWithProvider(t.deps, identity({ email: 'ANN@example.com' }), OPEN);
    expect(signed).toMatchObject({ kind: 'signed_in', created: false, user: { id: annId } });
  });

  it('refuses a user whose access is disabled, as the password sign-in does', async () => {
    await t.deps.store.users.insertUser(aUser({ email: 'dis@example.com', apiAccessDisabled: true }));
    const refused = await signInWithProvider(t.deps, identity({ email: 'dis@example.com' }), OPEN);
    expect(refused).toEqual({ kind: 'refused', reason: 'access_disabled', email: 'dis@example.com' });
  });

  it('refuses an e-mail the provider did not verify, or did not release', async () => {
    for (const emailVerified of [false, undefined]) {
      const refused = await signInWithProvider(t.deps, identity({ emailVerified }), OPEN);
      expect(refused).toEqual({ kind: 'refused', reason: 'email_unverified', email: 'cleo@example.com' });
    }
    const missing = await signInWithProvider(t.deps, identity({ email: undefined }), OPEN);
    expect(missing).toMatchObject({ kind: 'refused', reason: 'email_missing' });
    expect(await t.deps.store.users.getUserByEmail('cleo@example.com')).toBeNull();
  });

  it('refuses a domain not allowed, and takes an allowed one', async () => {
    const rules = { ...OPEN, allowedDomains: ['corp.example'] };
    expect(await signInWithProvider(t.deps, identity(), rules)).toMatchObject({
      kind: 'refused',
      reason: 'domain_not_allowed',
    });
    // A look-alike ending is not the domain.
    const lookAlike = identity({ email: 'eve@evilcorp.example' });
    expect(await signInWithProvider(t.deps, lookAlike, rules)).toMatchObject({
      reason: 'domain_not_allowed',
    });
    const allowed = identity({ email: 'dan@CORP.example' });
    expect(await signInWithProvider(t.deps, allowed, rules)).toMatchObject({ kind: 'signed_in' });
  });

  it('makes a new person a member of the configured workspace with the default role', async () => {
    const rules: SingleSignOnRules = {
      allowedDomains: [],
      join: { workspaceId: annId, role: 'contributor' },
    };
    const signed = await signInWithProvider(t.deps, identity(), rules);
    if (signed.kind !== 'signed_in') throw new Error(signed.reason);
    const roles = (await listWorkspaces(t.deps, signed.user.id))._unsafeUnwrap();
    expect(roles.map((m) => [m.workspace.id, m.member.role])).toEqual([
      [signed.user.id, 'owner'],
      [annId, 'contributor'],
    ]);
    const gone = { ...rules, join: { workspaceId: 'ws_missing', role: 'editor' as const } };
    const refused = await signInWithProvider(t.deps, identity({ email: 'dan@example.com' }), gone);
    expect(refused).toMatchObject({ kind: 'refused', reason: 'workspace_missing' });
    expect(await t.deps.store.users.getUserByEmail('dan@example.com')).toBeNull();
  });

  it("reports the provider's second factor only when amr has mfa", async () => {
    expect(await signInWithProvider(t.deps, identity({ amr: ['pwd', 'otp', 'mfa'] }), OPEN)).toMatchObject({
      secondFactor: true,
    });
    expect(await signInWithProvider(t.deps, identity({ amr: ['pwd'] }), OPEN)).toMatchObject({
      secondFactor: false,
    });
  });
});
