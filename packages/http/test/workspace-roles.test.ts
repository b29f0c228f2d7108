import { addMember, type Role, type User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberKey } from './member-key.js';
import { readJson, startTestApp, type TestApp } from './test-app.js';

// A workspace with an owner, an editor, a contributor and a viewer, each with their own key in
// it: each REST call gets what the role matrix (docs/teams.md) says.

const FUTURE = '2026-01-15T13:00:00.000Z';
const ROLES_TRIED = ['owner', 'editor', 'contributor', 'viewer'] as const;

let app: TestApp;
let owner: User;
let keys: Record<(typeof ROLES_TRIED)[number], string>;
let userIds: Record<string, string>;
let igId: string;

beforeEach(async () => {
  app = await startTestApp();
  let ownerKey: string;
  ({ user: owner, key: ownerKey } = await app.userWithKey());
  igId = (await app.account(owner, { platform: 'instagram', handle: 'brand' })).id;
  app.media.fetcher.serve(
    IMAGE,
    app.media.inspector.describe(new TextEncoder().encode('a.jpg'), { contentType: 'image/jpeg' }),
  );
  userIds = { owner: owner.id };
  const more: Partial<Record<Role, string>> = {};
  for (const role of ['editor', 'contributor', 'viewer'] as const) {
    const added = await addMember(app.core, {
      ownerEmail: owner.email,
      email: `${role}@example.com`,
      role,
      accountIds: null,
    });
    userIds[role] = added._unsafeUnwrap().member.userId;
    more[role] = await memberKey(app, owner.id, added._unsafeUnwrap().member.userId);
  }
  keys = {
    owner: ownerKey,
    editor: more.editor ?? '',
    contributor: more.contributor ?? '',
    viewer: more.viewer ?? '',
  };
});
afterEach(async () => {
  await app.close();
});

const call = async (key: string, method: string, path: string, json?: unknown) => {
  const res = await app.fetch(path, { method, key, json });
  return { status: res.status, body: await readJson(res) };
};
const IMAGE = 'https://cdn.example/a.jpg';
let captions = 0;
// Each post says something new: the same caption again would be refused as a duplicate.
const schedule = (key: string) => {
  captions += 1;
  return call(key, 'POST', '/api/v1/posts', {
    platforms: ['instagram'],
    caption: `Launch ${captions}`,
    mediaUrls: [IMAGE],
    scheduledTime: FUTURE,
  });
};
const draft = (key: string) => call(key, 'POST', '/api/v1/drafts', { caption: 'Teaser', profileIds: [igId] });

/** Whether the role was let through (whatever the use case answered after), or refused for it. */
const verdict = (answer: { status: number; body: { code?: string } }) =>
  answer.status === 403 && answer.body.code === 'role_not_allowed' ? 'refused' : 'allowed';

