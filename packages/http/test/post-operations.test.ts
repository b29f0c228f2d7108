import type { User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let user: User;
let key: string;
let igId: string;
let foreignKey: string;

const FUTURE = '2026-01-15T13:00:00.000Z';
const LATER = '2026-01-16T08:00:00.000Z';

beforeEach(async () => {
  app = await startTestApp();
  ({ user, key } = await app.userWithKey());
  igId = (await app.account(user, { platform: 'instagram', handle: 'brand' })).id;
  const foreign = await app.userWithKey();
  await app.account(foreign.user, { platform: 'instagram' });
  foreignKey = foreign.key;
  app.media.fetcher.serve(
    'https://cdn.example/a.jpg',
    app.media.inspector.describe(new TextEncoder().encode('a.jpg'), { contentType: 'image/jpeg' }),
  );
});
afterEach(async () => {
  await app.close();
});

const call = async (method: string, path: string, options: { json?: unknown; key?: string } = {}) => {
  const res = await app.fetch(path, { method, key: options.key ?? key, json: options.json });
  return { status: res.status, body: await readJson(res) };
};
const schedule = async () => {
  const { body } = await call('POST', '/api/v1/posts', {
    json: {
      platforms: ['instagram'],
      caption: 'Launch',
      mediaUrls: ['https://cdn.example/a.jpg'],
      scheduledTime: FUTURE,
    },
  });
  return body.postIds[0] as string;
};
const readOnly = () => app.keyFor(user, ['post:read', 'account:read']);

describe('PATCH /api/v1/posts/{id}', () => {
  it('edits a scheduled post and answers the post as it is now', async () => {
    const id = await schedule();
    const { status, body } = await call('PATCH', `/api/v1/posts/${id}`, {
      json: { caption: 'Launch, take two', scheduledTime: LATER },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      status: 'scheduled',
      caption: 'Launch, take two',
      scheduledTime: LATER,
    });
  });

  it('edits a draft with the checks of a draft, and refuses a post awaiting review', async () => {
    const draft = await call('POST', '/api/v1/drafts', { json: { caption: 'Teaser', profileIds: [igId] } });
    const id = draft.body.id as string;
    const edited = await call('PATCH', `/api/v1/posts/${id}`, {
      json: { caption: 'Teaser, reworded', title: 'Friday', scheduledTime: LATER },
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { id, status: 'draft', caption: 'Teaser, reworded', title: 'Friday', scheduledTime: LATER },
    });
    // Whether it could publish (Instagram needs media) is for the approval request to say.
    await call('PATCH', `/api/v1/posts/${id}`, { json: { title: null } });
    expect((await call('GET', `/api/v1/posts/${id}`)).body).toMatchObject({ status: 'draft', title: null });
    expect(await call('POST', `/api/v1/posts/${id}/approval`)).toMatchObject({
      status: 400,
      body: { code: 'media_required' },
    });
    const withMedia = await call('POST', '/api/v1/drafts', {
      json: { caption: 'Teaser', profileIds: [igId], mediaUrls: ['https://cdn.example/a.jpg'] },
    });
    await call('POST', `/api/v1/posts/${withMedia.body.id}/approval`);
    expect(
      await call('PATCH', `/api/v1/posts/${withMedia.body.id}`, { json: { caption: 'x' } }),
    ).toMatchObject({
      status: 409,
      body: { code: 'invalid_post_state', details: { state: 'pending_approval' } },
    });
  });

  it('refuses a key without post:write, a foreign post, and bad input', async () => {
    const id = await schedule();
    expect(
      await call('PATCH', `/api/v1/posts/${id}`, { json: { caption: 'x' }, key: await readOnly() }),
    ).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    expect(
      await call('PATCH', `/api/v1/posts/${id}`, { json: { caption: 'x' }, key: foreignKey }),
    ).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });
    expect(await call('PATCH', `/api/v1/posts/${id}`, { json: { captoin: 'x' } })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', details: { unknownFields: ['captoin'] } },
    });
    expect(await call('PATCH', `/api/v1/posts/${id}`, { json: { scheduledTime: 'soon' } })).toMatchObject({
      status: 400,
      body: { code: 'invalid_scheduled_time' },
    });
    expect((await call('GET', `/api/v1/posts/${id}`)).body.caption).toBe('Launch');
  });
});

describe('DELETE /api/v1/posts/{id} and POST /api/v1/posts/{id}/restore', () => {
  it('deletes, hides, and restores within the window', async () => {
    const id = await schedule();
    const deleted = await call('DELETE', `/api/v1/posts/${id}`);
    expect(deleted).toMatchObject({ status: 200, body: { postId: id, deleted: true } });
    expect((await call('GET', `/api/v1/posts/${id}`)).status).toBe(404);
    expect(await call('DELETE', `/api/v1/posts/${id}`)).toEqual(deleted);
    const restored = await call('POST', `/api/v1/posts/${id}/restore`);
    expect(restored).toMatchObject({ status: 200, body: { id, status: 'scheduled' } });
  });

  it('refuses a key without post:write and a foreign post', async () => {
    const id = await schedule();
    expect(await call('DELETE', `/api/v1/posts/${id}`, { key: await readOnly() })).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
    expect(await call('DELETE', `/api/v1/posts/${id}`, { key: foreignKey })).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });
    await call('DELETE', `/api/v1/posts/${id}`);
    expect(await call('POST', `/api/v1/posts/${id}/restore`, { key: foreignKey })).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });
    expect(await call('POST', `/api/v1/posts/${id}/restore`, { key: await readOnly() })).toMatchObject({
      status: 403,
    });
  });

  it('refuses to restore a post that is not deleted', async () => {
    const id = await schedule();
    expect(await call('POST', `/api/v1/posts/${id}/restore`)).toMatchObject({
      status: 409,
      body: { code: 'invalid_post_state' },
    });
  });
});

