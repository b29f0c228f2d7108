import { addMember, type User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberKey } from './member-key.js';
import { readJson, startTestApp, type TestApp } from './test-app.js';

// GET /api/v1/events: the key's workspace's journal, each event with who caused it (issue 36).

let app: TestApp;
let owner: User;
let ownerKey: string;
let editorKey: string;

beforeEach(async () => {
  app = await startTestApp();
  ({ user: owner, key: ownerKey } = await app.userWithKey());
  await app.account(owner, { platform: 'threads', handle: 'brand' });
  const added = await addMember(app.core, {
    ownerEmail: owner.email,
    email: 'editor@example.com',
    role: 'editor',
    accountIds: null,
  });
  editorKey = await memberKey(app, owner.id, added._unsafeUnwrap().member.userId);
});
afterEach(async () => {
  await app.close();
});

const call = async (key: string, method: string, path: string, json?: unknown) => {
  const res = await app.fetch(path, { method, key, json });
  return { status: res.status, body: await readJson(res) };
};
const schedule = async (caption: string) => {
  const created = await call(ownerKey, 'POST', '/api/v1/posts', {
    platforms: ['threads'],
    caption,
    scheduledTime: '2026-01-15T13:00:00.000Z',
  });
  expect(created.status).toBe(200);
  return created.body.postIds[0] as string;
};

describe('GET /api/v1/events', () => {
  it("names who did each change: the editor's key edited one post, the owner deleted another", async () => {
    const edited = await schedule('First');
    const deleted = await schedule('Second');
    expect(
      (await call(editorKey, 'PATCH', `/api/v1/posts/${edited}`, { caption: 'First, edited' })).status,
    ).toBe(200);
    expect((await call(ownerKey, 'DELETE', `/api/v1/posts/${deleted}`)).status).toBe(200);

    const listed = await call(editorKey, 'GET', '/api/v1/events?limit=10');
    expect(listed.status).toBe(200);
    const seen = listed.body.events.map(
      (e: { type: string; subjectId: string; actor: { kind: string; label: string } }) => [
        e.type,
        e.subjectId,
        e.actor.kind,
        e.actor.label,
      ],
    );
    expect(seen.slice(0, 2)).toEqual([
      ['post.deleted', deleted, 'key', expect.stringContaining(owner.email)],
      ['post.edited', edited, 'key', expect.stringContaining('editor@example.com')],
    ]);
    expect(seen.filter((s: string[]) => s[0] === 'post.scheduled')).toHaveLength(2);
  });

  it("shows only the key's workspace: another workspace's key sees none of it", async () => {
    await schedule('Mine');
    const { key: strangerKey } = await app.userWithKey();
    const theirs = await call(strangerKey, 'GET', '/api/v1/events');
    expect(theirs.status).toBe(200);
    expect(theirs.body.events).toEqual([]);
    expect((await call(ownerKey, 'GET', '/api/v1/events')).body.events).toHaveLength(1);
  });

  it('refuses a limit out of range', async () => {
    expect((await call(ownerKey, 'GET', '/api/v1/events?limit=0')).status).toBe(400);
    expect((await call(ownerKey, 'GET', '/api/v1/events?limit=101')).status).toBe(400);
  });
});
