import { addMember, type User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberKey } from './member-key.js';
import { readJson, startTestApp, type TestApp } from './test-app.js';

// The approval policy over REST (docs/teams.md, "Approval policy"): an admin sets two review
// steps, a contributor drafts and asks, an editor approves step 1 and the admin step 2 with notes.

let app: TestApp;
let owner: User;
let keys: Record<'owner' | 'admin' | 'editor' | 'contributor', string>;
let adminId: string;
let editorId: string;
let threadsId: string;

beforeEach(async () => {
  app = await startTestApp();
  let ownerKey: string;
  ({ user: owner, key: ownerKey } = await app.userWithKey());
  threadsId = (await app.account(owner, { platform: 'threads', handle: 'brand' })).id;
  const member = async (role: 'admin' | 'editor' | 'contributor') => {
    const added = (
      await addMember(app.core, {
        ownerEmail: owner.email,
        email: `${role}@example.com`,
        role,
        accountIds: null,
      })
    )._unsafeUnwrap();
    return { id: added.member.userId, key: await memberKey(app, owner.id, added.member.userId) };
  };
  const [admin, editor, contributor] = [
    await member('admin'),
    await member('editor'),
    await member('contributor'),
  ];
  adminId = admin.id;
  editorId = editor.id;
  keys = { owner: ownerKey, admin: admin.key, editor: editor.key, contributor: contributor.key };
});
afterEach(async () => {
  await app.close();
});

const call = async (key: string, method: string, path: string, json?: unknown) => {
  const res = await app.fetch(path, { method, key, json });
  return { status: res.status, body: await readJson(res) };
};

/** The contributor's draft, sent for review: its post id and the request's answer. */
const askedDraft = async (caption: string) => {
  const drafted = await call(keys.contributor, 'POST', '/api/v1/drafts', {
    caption,
    profileIds: [threadsId],
    scheduledTime: '2026-02-01T10:00:00.000Z',
  });
  expect(drafted.status).toBe(201);
  const asked = await call(keys.contributor, 'POST', `/api/v1/posts/${drafted.body.id}/approval`, {
    note: 'for Friday',
  });
  expect(asked.status).toBe(201);
  return { postId: drafted.body.id as string, asked: asked.body };
};
const decide = (key: string, postId: string, approve: boolean, note: string) =>
  call(key, 'POST', `/api/v1/posts/${postId}/approval/decision`, { approve, note });

describe('approval policy over REST', () => {
  it('reads the default, which only admins and owners may replace', async () => {
    expect((await call(keys.contributor, 'GET', '/api/v1/approval-policy')).body).toEqual({
      requiredFor: 'contributors',
      steps: [{ role: 'editor' }],
      saved: false,
    });
    const policy = { requiredFor: 'everyone', steps: [{ role: 'editor' }] };
    const refused = await call(keys.editor, 'PUT', '/api/v1/approval-policy', policy);
    expect([refused.status, refused.body.code]).toEqual([403, 'role_not_allowed']);
    const stuck = await call(keys.admin, 'PUT', '/api/v1/approval-policy', {
      requiredFor: 'everyone',
      steps: [{ role: 'contributor' }],
    });
    expect([stuck.status, stuck.body.code]).toEqual([400, 'invalid_approval_policy']);
    const bad = await call(keys.admin, 'PUT', '/api/v1/approval-policy', {
      requiredFor: 'everyone',
      steps: [],
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  describe('with two steps: any editor, then the admin', () => {
    beforeEach(async () => {
      const set = await call(keys.admin, 'PUT', '/api/v1/approval-policy', {
        requiredFor: 'contributors',
        steps: [{ role: 'editor' }, { userId: adminId }],
      });
      expect(set).toEqual({
        status: 200,
        body: { requiredFor: 'contributors', steps: [{ role: 'editor' }, { userId: adminId }], saved: true },
      });
    });

    it('the editor approves step 1 and the admin step 2 with notes: the post is scheduled', async () => {
      const { postId, asked } = await askedDraft('Friday menu');
      expect(asked.steps.map((s: { status: string }) => s.status)).toEqual(['awaiting_review', 'waiting']);
      const first = await decide(keys.editor, postId, true, 'copy is fine');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        status: 'awaiting_review',
        postStatus: 'pending_approval',
        scheduledPostIds: [],
      });
      // Step 2 names the admin: the editor, or the owner, may not decide it.
      const wrong = await decide(keys.owner, postId, true, 'me too');
      expect([wrong.status, wrong.body.code, wrong.body.details.step]).toEqual([
        403,
        'reviewer_not_allowed',
        2,
      ]);
      const second = await decide(keys.admin, postId, true, 'ship it');
      expect(second.body).toMatchObject({
        status: 'approved',
        postStatus: 'scheduled',
        scheduledPostIds: [postId],
      });
      const status = await call(keys.contributor, 'GET', `/api/v1/posts/${postId}/approval`);
      expect(status.body.steps).toEqual([
        {
          step: 1,
          reviewer: { role: 'editor' },
          status: 'approved',
          decidedBy: editorId,
          note: 'copy is fine',
          decidedAt: expect.any(String),
        },
        {
          step: 2,
          reviewer: { userId: adminId },
          status: 'approved',
          decidedBy: adminId,
          note: 'ship it',
          decidedAt: expect.any(String),
        },
      ]);
      expect((await call(keys.contributor, 'GET', `/api/v1/posts/${postId}`)).body.status).toBe('scheduled');
    });

    it('a rejection at step 2 returns the post to draft with the note', async () => {
      const { postId } = await askedDraft('Saturday menu');
      expect((await decide(keys.editor, postId, true, 'fine by me')).status).toBe(200);
      const rejected = await decide(keys.admin, postId, false, 'wrong price');
      expect(rejected.body).toMatchObject({
        status: 'rejected',
        reviewerNote: 'wrong price',
        postStatus: 'draft',
        scheduledPostIds: [],
      });
      const status = await call(keys.contributor, 'GET', `/api/v1/posts/${postId}/approval`);
      expect(status.body.steps.map((s: { status: string; note: string }) => [s.status, s.note])).toEqual([
        ['approved', 'fine by me'],
        ['rejected', 'wrong price'],
      ]);
      expect((await call(keys.contributor, 'GET', `/api/v1/posts/${postId}`)).body.status).toBe('draft');
    });
  });

  it('everyone: scheduling directly is refused with approval_required', async () => {
    await call(keys.owner, 'PUT', '/api/v1/approval-policy', {
      requiredFor: 'everyone',
      steps: [{ role: 'admin' }],
    });
    const refused = await call(keys.editor, 'POST', '/api/v1/posts', {
      platforms: ['threads'],
      caption: 'Straight out',
      scheduledTime: '2026-02-01T10:00:00.000Z',
    });
    expect([refused.status, refused.body.code, refused.body.details]).toEqual([
      403,
      'approval_required',
      { requiredFor: 'everyone' },
    ]);
    expect((await call(keys.editor, 'GET', '/api/v1/posts')).body.posts).toEqual([]);
  });
});
