import type { User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let user: User;
let key: string;
let _igId: string;
let threadsId: string;
let foreignKey: string;

const FUTURE = '2026-01-15T13:00:00.000Z';

beforeEach(async () => {
  app = await startTestApp();
  ({ user, key } = await app.userWithKey());
  _igId = (await app.account(user, { platform: 'instagram', handle: 'brand' })).id;
  threadsId = (await app.account(user, { platform: 'threads', handle: 'brand' })).id;
  const foreign = await app.userWithKey();
  await app.account(foreign.user, { platform: 'threads' });
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
const create = async (payload: Record<string, unknown>) =>
  (await call('POST', '/api/v1/posts', { json: payload })).body.postIds as string[];
const fail = async (id: string) => {
  const post = await app.store.posts.getPost(id);
  if (post === null) throw new Error('no post');
  await app.store.posts.updatePost(
    { ...post, status: 'failed', failedReason: 'Instagram refused the video.', dueAt: null },
    post.version,
  );
};

describe('GET /api/v1/posts', () => {
  it('pages through posts newest first with filters', async () => {
    const [ig] = await create({
      platforms: ['instagram'],
      caption: 'One',
      mediaUrls: ['https://cdn.example/a.jpg'],
      scheduledTime: FUTURE,
    });
    app.clock.advance(1000);
    const [threads] = await create({
      platforms: ['threads'],
      caption: 'Two',
      scheduledTime: '2026-01-20T10:00:00Z',
    });
    app.clock.advance(1000);
    const [third] = await create({ platforms: ['threads'], caption: 'Three' });

    const first = await call('GET', '/api/v1/posts?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.posts.map((p: { id: string }) => p.id)).toEqual([third, threads]);
    expect(first.body.posts[0]).toMatchObject({
      caption: 'Three',
      status: 'scheduled',
      profileIds: [threadsId],
    });
    const second = await call('GET', `/api/v1/posts?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ posts: [{ id: ig }], nextCursor: null });

    const ids = async (query: string) =>
      (await call('GET', `/api/v1/posts?${query}`)).body.posts.map((p: { id: string }) => p.id);
    expect(await ids('platform=instagram')).toEqual([ig]);
    expect(await ids(`profileId=${threadsId}`)).toEqual([third, threads]);
    expect(await ids('from=2026-01-16T00:00:00Z')).toEqual([threads]);
    expect(await ids('to=2026-01-16T00:00:00%2B00:00')).toEqual([third, ig]);
    expect(await ids('status=failed')).toEqual([]);
    expect(await ids('status=scheduled&limit=100')).toHaveLength(3);
  });

  it('filters by text in the caption or title with q, wildcards taken literally', async () => {
    const [sale] = await create({ platforms: ['threads'], caption: 'Spring SALE: 50% off' });
    app.clock.advance(1000);
    const [other] = await create({ platforms: ['threads'], caption: 'Prices 500 lower' });
    app.clock.advance(1000);
    const [titled] = await create({
      platforms: ['threads'],
      caption: 'Nothing to see',
      title: 'The sale video',
    });
    const ids = async (query: string) =>
      (await call('GET', `/api/v1/posts?${query}`)).body.posts.map((p: { id: string }) => p.id);
    expect(await ids('q=sale')).toEqual([titled, sale]);
    expect(await ids(`q=${encodeURIComponent(' 50% ')}`)).toEqual([sale]);
    expect(await ids('q=500&status=scheduled&platform=threads')).toEqual([other]);
    expect(await ids('q=')).toEqual([titled, other, sale]);
    expect(await call('GET', `/api/v1/posts?q=${'x'.repeat(101)}`)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
  });

  it("shows a key only its owner's posts, and refuses a key without post:read", async () => {
    await create({ platforms: ['threads'], caption: 'Mine' });
    expect((await call('GET', '/api/v1/posts', { key: foreignKey })).body).toEqual({
      posts: [],
      nextCursor: null,
    });
    expect(
      await call('GET', '/api/v1/posts', { key: await app.keyFor(user, ['account:read']) }),
    ).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
  });

  it.each([
    'limit=0',
    'limit=101',
    'limit=ten',
    'status=deleted',
    'platform=vine',
    'from=yesterday',
    'to=2026-01-16T00:00:00',
    'cursor=not-a-cursor',
  ])('refuses %s with validation_failed', async (query) => {
    expect(await call('GET', `/api/v1/posts?${query}`)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', error: expect.any(String) },
    });
  });
});

describe('POST /api/v1/posts/{id}/retry', () => {
  it('schedules a failed post again under the same id', async () => {
    const [id] = await create({ platforms: ['threads'], caption: 'Retry me', scheduledTime: FUTURE });
    await fail(id as string);
    const now = await call('POST', `/api/v1/posts/${id}/retry`);
    expect(now).toMatchObject({ status: 200, body: { id, status: 'scheduled', failedReason: null } });
    await fail(id as string);
    const later = await call('POST', `/api/v1/posts/${id}/retry`, {
      json: { scheduledTime: '2026-01-18T09:00:00Z' },
    });
    expect(later.body).toMatchObject({ id, status: 'scheduled', scheduledTime: '2026-01-18T09:00:00.000Z' });
  });

  it('refuses a post that did not fail, a foreign post, a missing scope and a bad time', async () => {
    const [id] = await create({ platforms: ['threads'], caption: 'Fine', scheduledTime: FUTURE });
    expect(await call('POST', `/api/v1/posts/${id}/retry`)).toMatchObject({
      status: 409,
      body: { code: 'invalid_post_state' },
    });
    await fail(id as string);
    expect(await call('POST', `/api/v1/posts/${id}/retry`, { key: foreignKey })).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });
    expect(
      await call('POST', `/api/v1/posts/${id}/retry`, { key: await app.keyFor(user, ['post:read']) }),
    ).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
    expect(
      await call('POST', `/api/v1/posts/${id}/retry`, { json: { scheduledTime: 'soon' } }),
    ).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', details: { field: 'scheduledTime' } },
    });
    expect(
      await call('POST', `/api/v1/posts/${id}/retry`, { json: { scheduledTime: '2020-01-01T00:00:00Z' } }),
    ).toMatchObject({
      status: 400,
      body: { code: 'scheduled_time_in_past' },
    });
    expect((await call('GET', `/api/v1/posts/${id}`)).body.status).toBe('failed');
  });
});

describe('POST /api/v1/posts/bulk and GET /api/v1/posts/export', () => {
  const csv = [
    'caption,platforms,scheduledTime,externalId',
    '"Hello, world",threads,2026-01-16T09:00:00+01:00,bulk-1',
    'No platform here,,2026-01-16T09:00:00Z,bulk-2',
    `Instagram,instagram|threads,${FUTURE},bulk-3`,
  ].join('\r\n');
  const bulk = async (body: string, type: string, query = '', as = key) => {
    const res = await fetch(`${app.url}/api/v1/posts/bulk${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as}`, 'content-type': type },
      body,
    });
    return { status: res.status, body: await readJson(res) };
  };

  it('checks every row in a dry run and writes nothing', async () => {
    const { status, body } = await bulk(csv, 'text/csv', '?dryRun=true');
    expect(status).toBe(200);
    expect(body.dryRun).toBe(true);
    expect(body.rows.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false]);
    expect(body.rows[1].error.code).toBe('missing_platforms');
    expect(body.rows[2].error.code).toBe('media_required');
    expect((await call('GET', '/api/v1/posts')).body.posts).toEqual([]);
  });

  it('creates the valid rows, each once however often the file is sent', async () => {
    const first = await bulk(csv, 'text/csv; charset=utf-8');
    expect(first.body.totals).toEqual({ rows: 3, ok: 1, failed: 2, posts: 1, replayed: 0 });
    const again = await bulk(csv, 'text/csv');
    expect(again.body.rows[0]).toMatchObject({
      ok: true,
      replayed: true,
      postIds: first.body.rows[0].postIds,
    });
    const json = await bulk(
      JSON.stringify({ posts: [{ platforms: ['threads'], caption: 'From JSON' }] }),
      'application/json',
    );
    expect(json.body.totals.posts).toBe(1);
    expect((await call('GET', '/api/v1/posts')).body.posts).toHaveLength(2);
  });

  it('refuses a bad file, another type, and a key without post:write', async () => {
    expect(await bulk('caption,plataforms\nx,threads', 'text/csv')).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await bulk('{"posts": [', 'application/json')).toMatchObject({
      status: 400,
      body: { code: 'invalid_json' },
    });
    expect(await bulk('a', 'text/plain')).toMatchObject({
      status: 415,
      body: { code: 'unsupported_content_type' },
    });
    expect(await bulk(csv, 'text/csv', '?dryRun=maybe')).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await bulk(csv, 'text/csv', '', await app.keyFor(user, ['post:read']))).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
  });

  it("exports what the import reads back, only the owner's posts", async () => {
    await bulk(csv, 'text/csv');
    const res = await app.fetch('/api/v1/posts/export?format=csv', { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    expect(text).toContain('Hello, world');
    // The file reads back as a bulk file: one row per post. Here the posts exist already, so each
    // row's externalId answers (docs/bulk.md: the exported row is not byte-for-byte the request).
    const back = await bulk(text, 'text/csv', '?dryRun=true');
    expect(back.status).toBe(200);
    expect(back.body.rows).toEqual([
      expect.objectContaining({ row: 1, error: expect.objectContaining({ code: 'idempotency_conflict' }) }),
    ]);
    const json = await readJson(
      await app.fetch('/api/v1/posts/export?format=json&platform=threads', { key }),
    );
    expect(json.posts).toEqual([expect.objectContaining({ caption: 'Hello, world', externalId: 'bulk-1' })]);
    const found = await readJson(await app.fetch('/api/v1/posts/export?format=json&q=HELLO', { key }));
    expect(found.posts).toHaveLength(1);
    const none = await readJson(await app.fetch('/api/v1/posts/export?format=json&q=goodbye', { key }));
    expect(none).toEqual({ posts: [] });
    const foreign = await readJson(await app.fetch('/api/v1/posts/export?format=json', { key: foreignKey }));
    expect(foreign).toEqual({ posts: [] });
    expect((await app.fetch('/api/v1/posts/export?format=xml', { key })).status).toBe(400);
    expect(
      (await app.fetch('/api/v1/posts/export', { key: await app.keyFor(user, ['account:read']) })).status,
    ).toBe(403);
  });
});
