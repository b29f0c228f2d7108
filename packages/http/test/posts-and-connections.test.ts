import type { User } from '@svc/core';
import { aMediaAsset, seedMediaAsset } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../src/index.js';
import { readJson, startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let user: User;
let key: string;
let igId: string;

beforeEach(async () => {
  app = await startTestApp();
  ({ user, key } = await app.userWithKey());
  igId = (
    await app.account(user, { platform: 'instagram', handle: 'brand', sealedCredentials: 'SEALED-TOKENS' })
  ).id;
  // Instagram fetches links itself; the service reads their first bytes at creation.
  app.media.fetcher.serve(
    'https://cdn.example/a.jpg',
    app.media.inspector.describe(new TextEncoder().encode('a.jpg'), { contentType: 'image/jpeg' }),
  );
});
afterEach(async () => {
  await app.close();
});

const FUTURE = '2026-01-15T13:00:00.000Z';
const igPost = (extra: Record<string, unknown> = {}) => ({
  platforms: ['instagram'],
  caption: 'Launch day',
  mediaUrls: ['https://cdn.example/a.jpg'],
  ...extra,
});
const post = async (path: string, json: unknown, k = key) => {
  const res = await app.fetch(path, { method: 'POST', key: k, json });
  return { status: res.status, body: await readJson(res) };
};

describe('GET /api/v1/connections', () => {
  it('lists active accounts with the spec 2.4 fields and never their tokens', async () => {
    await app.account(user, { status: 'inactive' });
    const res = await app.fetch('/api/v1/connections', { key });
    const body = await readJson(res);
    expect(res.status).toBe(200);
    expect(body.count).toBe(1);
    expect(body.accounts[0]).toEqual({
      id: igId,
      platform: 'instagram',
      handle: 'brand',
      profileUrl: expect.any(String),
      profileImageUrl: null,
      tokenExpiresAt: null,
      connectedAt: expect.any(String),
      updatedAt: expect.any(String),
      needsReconnect: false,
    });
    expect(JSON.stringify(body)).not.toContain('SEALED-TOKENS');
  });

  it('shows an account-limited key only its accounts', async () => {
    const tiktok = await app.account(user, { platform: 'tiktok' });
    const limited = await app.keyFor(user, ['account:read'], [tiktok.id]);
    const body = await readJson(await app.fetch('/api/v1/connections', { key: limited }));
    expect(body.accounts.map((a: { id: string }) => a.id)).toEqual([tiktok.id]);
  });
});

describe('POST /api/v1/posts, /posts/schedule and /publish', () => {
  it('schedules one post per profile and answers postIds, status and scheduledTime', async () => {
    const { status, body } = await post(
      '/api/v1/posts',
      igPost({ scheduledTime: FUTURE, profileIds: [igId] }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      postIds: [expect.stringMatching(/^post_/)],
      groupId: expect.stringMatching(/^grp_/),
      status: 'scheduled',
      scheduledTime: FUTURE,
      replayed: false,
      warnings: [],
      posts: [{ id: body.postIds[0], profileId: igId, scheduledTime: FUTURE }],
    });
  });

  it('/publish and /posts without a time queue for the next run', async () => {
    for (const path of ['/api/v1/publish', '/api/v1/posts']) {
      const { status, body } = await post(path, igPost({ caption: `Via ${path}` }));
      expect(status).toBe(200);
      expect(body.scheduledTime).toBe(app.clock.now().toISOString());
    }
  });

  it('/posts/schedule requires a future time', async () => {
    expect(await post('/api/v1/posts/schedule', igPost())).toMatchObject({
      status: 400,
      body: { code: 'invalid_scheduled_time' },
    });
    expect((await post('/api/v1/posts/schedule', igPost({ scheduledTime: FUTURE }))).status).toBe(200);
  });

  it('returns advisory warnings', async () => {
    const { body } = await post('/api/v1/posts', igPost({ caption: 'Shop at https://shop.example' }));
    expect(body.warnings).toEqual([
      expect.objectContaining({
        code: 'link_not_clickable',
        severity: 'warning',
        platform: 'instagram',
        field: 'caption',
      }),
    ]);
  });

  it.each([
    [{ caption: 'x' }, 400, 'missing_platforms'],
    [{ platforms: ['vine'], caption: 'x' }, 400, 'unsupported_platform'],
    [igPost({ scheduledTime: 'soon' }), 400, 'invalid_scheduled_time'],
    [igPost({ scheduledTime: '2026-01-15T11:00:00Z' }), 400, 'scheduled_time_in_past'],
    [{ platforms: ['instagram'] }, 400, 'missing_content'],
    [{ platforms: ['instagram'], caption: 'x' }, 400, 'media_required'],
    [igPost({ profileIds: ['acct_nope'] }), 400, 'invalid_profile_ids'],
    [{ platforms: ['threads'], caption: 'x' }, 400, 'no_connected_account'],
    [{ platforms: ['threads'], caption: 'x', mediaId: 'media_nope' }, 400, 'media_not_found'],
    [igPost({ mediaId: 'media_1' }), 400, 'ambiguous_media'],
    [igPost({ scheduled_time: FUTURE }), 400, 'validation_failed'],
    [igPost({ caption: 'x'.repeat(2201) }), 400, 'caption_too_long'],
  ])('%j → %i %s', async (payload, status, code) => {
    const res = await post('/api/v1/posts', payload);
    expect(res).toMatchObject({ status, body: { code, error: expect.any(String) } });
    expect(await app.store.posts.nextDueAt()).toBeNull();
  });

  it('reports every policy finding in details.issues', async () => {
    const { body } = await post('/api/v1/posts', {
      platforms: ['instagram', 'youtube'],
      caption: 'x'.repeat(2300),
    });
    expect(body.details.issues.map((i: { code: string }) => i.code)).toEqual(
      expect.arrayContaining(['caption_too_long', 'media_required', 'title_required']),
    );
  });

  it('profile_scope_denied (403) for an own account outside the key limit', async () => {
    const other = await app.account(user, { platform: 'instagram' });
    const limited = await app.keyFor(user, ['post:write'], [other.id]);
    expect(await post('/api/v1/posts', igPost({ profileIds: [igId] }), limited)).toMatchObject({
      status: 403,
      body: { code: 'profile_scope_denied' },
    });
  });

  it('media_not_found for another user’s media; owned media is accepted', async () => {
    const foreign = aMediaAsset('user_someone_else');
    const own = aMediaAsset(user.id);
    await seedMediaAsset(app.store.media, foreign);
    await seedMediaAsset(app.store.media, own);
    const payload = { platforms: ['instagram'], caption: 'x' };
    expect((await post('/api/v1/posts', { ...payload, mediaId: foreign.id })).body.code).toBe(
      'media_not_found',
    );
    expect((await post('/api/v1/posts', { ...payload, mediaId: own.id })).status).toBe(200);
  });

  it('plan_required (403) once the trial is over', async () => {
    const expired = await app.userWithKey({ plan: 'expired' });
    await app.account(expired.user);
    expect(await post('/api/v1/posts', igPost(), expired.key)).toMatchObject({
      status: 403,
      body: { code: 'plan_required' },
    });
  });

  it('quota_exceeded (403) past the monthly quota', async () => {
    const trial = await app.userWithKey({ plan: 'trial' });
    await app.account(trial.user);
    for (let i = 0; i < 100; i++) {
      expect((await post('/api/v1/posts', igPost({ caption: `Post ${i}` }), trial.key)).status).toBe(200);
    }
    expect(await post('/api/v1/posts', igPost({ caption: 'One more' }), trial.key)).toMatchObject({
      status: 403,
      body: { code: 'quota_exceeded' },
    });
  });

  it('insufficient_scope (403) without post:write', async () => {
    const reader = await app.keyFor(user, ['post:read']);
    expect(await post('/api/v1/posts', igPost(), reader)).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
  });

  it('replays a retry with the same externalId and refuses changed content (409)', async () => {
    const first = await post('/api/v1/posts', igPost({ externalId: 'crm-9', scheduledTime: FUTURE }));
    const again = await post('/api/v1/posts', igPost({ externalId: 'crm-9', scheduledTime: FUTURE }));
    expect(again).toEqual({ status: 200, body: { ...first.body, replayed: true } });
    expect(await post('/api/v1/posts', igPost({ externalId: 'crm-9', caption: 'changed' }))).toMatchObject({
      status: 409,
      body: { code: 'idempotency_conflict', details: { postIds: first.body.postIds } },
    });
  });

  it('refuses bodies that are not JSON objects, not JSON, or too large', async () => {
    const raw = (body: string, type = 'application/json') =>
      app.fetch('/api/v1/posts', { method: 'POST', key, body, headers: { 'Content-Type': type } });
    const answer = async (res: Response) => ({ status: res.status, code: (await readJson(res)).code });
    expect(await answer(await raw('{"platforms": ['))).toEqual({ status: 400, code: 'invalid_json' });
    expect(await answer(await raw('"just a string"'))).toEqual({ status: 400, code: 'invalid_json' });
    expect(await answer(await raw('[1,2]'))).toEqual({ status: 400, code: 'validation_failed' });
    expect(await answer(await raw('platforms=instagram', 'application/x-www-form-urlencoded'))).toEqual({
      status: 415,
      code: 'unsupported_content_type',
    });
    const huge = JSON.stringify({ platforms: ['instagram'], caption: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    expect(await answer(await raw(huge))).toEqual({ status: 413, code: 'payload_too_large' });
  });
});

describe('GET /api/v1/posts/{id}', () => {
  it('returns the post with the spec 2.1 fields', async () => {
    const created = await post(
      '/api/v1/posts',
      igPost({ scheduledTime: FUTURE, externalId: 'e-1', category: 'launch' }),
    );
    const res = await app.fetch(`/api/v1/posts/${created.body.postIds[0]}`, { key });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      id: created.body.postIds[0],
      groupId: created.body.groupId,
      status: 'scheduled',
      caption: 'Launch day',
      title: null,
      platforms: ['instagram'],
      profileIds: [igId],
      mediaIds: [],
      mediaUrls: ['https://cdn.example/a.jpg'],
      media: [{ mediaId: null, url: 'https://cdn.example/a.jpg', platformMediaId: null, derivedFrom: null }],
      scheduledTime: FUTURE,
      publishedAt: null,
      failedReason: null,
      externalId: 'e-1',
      permalink: null,
      warning: null,
      firstComment: null,
      thread: null,
      platformMeta: null,
      category: 'launch',
      evergreen: null,
      recycledFrom: null,
      recycleNumber: null,
      queued: false,
      createdAt: '2026-01-15T12:00:00.000Z',
      updatedAt: '2026-01-15T12:00:00.000Z',
    });
  });

  it('reports a first comment as pending until the post is published', async () => {
    const created = await post(
      '/api/v1/posts',
      igPost({ scheduledTime: FUTURE, platformMeta: { instagram: { firstComment: 'Link in bio' } } }),
    );
    const body = await readJson(await app.fetch(`/api/v1/posts/${created.body.postIds[0]}`, { key }));
    expect(body.firstComment).toEqual({ status: 'pending', id: null, error: null });
    expect(body.platformMeta).toEqual({ instagram: { firstComment: 'Link in bio' } });
  });

  it('refuses a first comment over the platform limit, naming the field', async () => {
    const refused = await post(
      '/api/v1/posts',
      igPost({ scheduledTime: FUTURE, platformMeta: { instagram: { firstComment: 'x'.repeat(2201) } } }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('platformMeta.instagram.firstComment');
  });

  it('reports a Threads chain as pending per part until the post is published', async () => {
    const threadsId = (
      await app.account(user, { platform: 'threads', handle: 'brand', sealedCredentials: 'SEALED' })
    ).id;
    const own = aMediaAsset(user.id);
    await seedMediaAsset(app.store.media, own);
    const threads = {
      replyControl: 'mentioned_only',
      thread: [{ caption: 'Part 1' }, { caption: 'Part 2', mediaIds: [own.id] }],
    };
    const created = await post('/api/v1/posts', {
      platforms: ['threads'],
      profileIds: [threadsId],
      caption: 'Root',
      scheduledTime: FUTURE,
      platformMeta: { threads },
    });
    expect(created.status).toBe(200);
    const body = await readJson(await app.fetch(`/api/v1/posts/${created.body.postIds[0]}`, { key }));
    const pending = { status: 'pending', id: null, permalink: null, error: null };
    expect(body.thread).toEqual([pending, pending]);
    expect(body.platformMeta).toEqual({ threads });
  });

  it("refuses a Threads chain part with another user's media, naming the part", async () => {
    const foreign = aMediaAsset('user_someone_else');
    await seedMediaAsset(app.store.media, foreign);
    const refused = await post('/api/v1/posts', {
      platforms: ['threads'],
      caption: 'Root',
      platformMeta: {
        threads: { thread: [{ caption: 'ok' }, { caption: 'theirs', mediaIds: [foreign.id] }] },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'media_not_found',
      details: { field: 'platformMeta.threads.thread[1].mediaIds' },
    });
  });

  it('links stored media through the media URL builder', async () => {
    const asset = aMediaAsset(user.id);
    await seedMediaAsset(app.store.media, asset);
    const created = await post('/api/v1/posts', { platforms: ['instagram'], mediaIds: [asset.id] });
    const body = await readJson(await app.fetch(`/api/v1/posts/${created.body.postIds[0]}`, { key }));
    expect(body.mediaUrls).toEqual([
      expect.stringMatching(
        new RegExp(`^https://svc\\.test/media/${asset.id}\\?expires=\\d+&signature=[\\w-]+$`),
      ),
    ]);
    expect(body.mediaIds).toEqual([asset.id]);
    expect(body.media).toEqual([
      { mediaId: asset.id, url: body.mediaUrls[0], platformMediaId: null, derivedFrom: null },
    ]);
  });

  it('post_not_found (404) for unknown posts and for other users’ posts', async () => {
    const created = await post('/api/v1/posts', igPost());
    const stranger = await app.userWithKey();
    for (const [id, k] of [
      ['post_unknown', key],
      [created.body.postIds[0], stranger.key],
    ]) {
      const res = await app.fetch(`/api/v1/posts/${id}`, { key: k });
      expect({ status: res.status, code: (await readJson(res)).code }).toEqual({
        status: 404,
        code: 'post_not_found',
      });
    }
  });

  it('insufficient_scope (403) without post:read', async () => {
    const writer = await app.keyFor(user, ['post:write']);
    const res = await app.fetch('/api/v1/posts/post_x', { key: writer });
    expect(res.status).toBe(403);
  });
});
