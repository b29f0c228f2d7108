import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import { getPost } from '../../posts/index.js';
import { aMediaAsset, anAccount, aUser, seedMediaAsset } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { createDraft } from './create-draft.js';
import { decideApproval } from './decide-approval.js';
import { getApprovalStatus } from './get-approval-status.js';
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

  /** A stored media asset of the owner whose bytes the inspector knows. */
  const stored = async (facts: {
    contentType: string;
    width?: number;
    height?: number;
    durationMs?: number;
  }) => {
    const content = t.inspector.describe(new TextEncoder().encode(`${Math.random()}`), facts);
    const put = await t.blobs.put(
      (async function* () {
        yield content;
      })(),
      { maxBytes: 1e6 },
    );
    if (!put.ok) throw new Error('put failed');
    return seedMediaAsset(
      t.store.media,
      aMediaAsset(owner.id, {
        ...facts,
        width: facts.width ?? null,
        height: facts.height ?? null,
        durationMs: facts.durationMs ?? null,
        blobKey: put.blob.key,
      }),
    );
  };
  const photo = (contentType: string) => stored({ contentType, width: 1080, height: 1350 });
  const video = () => stored({ contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 20_000 });

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
      steps: [expect.objectContaining({ step: 1, status: 'awaiting_review' })],
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
      // The default policy's one step (docs/teams.md, "Approval policy").
      steps: [
        {
          step: 1,
          reviewer: { role: 'editor' },
          status: 'awaiting_review',
          decidedBy: null,
          note: null,
          decidedAt: null,
        },
      ],
      requesterId: null,
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

  it('saves a draft with an evergreen rule, which each approved row carries; refuses a bad rule by its field', async () => {
    const rule = { everyDays: 14, maxTimes: 3 };
    const saved = (
      await createDraft(t.deps, actor(), {
        caption: 'Our guide',
        profileIds: [threads.id, facebook.id],
        evergreen: rule,
      })
    )._unsafeUnwrap();
    expect(saved.evergreen).toEqual({ ...rule, onlyAboveMedian: false });
    await requestApproval(t.deps, actor(), { postId: saved.id });
    const decided = (await decideApproval(t.deps, { id: saved.id, approve: true }))._unsafeUnwrap();
    for (const id of decided.scheduledPostIds) {
      expect((await t.store.posts.getPost(id))?.evergreen).toEqual({ ...rule, onlyAboveMedian: false });
    }
    const refused = (
      await createDraft(t.deps, actor(), { caption: 'Too often', evergreen: { everyDays: 0, maxTimes: 3 } })
    )._unsafeUnwrapErr();
    expect(refused).toMatchObject({ code: 'validation_failed', details: { field: 'evergreen.everyDays' } });
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

  it('refuses to send a draft that could not publish, naming what is missing, and changes nothing', async () => {
    const reasons = async (input: Parameters<typeof createDraft>[2]) => {
      const saved = (await createDraft(t.deps, actor(), input))._unsafeUnwrap();
      const refused = (await requestApproval(t.deps, actor(), { postId: saved.id }))._unsafeUnwrapErr();
      expect((await t.store.posts.getPost(saved.id))?.status).toBe('draft');
      expect(refused.message).toMatch(/^The draft cannot be sent for review yet: /);
      return refused;
    };
    const instagram = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'instagram' }));
    const tiktok = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'tiktok' }));
    expect(await reasons({ contentHint: 'no targets' })).toMatchObject({ code: 'invalid_profile_ids' });
    expect(await reasons({ contentHint: 'x', profileIds: [instagram.id] })).toMatchObject({
      code: 'media_required',
    });
    expect(
      await reasons({ caption: 'Clip', profileIds: [tiktok.id], mediaIds: [(await video()).id] }),
    ).toMatchObject({
      code: 'title_required',
      details: {
        issues: expect.arrayContaining([expect.objectContaining({ code: 'privacy_level_required' })]),
      },
    });
    expect(
      (await decideApproval(t.deps, { id: 'appr_unknown', approve: true }))._unsafeUnwrapErr().code,
    ).toBe('approval_not_found');
  });

  it('checks again at approval: an account gone since the request keeps the post awaiting review', async () => {
    const post = await draft([threads.id]);
    await requestApproval(t.deps, actor(), { postId: post.id });
    await t.store.accounts.saveAccount({ ...threads, status: 'inactive' });
    const refused = (await decideApproval(t.deps, { id: post.id, approve: true }))._unsafeUnwrapErr();
    expect(refused.code).toBe('invalid_profile_ids');
    expect((await t.store.posts.getPost(post.id))?.status).toBe('pending_approval');
    expect((await getApprovalStatus(t.deps, actor(), post.id))._unsafeUnwrap().status).toBe(
      'awaiting_review',
    );
  });

  it('approves a whole draft: caption, title, media converted per platform, settings and time', async () => {
    const instagram = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'instagram' }));
    const png = await photo('image/png');
    const saved = (
      await createDraft(t.deps, actor(), {
        caption: 'Our new menu, as written',
        title: 'Menu',
        mediaIds: [png.id],
        platformMeta: { instagram: {} },
        scheduledTime: '2026-01-20T09:00:00Z',
        profileIds: [instagram.id, threads.id],
      })
    )._unsafeUnwrap();
    expect(saved).toMatchObject({
      caption: 'Our new menu, as written',
      title: 'Menu',
      media: [{ kind: 'asset', mediaId: png.id }],
      scheduledTime: new Date('2026-01-20T09:00:00Z'),
      dueAt: null,
    });
    await requestApproval(t.deps, actor(), { postId: saved.id });
    const decided = (await decideApproval(t.deps, { id: saved.id, approve: true }))._unsafeUnwrap();
    const [igRow, threadsRow] = await Promise.all(
      decided.scheduledPostIds.map((id) => t.store.posts.getPost(id)),
    );
    expect(igRow).toMatchObject({
      status: 'scheduled',
      platforms: ['instagram'],
      scheduledTime: new Date('2026-01-20T09:00:00Z'),
      media: [{ kind: 'asset', mediaId: expect.any(String), derivedFrom: png.id }],
    });
    expect(threadsRow?.media).toEqual([{ kind: 'asset', mediaId: png.id }]);
  });

  it('approving several accounts takes their quota slots in the same transaction, or nothing', async () => {
    const post = await draft([threads.id, facebook.id]);
    await requestApproval(t.deps, actor(), { postId: post.id });
    const used = await t.store.posts.quotaUsed(owner.id, new Date('2026-01-01T00:00:00Z'));
    const tight = {
      ...t.deps,
      planLimits: {
        trial: { postsPerMonth: used, storageBytes: 1e9 },
        paid: { postsPerMonth: used, storageBytes: 1e9 },
      },
    };
    const refused = (await decideApproval(tight, { id: post.id, approve: true }))._unsafeUnwrapErr();
    expect(refused).toMatchObject({ code: 'quota_exceeded', details: { used, limit: used, needed: 1 } });
    expect((await t.store.posts.getPost(post.id))?.status).toBe('pending_approval');
    expect(await t.store.posts.quotaUsed(owner.id, new Date('2026-01-01T00:00:00Z'))).toBe(used);
    // Asking for review checks the same quota up front.
    const other = await draft([threads.id, facebook.id]);
    expect((await requestApproval(tight, actor(), { postId: other.id }))._unsafeUnwrapErr().code).toBe(
      'quota_exceeded',
    );
  });
});
