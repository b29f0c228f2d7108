import type { ResultAsync } from 'neverthrow';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { anAccount } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { OPERATOR, type TeamActor } from '../team-actor.js';
import { addMember } from './add-member.js';
import { changeMemberRole, removeMember } from './change-member.js';
import { createWorkspace } from './create-workspace.js';
import { acceptInvitation, createInvitation, listOpenInvitations } from './invitations.js';
import { listMembers } from './list-members.js';
import { listWorkspaces, listWorkspacesByEmail } from './list-workspaces.js';

describe('teams use cases', () => {
  let t: TestDeps;
  let annId: string;
  const as = (userId: string): TeamActor => ({ kind: 'user', userId });
  const add = (email: string, role: string, accountIds: string[] | null = null) =>
    addMember(t.deps, { ownerEmail: 'ann@example.com', email, role, accountIds });
  const code = async <T>(result: ResultAsync<T, SvcError>) => (await result)._unsafeUnwrapErr().code;

  beforeEach(async () => {
    t = createTestDeps();
    annId = (await createUser(t.deps, { email: 'ann@example.com', betaTester: false }))._unsafeUnwrap().id;
  });

  it("creating a user makes their personal workspace, with the user's id, them its owner", async () => {
    const memberships = (await listWorkspacesByEmail(t.deps, 'ANN@example.com'))._unsafeUnwrap();
    expect(memberships).toMatchObject([
      { workspace: { id: annId, personal: true, name: 'ann@example.com' }, member: { role: 'owner' } },
    ]);
    expect(await code(listWorkspacesByEmail(t.deps, 'nobody@example.com'))).toBe('user_not_found');
  });

  describe('addMember (svc members add)', () => {
    it("adds a person, created when new, to the owner's personal workspace with the role", async () => {
      const added = (await add('Bob@Example.com', 'editor'))._unsafeUnwrap();
      expect(added).toMatchObject({
        userCreated: true,
        member: { workspaceId: annId, role: 'editor', accountIds: null },
      });
      const bob = await t.store.users.getUserByEmail('bob@example.com');
      expect(bob?.id).toBe(added.member.userId);
      // Bob has his own personal workspace too, and Ann's.
      expect(
        (await listWorkspaces(t.deps, added.member.userId))._unsafeUnwrap().map((m) => m.workspace.id),
      ).toEqual([added.member.userId, annId]);
      const again = await add('cy@example.com', 'viewer');
      expect(again._unsafeUnwrap().userCreated).toBe(true);
      expect((await add('bob@example.com', 'viewer'))._unsafeUnwrapErr()).toMatchObject({
        code: 'already_a_member',
      });
      expect(await code(add('ann@example.com', 'viewer'))).toBe('already_a_member');
    });

    it('refuses the owner role, an unknown role, an unknown owner and accounts the workspace lacks', async () => {
      expect(await code(add('bob@example.com', 'owner'))).toBe('validation_failed');
      expect(await code(add('bob@example.com', 'boss'))).toBe('validation_failed');
      expect(
        await code(
          addMember(t.deps, {
            ownerEmail: 'x@example.com',
            email: 'b@example.com',
            role: 'editor',
            accountIds: null,
          }),
        ),
      ).toBe('user_not_found');
      expect(await code(add('bob@example.com', 'editor', ['acct_nope']))).toBe('invalid_profile_ids');
      const account = anAccount(annId);
      const saved = await t.store.accounts.saveAccount(account);
      expect((await add('bob@example.com', 'editor', [saved.id]))._unsafeUnwrap().member.accountIds).toEqual([
        saved.id,
      ]);
    });
  });

  describe('members and roles', () => {
    let bobId: string;
    let cyId: string;
    beforeEach(async () => {
      bobId = (await add('bob@example.com', 'admin'))._unsafeUnwrap().member.userId;
      cyId = (await add('cy@example.com', 'viewer'))._unsafeUnwrap().member.userId;
    });
    const change = (actor: TeamActor, userId: string, role: string) =>
      changeMemberRole(t.deps, actor, { workspaceId: annId, userId, role, accountIds: null });

    it('lists members, owners first, for any member and nobody else', async () => {
      const members = (await listMembers(t.deps, as(cyId), annId))._unsafeUnwrap();
      expect(members.map((m) => [m.userId, m.role])).toEqual([
        [annId, 'owner'],
        [bobId, 'admin'],
        [cyId, 'viewer'],
      ]);
      const stranger = (
        await createUser(t.deps, { email: 'dee@example.com', betaTester: false })
      )._unsafeUnwrap();
      expect(await code(listMembers(t.deps, as(stranger.id), annId))).toBe('workspace_not_found');
      expect(await code(listMembers(t.deps, OPERATOR, 'wsp_missing'))).toBe('workspace_not_found');
    });

    it('lets admins change roles below owner, and only owners give or take ownership', async () => {
      expect((await change(as(bobId), cyId, 'editor'))._unsafeUnwrap()).toMatchObject({ role: 'editor' });
      expect(await code(change(as(cyId), bobId, 'viewer'))).toBe('role_not_allowed');
      expect(await code(change(as(bobId), cyId, 'owner'))).toBe('role_not_allowed');
      expect(await code(change(as(bobId), annId, 'viewer'))).toBe('role_not_allowed');
      expect(await code(change(as(bobId), 'user_missing', 'viewer'))).toBe('member_not_found');
      expect(await code(change(as(bobId), cyId, 'boss'))).toBe('validation_failed');
      // The only owner cannot step down until there is another.
      expect(await code(change(as(annId), annId, 'admin'))).toBe('workspace_needs_owner');
      expect((await change(as(annId), bobId, 'owner'))._unsafeUnwrap().role).toBe('owner');
      expect((await change(as(annId), annId, 'admin'))._unsafeUnwrap().role).toBe('admin');
    });

    it('removes members; anyone may leave, the only owner may not', async () => {
      expect(await code(removeMember(t.deps, as(cyId), { workspaceId: annId, userId: bobId }))).toBe(
        'role_not_allowed',
      );
      expect(
        (await removeMember(t.deps, as(cyId), { workspaceId: annId, userId: cyId }))._unsafeUnwrap().userId,
      ).toBe(cyId);
      expect(await code(removeMember(t.deps, as(annId), { workspaceId: annId, userId: annId }))).toBe(
        'workspace_needs_owner',
      );
      expect(await code(removeMember(t.deps, as(bobId), { workspaceId: annId, userId: annId }))).toBe(
        'role_not_allowed',
      );
      expect((await removeMember(t.deps, OPERATOR, { workspaceId: annId, userId: bobId })).isOk()).toBe(true);
      expect((await listMembers(t.deps, OPERATOR, annId))._unsafeUnwrap().map((m) => m.userId)).toEqual([
        annId,
      ]);
    });
  });

  describe('invitations', () => {
    const invite = (actor: TeamActor, email = 'eve@example.com', role = 'contributor') =>
      createInvitation(t.deps, actor, { workspaceId: annId, email, role, accountIds: null });
    const newUser = async (email: string) =>
      (await createUser(t.deps, { email, betaTester: false }))._unsafeUnwrap().id;

    it('shows the token once, stores its hash, and accepts it once for the address invited', async () => {
      const created = (await invite(as(annId), 'Eve@Example.com'))._unsafeUnwrap();
      expect(created.token).toMatch(/^svc_inv_[0-9A-Z]{26}\.[A-Za-z0-9_-]{43}$/);
      const stored = await t.store.workspaces.getInvitation(created.invitation.id);
      expect(stored).toMatchObject({ email: 'eve@example.com', role: 'contributor', acceptedAt: null });
      expect(JSON.stringify(stored)).not.toContain(created.token.split('.')[1]);
      expect(stored?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 7 * 24 * 3600 * 1000);
      expect((await listOpenInvitations(t.deps, as(annId), annId))._unsafeUnwrap()).toHaveLength(1);

      const other = await newUser('mallory@example.com');
      expect(await code(acceptInvitation(t.deps, other, created.token))).toBe('invitation_not_found');
      const eve = await newUser('eve@example.com');
      expect(await code(acceptInvitation(t.deps, eve, `${created.token.slice(0, -1)}x`))).toBe(
        'invitation_not_found',
      );
      expect(await code(acceptInvitation(t.deps, eve, 'nonsense'))).toBe('invitation_not_found');
      expect((await acceptInvitation(t.deps, eve, created.token))._unsafeUnwrap()).toMatchObject({
        workspaceId: annId,
        userId: eve,
        role: 'contributor',
      });
      expect(await code(acceptInvitation(t.deps, eve, created.token))).toBe('invitation_used');
      expect((await listOpenInvitations(t.deps, as(annId), annId))._unsafeUnwrap()).toEqual([]);
    });

    it('expires after seven days', async () => {
      const created = (await invite(OPERATOR))._unsafeUnwrap();
      const eve = await newUser('eve@example.com');
      t.clock.advance(7 * 24 * 3600 * 1000);
      expect(await code(acceptInvitation(t.deps, eve, created.token))).toBe('invitation_expired');
    });

    it('is for admins and owners, never for ownership, nor for members already in', async () => {
      const bob = (await add('bob@example.com', 'editor'))._unsafeUnwrap().member.userId;
      expect(await code(invite(as(bob)))).toBe('role_not_allowed');
      expect(await code(listOpenInvitations(t.deps, as(bob), annId))).toBe('role_not_allowed');
      expect(await code(invite(as(annId), 'eve@example.com', 'owner'))).toBe('validation_failed');
      expect(await code(invite(as(annId), 'bob@example.com'))).toBe('already_a_member');
      expect(await code(invite(as(annId), 'not an address'))).toBe('validation_failed');
    });
  });

  it('creates a team workspace with a wsp_ id, its creator the owner', async () => {
    const made = (await createWorkspace(t.deps, { ownerUserId: annId, name: '  Agency  ' }))._unsafeUnwrap();
    expect(made.workspace).toMatchObject({ name: 'Agency', personal: false });
    expect(made.workspace.id).toMatch(/^wsp_/);
    expect(
      (await listWorkspaces(t.deps, annId))._unsafeUnwrap().map((m) => [m.workspace.id, m.member.role]),
    ).toEqual([
      [annId, 'owner'],
      [made.workspace.id, 'owner'],
    ]);
    expect(await code(createWorkspace(t.deps, { ownerUserId: annId, name: ' ' }))).toBe('validation_failed');
    expect(await code(createWorkspace(t.deps, { ownerUserId: 'user_missing', name: 'X' }))).toBe(
      'user_not_found',
    );
  });
});
