import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { Invitation, Member, Workspace } from '../teams/index.js';
import { aUser } from './builders.js';
import { at } from './store-contract-support.js';

const aWorkspace = (id: string, minutes = 0): Workspace => ({
  id,
  name: `Team ${id}`,
  personal: false,
  createdAt: at(minutes),
  updatedAt: at(minutes),
});

const aMember = (workspaceId: string, userId: string, overrides: Partial<Member> = {}): Member => ({
  workspaceId,
  userId,
  role: 'editor',
  accountIds: null,
  createdAt: at(1),
  updatedAt: at(1),
  ...overrides,
});

const anInvitation = (workspaceId: string, overrides: Partial<Invitation> = {}): Invitation => ({
  id: 'inv_01JD0000000000000000000001',
  workspaceId,
  email: 'invitee@example.com',
  role: 'contributor',
  accountIds: ['acct_a'],
  tokenHash: 'hash-of-secret',
  invitedBy: workspaceId,
  createdAt: at(2),
  expiresAt: at(60 * 24 * 7),
  acceptedAt: null,
  acceptedBy: null,
  ...overrides,
});

/** The workspace part of the store contract; `store()` is the test's fresh store. */
export function describeWorkspaceStoreContract(store: () => Store): void {
  describe('workspaces', () => {
    it("writes a user's personal workspace, with the user's id, and its owner membership with the user", async () => {
      const user = aUser({ email: 'ann@example.com' });
      await store().users.insertUser(user);
      const personal: Workspace = {
        id: user.id,
        name: 'ann@example.com',
        personal: true,
        createdAt: user.createdAt,
        updatedAt: user.createdAt,
      };
      expect(await store().workspaces.getWorkspace(user.id)).toEqual(personal);
      const owner = aMember(user.id, user.id, {
        role: 'owner',
        createdAt: user.createdAt,
        updatedAt: user.createdAt,
      });
      expect(await store().workspaces.listMembers(user.id)).toEqual([owner]);
      expect(await store().workspaces.listMemberships(user.id)).toEqual([
        { workspace: personal, member: owner },
      ]);
      // A refused user leaves no workspace behind.
      const clash = aUser({ email: 'ann@example.com' });
      expect(await store().users.insertUser(clash)).toBe('email_taken');
      expect(await store().workspaces.getWorkspace(clash.id)).toBeNull();
    });

    it('writes a new user with their membership of another workspace, or nothing at all', async () => {
      const ann = aUser({ email: 'ann@example.com' });
      await store().users.insertUser(ann);
      const bob = aUser({ email: 'bob@example.com' });
      const joining = { workspaceId: ann.id, role: 'contributor' as const, accountIds: ['acct_a'] };
      expect(await store().users.insertUser(bob, joining)).toBe('inserted');
      expect(await store().workspaces.getMember(ann.id, bob.id)).toEqual(
        aMember(ann.id, bob.id, { ...joining, createdAt: bob.createdAt, updatedAt: bob.createdAt }),
      );
      expect((await store().workspaces.listMemberships(bob.id)).map((m) => m.workspace.id)).toEqual([
        bob.id,
        ann.id,
      ]);
      // An email clash writes neither the user nor the membership.
      const clash = aUser({ email: 'bob@example.com' });
      expect(await store().users.insertUser(clash, joining)).toBe('email_taken');
      expect(await store().workspaces.getMember(ann.id, clash.id)).toBeNull();
    });

    it('stores a workspace with its owner, and lists a member’s workspaces personal first', async () => {
      const ann = aUser();
      const bob = aUser();
      await store().users.insertUser(ann);
      await store().users.insertUser(bob);
      const team = aWorkspace('wsp_team', 5);
      const owner = aMember(team.id, ann.id, { role: 'owner', createdAt: at(5), updatedAt: at(5) });
      await store().workspaces.insertWorkspace(team, owner);
      await expect(store().workspaces.insertWorkspace(team, owner)).rejects.toThrow();
      expect(await store().workspaces.getWorkspace(team.id)).toEqual(team);
      expect(await store().workspaces.getWorkspace('wsp_missing')).toBeNull();
      const bobs = aMember(team.id, bob.id, {
        role: 'viewer',
        accountIds: ['acct_1', 'acct_2'],
        createdAt: at(6),
      });
      expect(await store().workspaces.insertMember(bobs)).toBe('inserted');
      expect(await store().workspaces.insertMember({ ...bobs, role: 'admin' })).toBe('already_member');
      expect(await store().workspaces.getMember(team.id, bob.id)).toEqual(bobs);
      expect(await store().workspaces.getMember(team.id, 'user_missing')).toBeNull();
      expect(await store().workspaces.listMembers(team.id)).toEqual([owner, bobs]);
      const memberships = await store().workspaces.listMemberships(bob.id);
      expect(memberships.map((m) => [m.workspace.id, m.member.role])).toEqual([
        [bob.id, 'owner'],
        [team.id, 'viewer'],
      ]);
      expect(await store().workspaces.listMemberships('user_missing')).toEqual([]);
    });

    it('changes roles and removes members, never leaving a workspace without an owner', async () => {
      const ann = aUser();
      const bob = aUser();
      await store().users.insertUser(ann);
      await store().users.insertUser(bob);
      const ws = ann.id;
      await store().workspaces.insertMember(aMember(ws, bob.id));
      const change = { role: 'admin' as const, accountIds: ['acct_1'] };
      expect(await store().workspaces.updateMember(ws, bob.id, change, at(9))).toBe('changed');
      expect(await store().workspaces.getMember(ws, bob.id)).toEqual(
        aMember(ws, bob.id, { ...change, updatedAt: at(9) }),
      );
      expect(await store().workspaces.updateMember(ws, 'user_missing', change, at(9))).toBe(
        'member_not_found',
      );
      // Ann is the only owner: she can neither step down nor leave.
      const down = { role: 'editor' as const, accountIds: null };
      expect(await store().workspaces.updateMember(ws, ann.id, down, at(10))).toBe('last_owner');
      expect(await store().workspaces.removeMember(ws, ann.id)).toBe('last_owner');
      expect((await store().workspaces.getMember(ws, ann.id))?.role).toBe('owner');
      // With Bob an owner too, she can.
      const up = { role: 'owner' as const, accountIds: null };
      expect(await store().workspaces.updateMember(ws, bob.id, up, at(11))).toBe('changed');
      expect(await store().workspaces.updateMember(ws, ann.id, down, at(12))).toBe('changed');
      expect(await store().workspaces.removeMember(ws, ann.id)).toBe('changed');
      expect(await store().workspaces.removeMember(ws, ann.id)).toBe('member_not_found');
      expect((await store().workspaces.listMembers(ws)).map((m) => m.userId)).toEqual([bob.id]);
    });

    it('deletes an open invitation of its workspace only, once', async () => {
      const ann = aUser();
      await store().users.insertUser(ann);
      const invitation = anInvitation(ann.id);
      await store().workspaces.insertInvitation(invitation);
      expect(await store().workspaces.deleteInvitation('wsp_other', invitation.id)).toBe(false);
      expect(await store().workspaces.deleteInvitation(ann.id, invitation.id)).toBe(true);
      expect(await store().workspaces.deleteInvitation(ann.id, invitation.id)).toBe(false);
      expect(await store().workspaces.getInvitation(invitation.id)).toBeNull();
    });

    it('keeps invitations, lists the open ones and accepts one once', async () => {
      const ann = aUser();
      const bob = aUser({ email: 'invitee@example.com' });
      await store().users.insertUser(ann);
      await store().users.insertUser(bob);
      const invitation = anInvitation(ann.id);
      const older = anInvitation(ann.id, { id: 'inv_01JD0000000000000000000000', email: 'old@example.com' });
      await store().workspaces.insertInvitation(older);
      await store().workspaces.insertInvitation(invitation);
      await expect(store().workspaces.insertInvitation(invitation)).rejects.toThrow();
      expect(await store().workspaces.getInvitation(invitation.id)).toEqual(invitation);
      expect(await store().workspaces.getInvitation('inv_missing')).toBeNull();
      expect(await store().workspaces.listOpenInvitations(ann.id)).toEqual([invitation, older]);
      const member = aMember(ann.id, bob.id, {
        role: 'contributor',
        accountIds: ['acct_a'],
        createdAt: at(20),
      });
      expect(await store().workspaces.acceptInvitation(invitation.id, member, at(20))).toBe('accepted');
      expect(await store().workspaces.acceptInvitation(invitation.id, member, at(21))).toBe(
        'invitation_used',
      );
      expect(await store().workspaces.getMember(ann.id, bob.id)).toEqual(member);
      expect(await store().workspaces.getInvitation(invitation.id)).toEqual({
        ...invitation,
        acceptedAt: at(20),
        acceptedBy: bob.id,
      });
      expect(await store().workspaces.listOpenInvitations(ann.id)).toEqual([older]);
      // A member already: the invitation stays open.
      expect(await store().workspaces.acceptInvitation(older.id, member, at(22))).toBe('already_member');
      expect((await store().workspaces.getInvitation(older.id))?.acceptedAt).toBeNull();
    });

    it('keeps one approval policy per workspace, replaced when saved again', async () => {
      const user = aUser();
      await store().users.insertUser(user);
      const ws = user.id;
      expect(await store().workspaces.getApprovalPolicy(ws)).toBeNull();
      const two = {
        requiredFor: 'agents' as const,
        steps: [{ role: 'editor' as const }, { userId: user.id }],
      };
      await store().workspaces.setApprovalPolicy(ws, two, at(1), user.id);
      expect(await store().workspaces.getApprovalPolicy(ws)).toEqual(two);
      const one = { requiredFor: 'everyone' as const, steps: [{ role: 'admin' as const }] };
      await store().workspaces.setApprovalPolicy(ws, one, at(2), user.id);
      expect(await store().workspaces.getApprovalPolicy(ws)).toEqual(one);
      expect(await store().workspaces.getApprovalPolicy('wsp_other')).toBeNull();
    });
  });
}
