import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../domain/actor.js';
import type { ConnectedAccount } from '../domain/connected-account.js';
import { anAccount, aUser } from '../testing/builders.js';
import { createTestDeps, type TestDeps } from '../testing/test-deps.js';
import { createDraft } from './create-draft.js';
import { decideApproval } from './decide-approval.js';
import { getApprovalStatus } from './get-approval-status.js';
import { getPost } from './get-post.js';
import { requestApproval } from './request-approval.js';

describe('drafts and approvals', () => {
  let t: TestDeps;
  const owner = aUser();
  let threads: ConnectedAccount;
  let facebook: ConnectedAccount;
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:draft', 'approval:request', 'post:read'],
    accountIds: null,
    ...overrides,
  });

  beforeEach(async () => {
    t = createTestDeps();
    await t.store.users.insertUser(owner);
    threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    facebook = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'facebook' }));
  });

  const draft = async (profileIds: string[] = [threads.id], who = actor()) =>
    (
      await createDraft(t.deps, who, {
        contentHint: 'new menu is live #food',
        tone: 'promotional',
        name: ' Menu launch ',
        profileIds,
      })
    )._unsafeUnwrap();

  it('saves a draft with a generated caption, the label and the targets, not due', async () => {
    const post = await draft([threads.id]);
    expect(post).toMatchObject({
      status: 'draft',
      name: 'Menu launch',
      platforms: ['threads'],
      profileIds: [threads.id],
      scheduledTime: null,
      dueAt: null,
      caption: 'New menu is live.\n\nCheck it out today!\n\n#food',
    });
    expect(await t.store.posts.nextDueAt()).toBeNull();
    expect((await getPost(t.deps, actor(), post.id))._unsafeUnwrap()).toEqual(post);
  });

  it('checks scope, tone and targets like a post', async () => {
    const refuse = async (who: Actor, input: Parameters<typeof createDraft>[2]) =>
      (await createDraft(t.deps, who, input))._unsafeUnwrapErr().code;
    expect(await refuse(actor({ scopes: ['post:read'] }), { contentHint: 'x' })).toBe('insufficient_scope');
    expect(await refuse(actor(), { contentHint: '  ' })).toBe('missing_content');
    expect(await refuse(actor(), { contentHint: 'x', tone: 'angry' })).toBe('validation_failed');
    expect(await refuse(actor(), { contentHint: 'x', platforms: ['myspace'] })).toBe('unsupported_platform');
    expect(await refuse(actor(), { contentHint: 'x', profileIds: ['acct_nope'] })).toBe(
      'invalid_profile_ids',
    );
    expect(
      await refuse(actor({ accountIds: [facebook.id] }), { contentHint: 'x', profileIds: [threads.id] }),
    ).toBe('profile_scope_denied');
    expect(
      await refuse(actor(), { contentHint: 'x', platforms: ['instagram'], profileIds: [threads.id] }),
    ).toBe('invalid_profile_ids');
  });

  it('post:write implies post:draft', async () => {
    const post = (
      await createDraft(t.deps, actor({ scopes: ['post:write'] }), { contentHint: 'hi' })
    )._unsafeUnwrap();
    expect(post).toMatchObject({ status: 'draft', profileIds: [], platforms: [], caption: 'Hi' });
  });

  it('requests approval for a draft only, and reports its status', async () => {
    const post = await draft();
    const asked = (
      await requestApproval(t.deps, actor(), { postId: post.id, note: 'for Friday' })
    )._unsafeUnwrap();
    expect(asked).toEqual({
      approvalId: expect.stringMatching(/^appr_/),
      postId: post.id,
      status: 'pending',
    });
    expect((await t.store.posts.getPost(post.id))?.status).toBe('pending_approval');
    expect((await getApprovalStatus(t.deps, actor(), post.id))._unsafeUnwrap()).toEqual({
      approvalId: asked.approvalId,
      postId: post.id,
      status: 'awaiting_review',
      requestNote: 'for Friday',
      reviewerNote: null,
      requestedAt: t.clock.now(),
      decidedAt: null,
    });
    const again = (await requestApproval(t.deps, actor(), { postId: post.id }))._unsafeUnwrapErr();
    expect(again.code).toBe('invalid_post_state');
    expect(again.message).toContain('already awaiting review');
    const scheduled = await draft();
    await t.store.posts.updatePost({ ...scheduled, status: 'scheduled' }, scheduled.version);
    const notDraft = (await requestApproval(t.deps, actor(), { postId: scheduled.id }))._unsafeUnwrapErr();
    expect(notDraft.message).toMatch(
      /^This post is scheduled\. Only drafts can be sent for approval\. .*svc_draft_post/,
    );
  });

  it('refuses approval requests without the scope, for foreign posts, and answers when none was asked', async () => {
    const post = await draft();
    expect(
      (
        await requestApproval(t.deps, actor({ scopes: ['post:draft'] }), { postId: post.id })
      )._unsafeUnwrapErr().code,
    ).toBe('insufficient_scope');
    expect(
      (await requestApproval(t.deps, actor({ user: aUser() }), { postId: post.id }))._unsafeUnwrapErr().code,
    ).toBe('post_not_found');
    expect((await getApprovalStatus(t.deps, actor(), post.id))._unsafeUnwrapErr().code).toBe(
      'approval_not_found',
    );
  });

  it('approving schedules the draft at the next run, one row per target, and wakes the publisher', async () => {
    const post = await draft([threads.id, facebook.id]);
    const { approvalId } = (await requestApproval(t.deps, actor(), { postId: post.id }))._unsafeUnwrap();
    t.clock.advance(60_000);
    const decided = (
      await decideApproval(t.deps, { id: approvalId, approve: true, note: 'ship it' })
    )._unsafeUnwrap();
    expect(decided.approval).toMatchObject({
      status: 'approved',
      reviewerNote: 'ship it',
      decidedAt: t.clock.now(),
    });
    expect(decided.scheduledPostIds).toHaveLength(2);
    expect(decided.post).toMatchObject({
      id: post.id,
      status: 'scheduled',
      platforms: ['threads'],
      profileIds: [threads.id],
      scheduledTime: t.clock.now(),
      dueAt: t.clock.now(),
    });
    const sibling = await t.store.posts.getPost(decided.scheduledPostIds[1] as string);
    expect(sibling).toMatchObject({
      status: 'scheduled',
      platforms: ['facebook'],
      profileIds: [facebook.id],
      name: 'Menu launch',
    });
    expect(t.publisher.dueCalls).toEqual([t.clock.now()]);
    expect((await getApprovalStatus(t.deps, actor(), post.id))._unsafeUnwrap()).toMatchObject({
      status: 'approved',
      reviewerNote: 'ship it',
    });
    const twice = (await decideApproval(t.deps, { id: approvalId, approve: false }))._unsafeUnwrapErr();
    expect(twice.code).toBe('invalid_post_state');
  });

  it('rejecting returns the post to draft with the note; it can be asked again (by post id)', async () => {
    const post = await draft();
    await requestApproval(t.deps, actor(), { postId: post.id });
    const decided = (
      await decideApproval(t.deps, { id: post.id, approve: false, note: 'tone down' })
    )._unsafeUnwrap();
    expect(decided.post.status).toBe('draft');
    expect((await getApprovalStatus(t.deps, actor(), post.id))._unsafeUnwrap()).toMatchObject({
      status: 'rejected',
      reviewerNote: 'tone down',
    });
    t.clock.advance(1000);
    const second = (await requestApproval(t.deps, actor(), { postId: post.id }))._unsafeUnwrap();
    expect((await getApprovalStatus(t.deps, actor(), post.id))._unsafeUnwrap().approvalId).toBe(
      second.approvalId,
    );
  });

  it('refuses to approve a draft without targets or failing the content policy, changing nothing', async () => {
    const bare = (await createDraft(t.deps, actor(), { contentHint: 'no targets' }))._unsafeUnwrap();
    await requestApproval(t.deps, actor(), { postId: bare.id });
    const none = (await decideApproval(t.deps, { id: bare.id, approve: true }))._unsafeUnwrapErr();
    expect(none).toMatchObject({ code: 'invalid_profile_ids' });
    expect(none.message).toContain('no target accounts');
    expect((await t.store.posts.getPost(bare.id))?.status).toBe('pending_approval');

    const instagram = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'instagram' }));
    const noMedia = await draft([instagram.id]);
    await requestApproval(t.deps, actor(), { postId: noMedia.id });
    expect((await decideApproval(t.deps, { id: noMedia.id, approve: true }))._unsafeUnwrapErr().code).toBe(
      'media_required',
    );
    expect(
      (await decideApproval(t.deps, { id: 'appr_unknown', approve: true }))._unsafeUnwrapErr().code,
    ).toBe('approval_not_found');
  });
});
