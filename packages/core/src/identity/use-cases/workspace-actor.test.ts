import { beforeEach, describe, expect, it } from 'vitest';
import { createDraft } from '../../approvals/index.js';
import { listMedia } from '../../media/index.js';
import { createPosts } from '../../posts/index.js';
import { addMember, createWorkspace, removeMember } from '../../teams/index.js';
import { anAccount, anApiKey } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { type Actor, actorOwner, actorWorkspaceId, operatorActor } from '../actor.js';
import { formatApiKey } from '../api-key.js';
import { authenticateApiKey } from './authenticate-api-key.js';
import { createUser } from './create-user.js';
import { intersectAccountLimits } from './workspace-plan-holder.js';

describe('the actor of a workspace', () => {
  let t: TestDeps;
  let annId: string;
  let accountId: string;

  /** Stores a key of `workspaceId` made by `createdBy` and authenticates it. */
  const keyOf = async (workspaceId: string, createdBy: string | null, accountIds: string[] | null = null) => {
    const id = t.deps.ids.id('key');
    const secret = t.deps.ids.secret();
    await t.store.apiKeys.insertApiKey(
      anApiKey(workspaceId, {
        id,
        secretHash: t.deps.keyHasher.hash(secret),
        scopes: ['*'],
        accountIds,
        ...(createdBy === null ? {} : { createdBy }),
      }),
    );
    return { id, auth: () => authenticateApiKey(t.deps, `Bearer ${formatApiKey(id, secret)}`) };
  };
  const member = async (email: string, role: string, accountIds: string[] | null = null) =>
    (await addMember(t.deps, { ownerEmail: 'ann@example.com', email, role, accountIds }))._unsafeUnwrap()
      .member.userId;

  beforeEach(async () => {
    t = createTestDeps();
    annId = (await createUser(t.deps, { email: 'ann@example.com', betaTester: false }))._unsafeUnwrap().id;
    accountId = (await t.store.accounts.saveAccount(anAccount(annId, { platform: 'threads' }))).id;
  });

  it('a key from before workspaces acts as the owner of its personal workspace, as before', async () => {
    const actor = (await (await keyOf(annId, null)).auth())._unsafeUnwrap();
    expect(actor).toMatchObject({
      workspaceId: annId,
      member: { workspaceId: annId, role: 'owner', accountIds: null },
    });
    expect(actor.user.id).toBe(annId);
    expect(actorOwner(actor)).toBe(actor.user);
    expect(operatorActor(actor.user)).toMatchObject({ workspaceId: annId, member: { role: 'owner' } });
  });

  it("a member's key acts with their role and both account limits, and stops when they leave", async () => {
    const bobId = await member('bob@example.com', 'contributor', [accountId]);
    const key = await keyOf(annId, bobId, null);
    const actor = (await key.auth())._unsafeUnwrap();
    expect(actor).toMatchObject({
      workspaceId: annId,
      member: { role: 'contributor', accountIds: [accountId] },
      accountIds: [accountId],
    });
    expect(actor.user.id).toBe(bobId);
    expect(actorWorkspaceId(actor)).toBe(annId);
    // The workspace owns the rows and holds the plan: Ann's.
    expect(actorOwner(actor)).toMatchObject({ id: annId, email: 'ann@example.com' });

    expect(
      (await removeMember(t.deps, { kind: 'operator' }, { workspaceId: annId, userId: bobId })).isOk(),
    ).toBe(true);
    expect((await key.auth())._unsafeUnwrapErr().code).toBe('invalid_api_key');
    expect((await t.store.apiKeys.getApiKey(key.id))?.revokedAt).not.toBeNull();
  });

  it('roles limit the person: a contributor drafts but may not schedule; a viewer only reads', async () => {
    const bobId = await member('bob@example.com', 'contributor');
    const cyId = await member('cy@example.com', 'viewer');
    const bob = (await (await keyOf(annId, bobId)).auth())._unsafeUnwrap();
    const cy = (await (await keyOf(annId, cyId)).auth())._unsafeUnwrap();
    const draft = (
      await createDraft(t.deps, bob, { contentHint: 'hello', profileIds: [accountId] })
    )._unsafeUnwrap();
    expect(draft.ownerId).toBe(annId);
    const scheduled = await createPosts(
      t.deps,
      bob,
      { caption: 'Launch', profileIds: [accountId], scheduledTime: '2026-01-16T09:00:00Z' },
      { requireScheduledTime: false },
    );
    expect(scheduled._unsafeUnwrapErr()).toMatchObject({
      code: 'role_not_allowed',
      details: { action: 'post:schedule', role: 'contributor' },
    });
    expect((await createDraft(t.deps, cy, { contentHint: 'x' }))._unsafeUnwrapErr().code).toBe(
      'role_not_allowed',
    );
    expect((await listMedia(t.deps, cy, {})).isOk()).toBe(true);
  });

  it("a member of one workspace cannot reach another's rows by id", async () => {
    const bobId = (await createUser(t.deps, { email: 'bob@example.com', betaTester: false }))._unsafeUnwrap()
      .id;
    const team = (await createWorkspace(t.deps, { ownerUserId: bobId, name: 'Team' }))._unsafeUnwrap();
    const inTeam = (await (await keyOf(team.workspace.id, bobId)).auth())._unsafeUnwrap();
    expect(inTeam).toMatchObject({ workspaceId: team.workspace.id, member: { role: 'owner' } });
    // The team workspace's plan is its first owner's.
    expect(actorOwner(inTeam)).toMatchObject({ id: team.workspace.id, email: 'bob@example.com' });
    const annUser = await t.store.users.getUser(annId);
    if (annUser === null) throw new Error('Ann is gone.');
    const ann: Actor = operatorActor(annUser);
    const post = (
      await createDraft(t.deps, ann, { contentHint: 'mine', profileIds: [accountId] })
    )._unsafeUnwrap();
    expect(
      (await createDraft(t.deps, inTeam, { contentHint: 'x', profileIds: [accountId] }))._unsafeUnwrapErr()
        .code,
    ).toBe('invalid_profile_ids');
    expect(post.ownerId).toBe(annId);
  });

  it('intersects account limits', () => {
    expect(intersectAccountLimits(null, null)).toBeNull();
    expect(intersectAccountLimits(['a'], null)).toEqual(['a']);
    expect(intersectAccountLimits(null, ['b'])).toEqual(['b']);
    expect(intersectAccountLimits(['a', 'b'], ['b', 'c'])).toEqual(['b']);
  });
});
