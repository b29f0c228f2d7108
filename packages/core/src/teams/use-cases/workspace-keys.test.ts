import { beforeEach, describe, expect, it } from 'vitest';
import { authenticateApiKey, createApiKey, createUser, listApiKeys } from '../../identity/index.js';
import { anAccount } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { addMember } from './add-member.js';
import { createWorkspace } from './create-workspace.js';

// Keys for a workspace the person is a member of (docs/teams.md, "Keys for a team workspace"):
// the operator may make one for any member; it acts as them, with their role and account limit.

describe('createApiKey in a workspace', () => {
  let t: TestDeps;
  let annId: string;
  let bobId: string;
  let mine: string;
  let other: string;
  const keyFor = (email: string, workspaceId: string | undefined, accountIds: string[] | null = null) =>
    createApiKey(t.deps, {
      email,
      ...(workspaceId === undefined ? {} : { workspaceId }),
      scopes: ['*'],
      accountIds,
      name: null,
      expiresInDays: null,
    });

  beforeEach(async () => {
    t = createTestDeps();
    annId = (await createUser(t.deps, { email: 'ann@example.com', betaTester: false }))._unsafeUnwrap().id;
    mine = (await t.store.accounts.saveAccount(anAccount(annId))).id;
    other = (await t.store.accounts.saveAccount(anAccount(annId))).id;
    const added = await addMember(t.deps, {
      ownerEmail: 'ann@example.com',
      email: 'bob@example.com',
      role: 'viewer',
      accountIds: [mine],
    });
    bobId = added._unsafeUnwrap().member.userId;
  });

  it("acts as the member, with their role and account limit, in the workspace's rows", async () => {
    const created = (await keyFor('Bob@example.com', annId))._unsafeUnwrap();
    expect(created.record).toMatchObject({ ownerId: annId, createdBy: bobId, accountIds: null });
    const actor = (await authenticateApiKey(t.deps, `Bearer ${created.key}`))._unsafeUnwrap();
    expect(actor).toMatchObject({
      user: { id: bobId },
      workspaceId: annId,
      member: { role: 'viewer', accountIds: [mine] },
      accountIds: [mine],
    });
  });

  it('keeps a key of the personal workspace as before: no creator', async () => {
    const created = (await keyFor('bob@example.com', bobId))._unsafeUnwrap();
    expect(created.record.ownerId).toBe(bobId);
    expect(created.record).not.toHaveProperty('createdBy');
    expect((await keyFor('bob@example.com', undefined))._unsafeUnwrap().record.ownerId).toBe(bobId);
  });

  it("makes a team workspace's owner key theirs, acting as its owner", async () => {
    const team = (await createWorkspace(t.deps, { ownerUserId: annId, name: 'Agency' }))._unsafeUnwrap();
    const created = (await keyFor('ann@example.com', team.workspace.id))._unsafeUnwrap();
    expect(created.record).toMatchObject({ ownerId: team.workspace.id, createdBy: annId });
    const actor = (await authenticateApiKey(t.deps, `Bearer ${created.key}`))._unsafeUnwrap();
    expect(actor.member).toMatchObject({ workspaceId: team.workspace.id, role: 'owner' });
  });

  it('refuses a non-member, an unknown workspace, and accounts beyond the member limit', async () => {
    await createUser(t.deps, { email: 'dee@example.com', betaTester: false });
    expect((await keyFor('dee@example.com', annId))._unsafeUnwrapErr().code).toBe('member_not_found');
    expect((await keyFor('bob@example.com', 'wsp_nope'))._unsafeUnwrapErr().code).toBe('workspace_not_found');
    expect((await keyFor('bob@example.com', annId, [other]))._unsafeUnwrapErr().code).toBe(
      'invalid_profile_ids',
    );
    expect((await keyFor('bob@example.com', annId, [mine]))._unsafeUnwrap().record.accountIds).toEqual([
      mine,
    ]);
    expect(await t.store.apiKeys.listApiKeys(annId)).toHaveLength(1);
  });

  it("lists the keys a person made in each of their workspaces, or in one; never another member's", async () => {
    const personal = (await keyFor('bob@example.com', undefined))._unsafeUnwrap().record.id;
    const inAnns = (await keyFor('bob@example.com', annId))._unsafeUnwrap().record.id;
    const anns = (await keyFor('ann@example.com', undefined))._unsafeUnwrap().record.id;
    const ids = async (email: string, workspaceId?: string) =>
      (await listApiKeys(t.deps, email, workspaceId))._unsafeUnwrap().map((k) => [k.ownerId, k.id]);
    expect(await ids('bob@example.com')).toEqual([
      [bobId, personal],
      [annId, inAnns],
    ]);
    expect(await ids('bob@example.com', annId)).toEqual([[annId, inAnns]]);
    expect(await ids('ann@example.com')).toEqual([[annId, anns]]);
  });
});
