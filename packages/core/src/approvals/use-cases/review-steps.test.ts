import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor, User } from '../../identity/index.js';
import { createPosts } from '../../posts/index.js';
import type { Role } from '../../roles/index.js';
import { getApprovalPolicy, setApprovalPolicy } from '../../teams/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { createDraft } from './create-draft.js';
import { decideApproval } from './decide-approval.js';
import { getApprovalStatus } from './get-approval-status.js';
import { requestApproval } from './request-approval.js';
import { reviewApproval } from './review-approval.js';

// The approval policy through the use cases (docs/teams.md, "Approval policy"): two review steps
// in the owner's workspace, decided by the members the steps name, and who must ask at all.
describe('review steps', () => {
  let t: TestDeps;
  const owner = aUser();
  const people: Record<'admin' | 'editor' | 'editor2' | 'contributor', User> = {
    admin: aUser(),
    editor: aUser(),
    editor2: aUser(),
    contributor: aUser(),
  };
  const roles: Record<keyof typeof people, Role> = {
    admin: 'admin',
    editor: 'editor',
    editor2: 'editor',
    contributor: 'contributor',
  };
  let threads: ConnectedAccount;

  const as = (who: keyof typeof people | 'owner', extra: Partial<Actor> = {}): Actor => {
    const user = who === 'owner' ? owner : people[who];
    return {
      user,
      workspaceId: owner.id,
      member: { workspaceId: owner.id, role: who === 'owner' ? 'owner' : roles[who], accountIds: null },
      planHolder: owner,
      credentialId: `console:${user.id}`,
      scopes: ['*'],
      accountIds: null,
      ...extra,
    };
  };

  beforeEach(async () => {
    t = createTestDeps();
    await t.store.users.insertUser(owner);
    for (const [name, user] of Object.entries(people)) {
      await t.store.users.insertUser(user);
      await t.store.workspaces.insertMember({
        workspaceId: owner.id,
        userId: user.id,
        role: roles[name as keyof typeof people],
        accountIds: null,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
    }
    threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
  });

  const twoSteps = async () =>
    (
      await setApprovalPolicy(t.deps, as('admin'), {
        requiredFor: 'contributors',
        steps: [{ role: 'editor' }, { userId: people.admin.id }],
      })
    )._unsafeUnwrap();

  /** The contributor's draft, sent for review; its post id. */
  const asked = async (): Promise<string> => {
    const draft = (
      await createDraft(t.deps, as('contributor'), {
        caption: `Friday menu ${Math.random()}`,
        profileIds: [threads.id],
        scheduledTime: '2026-02-01T10:00:00Z',
      })
    )._unsafeUnwrap();
    (
      await requestApproval(t.deps, as('contributor'), { postId: draft.id, note: 'for Friday' })
    )._unsafeUnwrap();
    return draft.id;
  };
  const review = (
    who: keyof typeof people | 'owner',
    postId: string,
    approve: boolean,
    note: string | null = null,
  ) => reviewApproval(t.deps, as(who), { postId, approve, note });

  it('reads the default policy until an admin saves one; editors may not save one', async () => {
    expect((await getApprovalPolicy(t.deps, as('contributor')))._unsafeUnwrap()).toEqual({
      policy: { requiredFor: 'contributors', steps: [{ role: 'editor' }] },
      saved: false,
    });
    const refused = await setApprovalPolicy(t.deps, as('editor'), {
      requiredFor: 'everyone',
      steps: [{ role: 'editor' }],
    });
    expect(refused._unsafeUnwrapErr().code).toBe('role_not_allowed');
    await twoSteps();
    expect((await getApprovalPolicy(t.deps, as('editor')))._unsafeUnwrap().saved).toBe(true);
  });

  it('refuses a step no one could decide', async () => {
    const code = async (steps: unknown) =>
      (
        await setApprovalPolicy(t.deps, as('admin'), { requiredFor: 'contributors', steps })
      )._unsafeUnwrapErr().code;
    expect(await code([{ userId: people.contributor.id }])).toBe('invalid_approval_policy');
    expect(await code([{ userId: 'user_nobody' }])).toBe('invalid_approval_policy');
    expect(await code([{ role: 'viewer' }])).toBe('invalid_approval_policy');
    expect(await code([])).toBe('validation_failed');
    expect((await getApprovalPolicy(t.deps, as('admin')))._unsafeUnwrap().saved).toBe(false);
  });

  it('two steps: an editor approves step 1, the named admin step 2, and the post is scheduled', async () => {
    await twoSteps();
    const postId = await asked();
    // A contributor never decides, whatever the step.
    expect((await review('contributor', postId, true))._unsafeUnwrapErr().code).toBe('role_not_allowed');
    const first = (await review('editor', postId, true, 'copy is fine'))._unsafeUnwrap();
    expect(first.approval.status).toBe('pending');
    expect(first.scheduledPostIds).toEqual([]);
    expect((await t.store.posts.getPost(postId))?.status).toBe('pending_approval');
    // Step 2 names the admin: another editor (even the owner) is not its reviewer.
    expect((await review('editor2', postId, true))._unsafeUnwrapErr().code).toBe('reviewer_not_allowed');
    expect((await review('owner', postId, true))._unsafeUnwrapErr().code).toBe('reviewer_not_allowed');
    const second = (await review('admin', postId, true, 'ship it'))._unsafeUnwrap();
    expect(second.approval.status).toBe('approved');
    expect((await t.store.posts.getPost(postId))?.status).toBe('scheduled');
    const status = (await getApprovalStatus(t.deps, as('contributor'), postId))._unsafeUnwrap();
    expect(status.status).toBe('approved');
    expect(status.steps).toEqual([
      {
        step: 1,
        reviewer: { role: 'editor' },
        status: 'approved',
        decidedBy: people.editor.id,
        note: 'copy is fine',
        decidedAt: t.clock.now(),
      },
      {
        step: 2,
        reviewer: { userId: people.admin.id },
        status: 'approved',
        decidedBy: people.admin.id,
        note: 'ship it',
        decidedAt: t.clock.now(),
      },
    ]);
  });

  it('a rejection at step 2 returns the post to draft with the note, and ends the request', async () => {
    await twoSteps();
    const postId = await asked();
    (await review('editor', postId, true))._unsafeUnwrap();
    const rejected = (await review('admin', postId, false, 'wrong price'))._unsafeUnwrap();
    expect(rejected.approval).toMatchObject({ status: 'rejected', reviewerNote: 'wrong price' });
    expect((await t.store.posts.getPost(postId))?.status).toBe('draft');
    const status = (await getApprovalStatus(t.deps, as('contributor'), postId))._unsafeUnwrap();
    expect(status.steps.map((s) => [s.status, s.note])).toEqual([
      ['approved', null],
      ['rejected', 'wrong price'],
    ]);
    expect((await review('admin', postId, true))._unsafeUnwrapErr().code).toBe('invalid_post_state');
  });

  it('a rejection at step 1 skips step 2', async () => {
    await twoSteps();
    const postId = await asked();
    (await review('editor', postId, false, 'too long'))._unsafeUnwrap();
    const status = (await getApprovalStatus(t.deps, as('contributor'), postId))._unsafeUnwrap();
    expect(status.steps.map((s) => s.status)).toEqual(['rejected', 'skipped']);
    expect((await t.store.posts.getPost(postId))?.status).toBe('draft');
  });

  it('under a saved policy, a requester never decides their own request', async () => {
    await t.store.workspaces.setApprovalPolicy(
      owner.id,
      { requiredFor: 'everyone', steps: [{ role: 'editor' }] },
      t.clock.now(),
      owner.id,
    );
    const draft = (
      await createDraft(t.deps, as('editor'), { caption: 'Mine', profileIds: [threads.id] })
    )._unsafeUnwrap();
    (await requestApproval(t.deps, as('editor'), { postId: draft.id }))._unsafeUnwrap();
    expect((await review('editor', draft.id, true))._unsafeUnwrapErr()).toMatchObject({
      code: 'reviewer_not_allowed',
      details: { reason: 'own_request' },
    });
    expect((await review('editor2', draft.id, true))._unsafeUnwrap().approval.status).toBe('approved');
  });

  it('the operator decides the open step, whoever it names', async () => {
    await twoSteps();
    const postId = await asked();
    (await decideApproval(t.deps, { id: postId, approve: true }))._unsafeUnwrap();
    const status = (await getApprovalStatus(t.deps, as('owner'), postId))._unsafeUnwrap();
    expect(status.steps.map((s) => [s.status, s.decidedBy])).toEqual([
      ['approved', 'operator'],
      ['awaiting_review', null],
    ]);
  });

  it('a request keeps the steps it was sent with when the policy changes', async () => {
    const postId = await asked();
    await twoSteps();
    (await review('editor', postId, true))._unsafeUnwrap();
    expect((await t.store.posts.getPost(postId))?.status).toBe('scheduled');
  });

  describe('approval_required', () => {
    const schedule = (actor: Actor) =>
      createPosts(
        t.deps,
        actor,
        {
          caption: `Now ${Math.random()}`,
          platforms: ['threads'],
          profileIds: [threads.id],
          scheduledTime: '2026-02-01T10:00:00Z',
        },
        { requireScheduledTime: false },
      );
    const policy = (requiredFor: 'agents' | 'keys_marked' | 'everyone') =>
      t.store.workspaces.setApprovalPolicy(
        owner.id,
        { requiredFor, steps: [{ role: 'editor' }] },
        t.clock.now(),
        owner.id,
      );

    it('agents: an OAuth grant is refused, the person is not', async () => {
      await policy('agents');
      const agent = as('editor', { oauthScopes: ['posts:write'] });
      expect((await schedule(agent))._unsafeUnwrapErr()).toMatchObject({
        code: 'approval_required',
        details: { requiredFor: 'agents' },
      });
      expect((await schedule(as('editor')))._unsafeUnwrap().status).toBe('scheduled');
    });

    it('keys_marked: a key marked "needs approval" is refused', async () => {
      await policy('keys_marked');
      expect((await schedule(as('admin', { needsApproval: true })))._unsafeUnwrapErr().code).toBe(
        'approval_required',
      );
      expect((await schedule(as('admin')))._unsafeUnwrap().status).toBe('scheduled');
    });

    it('everyone: the owner too; the default lets every editor schedule', async () => {
      expect((await schedule(as('owner')))._unsafeUnwrap().status).toBe('scheduled');
      await policy('everyone');
      expect((await schedule(as('owner')))._unsafeUnwrapErr().code).toBe('approval_required');
    });
  });
});