describe('roles over REST', () => {
  it('each role gets what the matrix says', async () => {
    const table: Record<string, Record<string, 'allowed' | 'refused'>> = {};
    for (const role of ROLES_TRIED) {
      const key = keys[role];
      const row: Record<string, 'allowed' | 'refused'> = {};
      row.createScheduled = verdict(await schedule(key));
      const drafted = await draft(key);
      row.createDraft = verdict(drafted);
      // The owner's draft, so every role has one to ask about.
      const ownDraft = (await draft(keys.owner)).body.id as string;
      row.requestApproval = verdict(await call(key, 'POST', `/api/v1/posts/${ownDraft}/approval`, {}));
      const post = (await schedule(keys.owner)).body.postIds[0] as string;
      row.deletePost = verdict(await call(key, 'DELETE', `/api/v1/posts/${post}`));
      row.listPosts = verdict(await call(key, 'GET', '/api/v1/posts'));
      row.connectAccount = verdict(await call(key, 'POST', '/api/v1/connections', { platform: 'instagram' }));
      row.manageWebhooks = verdict(
        await call(key, 'POST', '/api/v1/webhooks', {
          url: 'https://hooks.example.com/svc',
          events: ['post.published'],
        }),
      );
      row.listMembers = verdict(await call(key, 'GET', '/api/v1/members'));
      row.addMember = verdict(
        await call(key, 'POST', '/api/v1/members', { email: `nobody-${role}@example.com`, role: 'viewer' }),
      );
      table[role] = row;
    }
    const yes = 'allowed';
    const no = 'refused';
    expect(table).toEqual({
      owner: {
        createScheduled: yes,
        createDraft: yes,
        requestApproval: yes,
        deletePost: yes,
        listPosts: yes,
        connectAccount: yes,
        manageWebhooks: yes,
        listMembers: yes,
        addMember: yes,
      },
      editor: {
        createScheduled: yes,
        createDraft: yes,
        requestApproval: yes,
        deletePost: yes,
        listPosts: yes,
        connectAccount: no,
        manageWebhooks: no,
        listMembers: yes,
        addMember: no,
      },
      contributor: {
        createScheduled: no,
        createDraft: yes,
        requestApproval: yes,
        deletePost: no,
        listPosts: yes,
        connectAccount: no,
        manageWebhooks: no,
        listMembers: yes,
        addMember: no,
      },
      viewer: {
        createScheduled: no,
        createDraft: no,
        requestApproval: no,
        deletePost: no,
        listPosts: yes,
        connectAccount: no,
        manageWebhooks: no,
        listMembers: yes,
        addMember: no,
      },
    });
  });

  it("names the action and the role in a refusal, and a member's key works on the workspace's rows", async () => {
    const refused = await schedule(keys.contributor);
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'role_not_allowed',
        details: { action: 'post:schedule', role: 'contributor' },
      },
    });
    const drafted = await draft(keys.contributor);
    expect(drafted.status).toBe(201);
    // The owner sees the contributor's draft: it belongs to the workspace.
    expect((await call(keys.owner, 'GET', `/api/v1/posts/${drafted.body.id}`)).status).toBe(200);
    // A contributor edits a draft, never a scheduled post.
    const edited = await call(keys.contributor, 'PATCH', `/api/v1/posts/${drafted.body.id}`, {
      caption: 'Teaser, reworded',
    });
    expect(edited).toMatchObject({ status: 200, body: { status: 'draft', caption: 'Teaser, reworded' } });
    const scheduled = (await schedule(keys.owner)).body.postIds[0] as string;
    expect(
      await call(keys.contributor, 'PATCH', `/api/v1/posts/${scheduled}`, { caption: 'Mine now' }),
    ).toMatchObject({
      status: 403,
      body: { code: 'role_not_allowed', details: { action: 'post:schedule' } },
    });
  });

  it('shows the workspace, manages members and invitations, and a removed member’s key stops', async () => {
    expect(await call(keys.editor, 'GET', '/api/v1/workspace')).toMatchObject({
      status: 200,
      body: { id: owner.id, personal: true, role: 'editor', accountIds: null },
    });
    const members = await call(keys.viewer, 'GET', '/api/v1/members');
    expect(members.body.members.map((m: { role: string }) => m.role)).toEqual([
      'owner',
      'editor',
      'contributor',
      'viewer',
    ]);
    const changed = await call(keys.owner, 'PATCH', `/api/v1/members/${userIds.viewer}`, {
      accountIds: [igId],
    });
    expect(changed).toMatchObject({ status: 200, body: { role: 'viewer', accountIds: [igId] } });
    const invited = await call(keys.owner, 'POST', '/api/v1/invitations', {
      email: 'sam@example.com',
      role: 'contributor',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.token).toMatch(/^svc_inv_/);
    // Reading invitations is for those who manage members.
    expect((await call(keys.editor, 'GET', '/api/v1/invitations')).status).toBe(403);
    const open = await call(keys.owner, 'GET', '/api/v1/invitations');
    expect(open.body.invitations).toHaveLength(1);
    expect(open.body.invitations[0]).not.toHaveProperty('token');
    expect(
      (await call(keys.editor, 'DELETE', `/api/v1/invitations/${invited.body.invitation.id}`)).status,
    ).toBe(403);
    expect(
      (await call(keys.owner, 'DELETE', `/api/v1/invitations/${invited.body.invitation.id}`)).status,
    ).toBe(200);
    expect((await call(keys.owner, 'DELETE', `/api/v1/members/${userIds.editor}`)).status).toBe(200);
    expect(await call(keys.editor, 'GET', '/api/v1/posts')).toMatchObject({
      status: 401,
      body: { code: 'invalid_api_key' },
    });
  });

  it("a member of workspace A cannot see or touch workspace B's posts, accounts or media by id", async () => {
    const other = await app.userWithKey();
    const theirAccount = await app.account(other.user, { platform: 'instagram' });
    const theirPost = (
      await call(other.key, 'POST', '/api/v1/posts', {
        platforms: ['instagram'],
        caption: 'Theirs',
        mediaUrls: [IMAGE],
        scheduledTime: FUTURE,
      })
    ).body.postIds[0] as string;
    for (const role of ROLES_TRIED) {
      const key = keys[role];
      expect((await call(key, 'GET', `/api/v1/posts/${theirPost}`)).status).toBe(404);
      expect((await call(key, 'DELETE', `/api/v1/posts/${theirPost}`)).status).toBe(
        role === 'owner' || role === 'editor' ? 404 : 403,
      );
      expect((await call(key, 'DELETE', `/api/v1/connections/${theirAccount.id}`)).status).toBe(
        role === 'owner' ? 404 : 403,
      );
      expect((await call(key, 'GET', '/api/v1/media/med_01JDQ3Z5T2X8K9M4N6P7R0S1V2')).status).toBe(404);
    }
  });
});
