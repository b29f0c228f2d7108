import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type ConnectedAccount,
  decideApproval,
  recordBillingEvent,
  recordBillingSubscription,
  type User,
} from '@svc/core';
import { aMediaAsset, seedMediaAsset } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type McpTestApp, refusalOf, startMcpTestApp } from './mcp-test-app.js';

type Answer = Record<string, any>;

describe('post lifecycle and summary tools over the SDK client', () => {
  let app: McpTestApp;
  beforeEach(async () => {
    app = await startMcpTestApp();
  });
  afterEach(() => app.close());

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args });
  /** The structured answer of a call that must succeed. */
  const answer = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
    const result = await call(client, name, args);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.structuredContent as Answer;
  };
  /** The summary of a successful call: the text block after the structured content's JSON. */
  const textOf = (result: unknown) =>
    ((result as { content: { text: string }[] }).content[1]?.text ?? '') as string;

  /** Schedules a text post to a Threads account through svc_schedule_post; returns its id. */
  const schedule = async (client: Client, account: ConnectedAccount, caption: string) => {
    const scheduled = await answer(client, 'svc_schedule_post', {
      caption,
      profile_ids: [account.id],
      scheduled_time: '2026-01-20T09:00:00Z',
    });
    return scheduled.postIds[0] as string;
  };

  const markPosted = async (postId: string) => {
    const post = await app.core.store.posts.getPost(postId);
    if (post === null) throw new Error('no post');
    await app.core.store.posts.updatePost(
      {
        ...post,
        status: 'posted',
        publishedAt: app.core.clock.now(),
        permalink: 'https://threads.example/1',
      },
      post.version,
    );
  };

  it('tools/list lists the 18 tools of the spec, svc_get_queue, svc_set_posting_slots and svc_list_members, with the annotations of their flags', async () => {
    const { tools } = await (await app.client()).listTools();
    expect(tools).toHaveLength(21);
    const flags = Object.fromEntries(
      tools.map((t) => [
        t.name,
        [
          t.annotations?.readOnlyHint,
          t.annotations?.destructiveHint,
          t.annotations?.idempotentHint,
          t.outputSchema?.type,
        ],
      ]),
    );
    const readOnly = [true, false, true, 'object'];
    expect(flags).toMatchObject({
      svc_draft_post: [false, false, false, 'object'],
      svc_request_post_approval: [false, false, false, 'object'],
      svc_get_post_approval_status: readOnly,
      svc_list_scheduled_posts: readOnly,
      svc_update_scheduled_post: [false, false, true, 'object'],
      svc_delete_scheduled_post: [false, true, true, 'object'],
      svc_get_account_summary: readOnly,
      svc_get_billing_summary: readOnly,
      svc_get_analytics: readOnly,
      svc_import_automation_template: [false, false, false, 'object'],
      svc_export_automation_template: readOnly,
      svc_get_queue: readOnly,
      svc_set_posting_slots: [false, true, true, 'object'],
      svc_list_members: readOnly,
    });
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    // A caption given as written needs no hint: nothing is required up front (core refuses neither).
    expect(byName.svc_draft_post?.inputSchema.required ?? []).toEqual([]);
    expect(byName.svc_draft_post?.inputSchema.properties?.tone).toMatchObject({
      enum: ['casual', 'professional', 'promotional'],
    });
    expect(byName.svc_list_scheduled_posts?.inputSchema.properties?.limit).toMatchObject({
      minimum: 1,
      maximum: 50,
    });
    expect(byName.svc_delete_scheduled_post?.description).toMatch(/30 days/);
    expect(byName.svc_delete_scheduled_post?.description).toMatch(/Published posts cannot be deleted/);
    expect(byName.svc_delete_scheduled_post?.description).toMatch(/Confirm with the user/);
  });

  describe('drafts and approvals', () => {
    let user: User;
    let key: string;
    let threads: ConnectedAccount;
    beforeEach(async () => {
      ({ user, key } = await app.userWithKey({ scopes: ['post:draft', 'approval:request', 'post:read'] }));
      threads = await app.account(user, { platform: 'threads', handle: 'studio' });
    });

    it('svc_draft_post saves a draft with the fitted caption, label and pre-selected accounts', async () => {
      const client = await app.client(key);
      const result = await call(client, 'svc_draft_post', {
        content_hint: 'our spring sale starts monday #sale',
        tone: 'promotional',
        name: 'Spring sale',
        profile_ids: [threads.id],
      });
      const draft = result.structuredContent as Answer;
      expect(draft).toMatchObject({
        status: 'draft',
        name: 'Spring sale',
        platforms: ['threads'],
        profileIds: [threads.id],
        createdAt: '2026-01-15T12:00:00.000Z',
      });
      expect(draft.draftId).toMatch(/^post_/);
      expect(draft.caption).toContain('Our spring sale starts monday');
      expect(draft.caption).toContain('#sale');
      expect(textOf(result)).toContain(`post_id ${draft.draftId}`);
      const stored = await app.core.store.posts.getPost(draft.draftId);
      expect(stored).toMatchObject({ status: 'draft', scheduledTime: null, name: 'Spring sale' });
    });

    it('svc_draft_post takes a caption without a hint, and refuses neither with missing_content', async () => {
      const client = await app.client(key);
      const draft = await answer(client, 'svc_draft_post', {
        caption: 'Written already',
        profile_ids: [threads.id],
      });
      expect(draft).toMatchObject({ status: 'draft', caption: 'Written already', profileIds: [threads.id] });
      expect(refusalOf(await call(client, 'svc_draft_post', { profile_ids: [threads.id] }))).toMatchObject({
        code: 'missing_content',
      });
    });

    it('svc_draft_post with use_queue saves a queued draft, and refuses use_queue with scheduled_time', async () => {
      const client = await app.client(key);
      const result = await call(client, 'svc_draft_post', {
        caption: 'Into the queue',
        profile_ids: [threads.id],
        use_queue: true,
      });
      expect(result.structuredContent).toMatchObject({ status: 'draft', scheduledTime: null, queued: true });
      expect(textOf(result)).toContain(
        "for the queue (once approved, each post takes its account's next free slot)",
      );
      const draftId = (result.structuredContent as Answer).draftId;
      expect((await app.core.store.posts.getPost(draftId))?.queued).toBe(true);
      // Without slots on the account, it cannot be sent for review yet.
      expect(refusalOf(await call(client, 'svc_request_post_approval', { post_id: draftId }))).toMatchObject({
        code: 'no_posting_slots',
      });
      const both = await call(client, 'svc_draft_post', {
        caption: 'Both',
        use_queue: true,
        scheduled_time: '2031-01-01T09:00:00Z',
      });
      expect(refusalOf(both)).toMatchObject({ code: 'validation_failed', details: { field: 'queue' } });
      const timed = await answer(client, 'svc_draft_post', {
        caption: 'Timed',
        scheduled_time: '2031-01-01T09:00:00Z',
      });
      expect(timed.queued).toBe(false);
    });

    it('svc_draft_post needs post:draft (post:write implies it)', async () => {
      const reader = await app.keyFor(user, ['post:read']);
      expect(
        refusalOf(await call(await app.client(reader), 'svc_draft_post', { content_hint: 'Hi' })),
      ).toMatchObject({ code: 'insufficient_scope', details: { requiredScope: 'post:draft' } });
      const writer = await app.keyFor(user, ['post:write']);
      const draft = await answer(await app.client(writer), 'svc_draft_post', {
        content_hint: 'hello there',
        platforms: ['threads'],
      });
      expect(draft).toMatchObject({ status: 'draft', name: null, platforms: ['threads'], profileIds: [] });
    });

    it('draft → request approval → awaiting_review → approved by the operator, then scheduled', async () => {
      const client = await app.client(key);
      const draft = await answer(client, 'svc_draft_post', {
        content_hint: 'launch day',
        profile_ids: [threads.id],
      });
      const requested = await call(client, 'svc_request_post_approval', {
        post_id: draft.draftId,
        note: 'for the launch',
      });
      const approval = requested.structuredContent as Answer;
      expect(approval).toEqual({
        approvalId: expect.stringMatching(/^appr_/),
        postId: draft.draftId,
        status: 'awaiting_review',
        postStatus: 'pending_approval',
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
      });
      expect(textOf(requested)).toContain('svc_get_post_approval_status');

      const waiting = await answer(client, 'svc_get_post_approval_status', { post_id: draft.draftId });
      expect(waiting).toEqual({
        approvalId: approval.approvalId,
        postId: draft.draftId,
        status: 'awaiting_review',
        requestNote: 'for the launch',
        reviewerNote: null,
        requestedAt: '2026-01-15T12:00:00.000Z',
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
      });

      app.doubles.clock.advance(60_000);
      (
        await decideApproval(app.core, { id: approval.approvalId, approve: true, note: 'ship it' })
      )._unsafeUnwrap();
      const decided = await call(client, 'svc_get_post_approval_status', { post_id: draft.draftId });
      expect(decided.structuredContent).toMatchObject({
        status: 'approved',
        reviewerNote: 'ship it',
        decidedAt: '2026-01-15T12:01:00.000Z',
      });
      expect(textOf(decided)).toContain('approved');
      const status = await answer(client, 'svc_get_post_status', { post_id: draft.draftId });
      expect(status.status).toBe('scheduled');
    });

    it('both approval tools show the steps of a two-step policy, who decided each and their notes', async () => {
      await app.core.store.workspaces.setApprovalPolicy(
        user.id,
        { requiredFor: 'agents', steps: [{ role: 'editor' }, { userId: user.id }] },
        app.doubles.clock.now(),
        user.id,
      );
      const client = await app.client(await app.keyFor(user, ['*']));
      const draft = await answer(client, 'svc_draft_post', {
        content_hint: 'two steps',
        profile_ids: [threads.id],
      });
      const requested = await call(client, 'svc_request_post_approval', { post_id: draft.draftId });
      expect((requested.structuredContent as Answer).steps).toEqual([
        {
          step: 1,
          reviewer: { role: 'editor' },
          status: 'awaiting_review',
          decidedBy: null,
          note: null,
          decidedAt: null,
        },
        {
          step: 2,
          reviewer: { userId: user.id },
          status: 'waiting',
          decidedBy: null,
          note: null,
          decidedAt: null,
        },
      ]);
      expect(textOf(requested)).toContain('step 2 of 2 (member');
      (
        await decideApproval(app.core, { id: draft.draftId, approve: true, note: 'step one ok' })
      )._unsafeUnwrap();
      const midway = await call(client, 'svc_get_post_approval_status', { post_id: draft.draftId });
      expect(midway.structuredContent).toMatchObject({
        status: 'awaiting_review',
        steps: [
          {
            step: 1,
            status: 'approved',
            decidedBy: 'operator',
            note: 'step one ok',
            decidedAt: '2026-01-15T12:00:00.000Z',
          },
          { step: 2, status: 'awaiting_review', decidedBy: null },
        ],
      });
      expect(textOf(midway)).toContain(
        'step 1 of 2 (any editor or above): approved by operator ("step one ok")',
      );
    });

    it('svc_request_post_approval refuses a post that is not a draft; asking twice is refused too', async () => {
      const writer = await app.keyFor(user, ['*']);
      const client = await app.client(writer);
      const postId = await schedule(client, threads, 'Already scheduled');
      const refused = refusalOf(await call(client, 'svc_request_post_approval', { post_id: postId }));
      expect(refused).toMatchObject({ code: 'invalid_post_state', details: { state: 'scheduled' } });
      expect(refused.error).toContain('svc_update_scheduled_post');

      const draft = await answer(client, 'svc_draft_post', { content_hint: 'x', profile_ids: [threads.id] });
      await answer(client, 'svc_request_post_approval', { post_id: draft.draftId });
      const twice = refusalOf(await call(client, 'svc_request_post_approval', { post_id: draft.draftId }));
      expect(twice.code).toBe('invalid_post_state');
      expect(twice.error).toContain('already awaiting review');
    });

    it('svc_request_post_approval needs approval:request', async () => {
      const drafter = await app.keyFor(user, ['post:draft']);
      const client = await app.client(drafter);
      const draft = await answer(client, 'svc_draft_post', { content_hint: 'x', profile_ids: [threads.id] });
      expect(
        refusalOf(await call(client, 'svc_request_post_approval', { post_id: draft.draftId })),
      ).toMatchObject({ code: 'insufficient_scope', details: { requiredScope: 'approval:request' } });
    });

    it('svc_get_post_approval_status: no approval asked yet, and other users’ posts are not found', async () => {
      const client = await app.client(key);
      const draft = await answer(client, 'svc_draft_post', { content_hint: 'x', profile_ids: [threads.id] });
      const none = refusalOf(await call(client, 'svc_get_post_approval_status', { post_id: draft.draftId }));
      expect(none.code).toBe('approval_not_found');
      expect(none.error).toContain('svc_request_post_approval');

      await answer(client, 'svc_request_post_approval', { post_id: draft.draftId });
      const other = await app.userWithKey();
      const foreign = await call(await app.client(other.key), 'svc_get_post_approval_status', {
        post_id: draft.draftId,
      });
      expect(refusalOf(foreign).code).toBe('post_not_found');
    });
  });

  describe('scheduled posts', () => {
    let user: User;
    let key: string;
    let threads: ConnectedAccount;
    beforeEach(async () => {
      ({ user, key } = await app.userWithKey({ scopes: ['post:write', 'post:read'] }));
      threads = await app.account(user, { platform: 'threads', handle: 'studio' });
    });

    it('svc_update_scheduled_post replaces caption, time and media and says what changed', async () => {
      const client = await app.client(key);
      const postId = await schedule(client, threads, 'First words');
      const asset = await seedMediaAsset(app.core.store.media, aMediaAsset(user.id));
      const result = await call(client, 'svc_update_scheduled_post', {
        post_id: postId,
        caption: 'Better words',
        scheduled_time: '2026-01-21T10:30:00Z',
        media_id: asset.id,
      });
      expect(result.structuredContent).toMatchObject({
        id: postId,
        status: 'scheduled',
        caption: 'Better words',
        scheduledTime: '2026-01-21T10:30:00.000Z',
        mediaIds: [asset.id],
        profileIds: [threads.id],
        updated: ['caption', 'scheduled_time', 'media_ids'],
      });
      expect(textOf(result)).toContain('scheduled for 2026-01-21T10:30:00.000Z');

      // The same call again leaves the post as it is (idempotent).
      const again = await answer(client, 'svc_update_scheduled_post', {
        post_id: postId,
        caption: 'Better words',
        scheduled_time: '2026-01-21T10:30:00Z',
        media_id: asset.id,
      });
      expect(again).toMatchObject({ caption: 'Better words', mediaIds: [asset.id] });

      // media_ids replaces the whole set; an empty list removes the media.
      const cleared = await answer(client, 'svc_update_scheduled_post', { post_id: postId, media_ids: [] });
      expect(cleared.mediaIds).toEqual([]);
    });

    it('svc_update_scheduled_post refuses drafts, past times, both media forms and no change', async () => {
      const client = await app.client(key);
      const draft = await answer(client, 'svc_draft_post', { content_hint: 'x', profile_ids: [threads.id] });
      const notScheduled = refusalOf(
        await call(client, 'svc_update_scheduled_post', { post_id: draft.draftId, caption: 'y' }),
      );
      expect(notScheduled).toMatchObject({ code: 'invalid_post_state', details: { state: 'draft' } });

      const postId = await schedule(client, threads, 'Some words');
      const past = refusalOf(
        await call(client, 'svc_update_scheduled_post', {
          post_id: postId,
          scheduled_time: '2026-01-01T00:00:00Z',
        }),
      );
      expect(past.code).toBe('scheduled_time_in_past');
      const both = refusalOf(
        await call(client, 'svc_update_scheduled_post', { post_id: postId, media_id: 'a', media_ids: ['b'] }),
      );
      expect(both.code).toBe('ambiguous_media');
      const nothing = refusalOf(await call(client, 'svc_update_scheduled_post', { post_id: postId }));
      expect(nothing.code).toBe('validation_failed');
      const tooLong = refusalOf(
        await call(client, 'svc_update_scheduled_post', { post_id: postId, caption: 'a'.repeat(2201) }),
      );
      expect(tooLong.code).toBe('caption_too_long');
    });

    it('svc_delete_scheduled_post soft-deletes, answers the same again, and the post leaves the list', async () => {
      const client = await app.client(key);
      const postId = await schedule(client, threads, 'To be removed');
      const result = await call(client, 'svc_delete_scheduled_post', { post_id: postId });
      const deleted = result.structuredContent as Answer;
      expect(deleted).toEqual({
        postId,
        deleted: true,
        deletedAt: '2026-01-15T12:00:00.000Z',
        restorableUntil: '2026-02-14T12:00:00.000Z',
      });
      expect(textOf(result)).toContain('restored until 2026-02-14T12:00:00.000Z');
      app.doubles.clock.advance(5_000);
      expect(await answer(client, 'svc_delete_scheduled_post', { post_id: postId })).toEqual(deleted);
      const listed = await answer(client, 'svc_list_scheduled_posts');
      expect(listed.posts.map((p: { id: string }) => p.id)).not.toContain(postId);
      expect(refusalOf(await call(client, 'svc_get_post_status', { post_id: postId })).code).toBe(
        'post_not_found',
      );
    });

    it('svc_delete_scheduled_post refuses a published post and keys without post:write', async () => {
      const client = await app.client(key);
      const postId = await schedule(client, threads, 'Went out');
      await markPosted(postId);
      const refused = refusalOf(await call(client, 'svc_delete_scheduled_post', { post_id: postId }));
      expect(refused).toMatchObject({ code: 'invalid_post_state', details: { state: 'posted' } });
      const reader = await app.keyFor(user, ['post:read']);
      expect(
        refusalOf(await call(await app.client(reader), 'svc_delete_scheduled_post', { post_id: postId })),
      ).toMatchObject({ code: 'insufficient_scope', details: { requiredScope: 'post:write' } });
    });

    it('svc_list_scheduled_posts pages newest first with the cursor, and filters by status', async () => {
      const client = await app.client(key);
      const ids: string[] = [];
      for (const n of [1, 2, 3, 4, 5]) {
        ids.push(await schedule(client, threads, `Post number ${n}`));
        app.doubles.clock.advance(1_000);
      }
      await markPosted(ids[0] as string);
      const newestFirst = [...ids].reverse();

      const first = await answer(client, 'svc_list_scheduled_posts', { limit: 2 });
      expect(first.posts.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(0, 2));
      expect(first.count).toBe(2);
      expect(first.nextCursor).toEqual(expect.any(String));
      expect(first.posts[0]).toEqual({
        id: ids[4],
        groupId: expect.stringMatching(/^grp_/),
        status: 'scheduled',
        name: null,
        captionPreview: 'Post number 5',
        targets: [{ platform: 'threads', profileId: threads.id, handle: 'studio' }],
        scheduledTime: '2026-01-20T09:00:00.000Z',
        failedReason: null,
        warning: null,
      });
      const second = await answer(client, 'svc_list_scheduled_posts', { limit: 2, cursor: first.nextCursor });
      expect(second.posts.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(2, 4));
      const thirdResult = await call(client, 'svc_list_scheduled_posts', {
        limit: 2,
        cursor: second.nextCursor,
      });
      const third = thirdResult.structuredContent as Answer;
      expect(third.posts.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(4));
      expect(third.posts[0].status).toBe('posted');
      expect(third.nextCursor).toBeNull();
      expect(textOf(thirdResult)).toContain('No more posts.');

      const posted = await answer(client, 'svc_list_scheduled_posts', { status: 'posted' });
      expect(posted.posts.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
      expect(posted.nextCursor).toBeNull();
    });

    it('svc_list_scheduled_posts refuses a foreign cursor, bad arguments and keys without post:read', async () => {
      const client = await app.client(key);
      expect(refusalOf(await call(client, 'svc_list_scheduled_posts', { cursor: 'nope' })).code).toBe(
        'validation_failed',
      );
      expect(refusalOf(await call(client, 'svc_list_scheduled_posts', { limit: 51 })).code).toBe(
        'validation_failed',
      );
      expect(refusalOf(await call(client, 'svc_list_scheduled_posts', { status: 'deleted' })).code).toBe(
        'validation_failed',
      );
      const accountsOnly = await app.keyFor(user, ['account:read']);
      expect(refusalOf(await call(await app.client(accountsOnly), 'svc_list_scheduled_posts'))).toMatchObject(
        { code: 'insufficient_scope', details: { requiredScope: 'post:read' } },
      );
    });

    it('an account-limited key lists, edits and deletes only posts to its accounts', async () => {
      const facebook = await app.account(user, { platform: 'facebook', handle: 'page' });
      const client = await app.client(key);
      const mine = await schedule(client, threads, 'For threads');
      const theirs = await schedule(client, facebook, 'For the page');
      const limited = await app.client(await app.keyFor(user, ['post:write', 'post:read'], [threads.id]));

      const listed = await answer(limited, 'svc_list_scheduled_posts');
      expect(listed.posts.map((p: { id: string }) => p.id)).toEqual([mine]);
      expect(refusalOf(await call(limited, 'svc_delete_scheduled_post', { post_id: theirs })).code).toBe(
        'post_not_found',
      );
      expect(
        refusalOf(await call(limited, 'svc_update_scheduled_post', { post_id: theirs, caption: 'x' })).code,
      ).toBe('post_not_found');
      const everything = await answer(client, 'svc_list_scheduled_posts');
      expect(everything.posts.map((p: { id: string }) => p.id).sort()).toEqual([mine, theirs].sort());
    });
  });

  describe('summaries', () => {
    const SEALED_MARKER = 'access-token-never-shown';
    const CUSTOMER_ID = 'cus_ABCDEFGH12345678';

    it('svc_get_account_summary counts and lists what the key may see, never tokens', async () => {
      const { user, key } = await app.userWithKey({ plan: 'trial' });
      const sealed = app.core.secretBox.seal(JSON.stringify({ accessToken: SEALED_MARKER }));
      const threads = await app.account(user, {
        platform: 'threads',
        handle: 'studio',
        sealedCredentials: sealed,
      });
      const client = await app.client(key);
      const soon = await schedule(client, threads, 'Coming up soon');
      await answer(client, 'svc_draft_post', { content_hint: 'an idea', profile_ids: [threads.id] });

      const result = await call(client, 'svc_get_account_summary');
      expect(result.isError).toBeFalsy();
      const summary = result.structuredContent as Answer;
      expect(summary).toMatchObject({
        plan: { kind: 'trial', state: 'trial', betaTester: false },
        trial: { state: 'active', daysLeft: 14 },
        connectedAccounts: 1,
        postCounts: { draft: 1, pending_approval: 0, scheduled: 1, posted: 0, failed: 0 },
        upcomingPosts: [
          {
            id: soon,
            platform: 'threads',
            handle: 'studio',
            scheduledTime: '2026-01-20T09:00:00.000Z',
            captionPreview: 'Coming up soon',
          },
        ],
      });
      expect(textOf(result)).toContain('14 day(s) left');
      const json = JSON.stringify(result);
      expect(json).not.toContain(sealed);
      expect(json).not.toContain(SEALED_MARKER);
      expect(json).not.toContain('sealedCredentials');
    });

    it('svc_get_account_summary needs account:read', async () => {
      const { key } = await app.userWithKey({ scopes: ['post:read'] });
      expect(refusalOf(await call(await app.client(key), 'svc_get_account_summary'))).toMatchObject({
        code: 'insufficient_scope',
        details: { requiredScope: 'account:read' },
      });
    });

    it('svc_get_billing_summary shows subscription and events with the customer id truncated', async () => {
      const { user, key } = await app.userWithKey({ scopes: ['account:read'] });
      (
        await recordBillingSubscription(app.core, user.email, {
          status: 'active',
          plan: 'pro',
          currentPeriodEnd: new Date('2026-02-01T00:00:00Z'),
          purchasedHandles: 2,
          providerCustomerId: CUSTOMER_ID,
        })
      )._unsafeUnwrap();
      (
        await recordBillingEvent(app.core, user.email, {
          kind: 'invoice.paid',
          amount: { minor: 1900, currency: 'EUR' },
          description: 'Pro, January',
          at: new Date('2026-01-01T00:00:00Z'),
        })
      )._unsafeUnwrap();
      const result = await call(await app.client(key), 'svc_get_billing_summary');
      expect(result.structuredContent).toEqual({
        status: 'active',
        plan: 'pro',
        currentPeriodEnd: '2026-02-01T00:00:00.000Z',
        purchasedHandles: 2,
        customerId: 'cus_…5678',
        servicePlan: { state: 'paid', trialEndsAt: null, betaTester: false },
        recentEvents: [
          {
            kind: 'invoice.paid',
            at: '2026-01-01T00:00:00.000Z',
            amount: { minor: 1900, currency: 'EUR' },
            description: 'Pro, January',
          },
        ],
      });
      expect(textOf(result)).toContain('invoice.paid');
      expect(JSON.stringify(result)).not.toContain(CUSTOMER_ID);
    });

    it('svc_get_billing_summary answers none before anything is recorded, and needs account:read', async () => {
      const { user, key } = await app.userWithKey({ scopes: ['account:read'] });
      const empty = await answer(await app.client(key), 'svc_get_billing_summary');
      expect(empty).toMatchObject({ status: 'none', plan: null, customerId: null, recentEvents: [] });
      const writer = await app.keyFor(user, ['post:write']);
      expect(refusalOf(await call(await app.client(writer), 'svc_get_billing_summary'))).toMatchObject({
        code: 'insufficient_scope',
        details: { requiredScope: 'account:read' },
      });
    });
  });
});
