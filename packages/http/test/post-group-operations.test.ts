import type { User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let user: User;
let key: string;
let threadsId: string;
let facebookId: string;

const FUTURE = '2026-01-15T13:00:00.000Z';
const LATER = '2026-01-16T08:00:00.000Z';

beforeEach(async () => {
  app = await startTestApp();
  ({ user, key } = await app.userWithKey());
  threadsId = (await app.account(user, { platform: 'threads', handle: 'studio' })).id;
  facebookId = (await app.account(user, { platform: 'facebook', handle: 'studio-page' })).id;
});
afterEach(async () => {
  await app.close();
});

const call = async (method: string, path: string, options: { json?: unknown; key?: string } = {}) => {
  const res = await app.fetch(path, { method, key: options.key ?? key, json: options.json });
  return { status: res.status, body: await readJson(res) };
};
/** One request to Threads and Facebook: its answer. */
const scheduleBoth = async () =>
  (
    await call('POST', '/api/v1/posts', {
      json: { platforms: ['threads', 'facebook'], caption: 'Launch', scheduledTime: FUTURE },
    })
  ).body as { postIds: string[]; groupId: string };

describe('post groups over REST', () => {
  it('names the group in the create answer and on every post, and reads it whole', async () => {
    const created = await scheduleBoth();
    expect(created.groupId).toMatch(/^grp_/);
    const [a, b] = created.postIds;
    expect((await call('GET', `/api/v1/posts/${a}`)).body.groupId).toBe(created.groupId);
    const group = await call('GET', `/api/v1/post-groups/${created.groupId}`);
    expect(group.status).toBe(200);
    expect(group.body).toMatchObject({
      groupId: created.groupId,
      posts: [
        { id: a, platforms: ['threads'], groupId: created.groupId },
        { id: b, platforms: ['facebook'], groupId: created.groupId },
      ],
    });
    // The spec's one-row-per-profile list is unchanged: each row carries the group.
    const list = await call('GET', '/api/v1/posts');
    expect(list.body.posts.map((p: { groupId: string }) => p.groupId)).toEqual([
      created.groupId,
      created.groupId,
    ]);
  });

  it('moves every member with PATCH, and refuses the whole edit when one platform refuses, naming it', async () => {
    const { groupId, postIds } = await scheduleBoth();
    const moved = await call('PATCH', `/api/v1/post-groups/${groupId}`, { json: { scheduledTime: LATER } });
    expect(moved.status).toBe(200);
    expect(moved.body.posts.map((p: { scheduledTime: string }) => p.scheduledTime)).toEqual([LATER, LATER]);
    expect(moved.body.skipped).toEqual([]);

    const refused = await call('PATCH', `/api/v1/post-groups/${groupId}`, {
      json: { caption: 'x'.repeat(600) },
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'caption_too_long' } });
    expect(refused.body.error).toContain(`The Threads post (${postIds[0]}) refused`);
    for (const id of postIds) expect((await call('GET', `/api/v1/posts/${id}`)).body.caption).toBe('Launch');
  });

  it('deletes every member with DELETE; the group is then not found', async () => {
    const { groupId, postIds } = await scheduleBoth();
    const deleted = await call('DELETE', `/api/v1/post-groups/${groupId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.posts.map((p: { id: string }) => p.id)).toEqual(postIds);
    expect((await call('GET', `/api/v1/post-groups/${groupId}`)).body.code).toBe('post_not_found');
    expect((await call('GET', `/api/v1/posts/${postIds[0]}`)).status).toBe(404);
  });

  it('keeps the scopes and account limits of the per-post routes', async () => {
    const { groupId, postIds } = await scheduleBoth();
    const reader = await app.keyFor(user, ['post:read']);
    const refused = await call('PATCH', `/api/v1/post-groups/${groupId}`, {
      key: reader,
      json: { scheduledTime: LATER },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    expect((await call('DELETE', `/api/v1/post-groups/${groupId}`, { key: reader })).status).toBe(403);
    const limited = await app.keyFor(user, ['post:read', 'post:write'], [facebookId]);
    const seen = await call('GET', `/api/v1/post-groups/${groupId}`, { key: limited });
    expect(seen.body.posts.map((p: { id: string }) => p.id)).toEqual([postIds[1]]);
    const stranger = await app.userWithKey();
    expect((await call('GET', `/api/v1/post-groups/${groupId}`, { key: stranger.key })).status).toBe(404);
    const threadsOnly = await app.keyFor(user, ['*'], [threadsId]);
    const deleted = await call('DELETE', `/api/v1/post-groups/${groupId}`, { key: threadsOnly });
    expect(deleted.body.posts.map((p: { id: string }) => p.id)).toEqual([postIds[0]]);
    expect((await call('GET', `/api/v1/posts/${postIds[1]}`)).body.deletedAt).toBeUndefined();
    expect((await call('GET', `/api/v1/posts/${postIds[1]}`)).status).toBe(200);
  });
});