describe('drafts and approvals', () => {
  it('saves a draft, sends it for review, and reads the approval', async () => {
    const draft = await call('POST', '/api/v1/drafts', {
      json: {
        caption: 'Teaser',
        profileIds: [igId],
        mediaUrls: ['https://cdn.example/a.jpg'],
        scheduledTime: FUTURE,
      },
    });
    expect(draft).toMatchObject({
      status: 201,
      body: { status: 'draft', caption: 'Teaser', profileIds: [igId] },
    });
    const id = draft.body.id as string;
    const requested = await app.fetch(`/api/v1/posts/${id}/approval`, { method: 'POST', key });
    expect(requested.status).toBe(201);
    expect(await readJson(requested)).toMatchObject({
      postId: id,
      status: 'awaiting_review',
      postStatus: 'pending_approval',
    });
    const status = await call('GET', `/api/v1/posts/${id}/approval`);
    expect(status).toMatchObject({
      status: 200,
      body: { postId: id, status: 'awaiting_review', decidedAt: null },
    });
  });

  it('takes a note with the request', async () => {
    const { body } = await call('POST', '/api/v1/drafts', {
      json: { caption: 'Teaser', profileIds: [igId], mediaUrls: ['https://cdn.example/a.jpg'] },
    });
    await call('POST', `/api/v1/posts/${body.id}/approval`, { json: { note: 'For Friday' } });
    expect((await call('GET', `/api/v1/posts/${body.id}/approval`)).body.requestNote).toBe('For Friday');
  });

  it('refuses missing scopes, foreign posts and bad input', async () => {
    expect(
      await call('POST', '/api/v1/drafts', { json: { caption: 'x' }, key: await readOnly() }),
    ).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
    expect(await call('POST', '/api/v1/drafts', { json: { caption: 'x', tone: 7 } })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', details: { field: 'tone' } },
    });
    const stranger = await app.userWithKey();
    const theirs = await app.account(stranger.user, { platform: 'instagram' });
    expect(
      await call('POST', '/api/v1/drafts', { json: { caption: 'x', profileIds: [theirs.id] } }),
    ).toMatchObject({
      status: 400,
      body: { code: 'invalid_profile_ids' },
    });
    const { body } = await call('POST', '/api/v1/drafts', {
      json: { caption: 'Teaser', profileIds: [igId] },
    });
    expect(await call('POST', `/api/v1/posts/${body.id}/approval`, { key: foreignKey })).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });
    expect(await call('GET', `/api/v1/posts/${body.id}/approval`, { key: foreignKey })).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });
    expect(
      await call('POST', `/api/v1/posts/${body.id}/approval`, { key: await app.keyFor(user, ['post:read']) }),
    ).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    expect(await call('GET', `/api/v1/posts/${body.id}/approval`)).toMatchObject({
      status: 404,
      body: { code: 'approval_not_found' },
    });
  });
});

describe('POST /api/v1/validate', () => {
  it('answers every finding and writes nothing', async () => {
    const { status, body } = await call('POST', '/api/v1/validate', {
      json: { caption: 'x'.repeat(2300), platforms: ['instagram', 'youtube'] },
    });
    expect(status).toBe(200);
    expect(body.ok).toBe(false);
    expect(body.errors.map((e: { code: string }) => e.code)).toEqual(
      expect.arrayContaining(['caption_too_long', 'media_required', 'title_required']),
    );
    expect(await app.store.posts.nextDueAt()).toBeNull();
  });

  it('passes a good post, and refuses bad input and no key', async () => {
    expect(
      (await call('POST', '/api/v1/validate', { json: { caption: 'Hello', platforms: ['threads'] } })).body,
    ).toEqual({ ok: true, errors: [], warnings: [] });
    expect(await call('POST', '/api/v1/validate', { json: { caption: 'Hello' } })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', details: { field: 'platforms' } },
    });
    const res = await app.fetch('/api/v1/validate', {
      method: 'POST',
      json: { caption: 'x', platforms: ['threads'] },
    });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/v1/account', () => {
  it('answers the summary of the key owner only', async () => {
    await schedule();
    const { status, body } = await call('GET', '/api/v1/account');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      connectedAccounts: 1,
      postCounts: { scheduled: 1 },
      upcomingPosts: [{ platform: 'instagram' }],
    });
    expect((await call('GET', '/api/v1/account', { key: foreignKey })).body.postCounts.scheduled).toBe(0);
    expect(
      await call('GET', '/api/v1/account', { key: await app.keyFor(user, ['post:read']) }),
    ).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
  });
});
