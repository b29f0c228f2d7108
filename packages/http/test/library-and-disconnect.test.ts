import type { User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let user: User;
let key: string;
let igId: string;
let foreignKey: string;

const FUTURE = '2026-01-15T13:00:00.000Z';

beforeEach(async () => {
  app = await startTestApp();
  ({ user, key } = await app.userWithKey());
  igId = (await app.account(user, { platform: 'instagram', handle: 'brand', sealedCredentials: 'SEALED' }))
    .id;
  const foreign = await app.userWithKey();
  foreignKey = foreign.key;
  for (const name of ['a', 'b', 'c']) {
    app.media.fetcher.serve(
      `https://cdn.example/${name}.jpg`,
      app.media.inspector.describe(new TextEncoder().encode(name), { contentType: 'image/jpeg' }),
    );
  }
});
afterEach(async () => {
  await app.close();
});

const call = async (method: string, path: string, options: { json?: unknown; key?: string } = {}) => {
  const res = await app.fetch(path, { method, key: options.key ?? key, json: options.json });
  return { status: res.status, body: await readJson(res) };
};
const importLink = async (name: string) =>
  (await call('POST', '/api/v1/media/from-url', { json: { url: `https://cdn.example/${name}.jpg` } })).body
    .mediaId as string;

describe('the media library over REST', () => {
  it('lists newest first with links and uses, pages, and reads one asset', async () => {
    const a = await importLink('a');
    app.clock.advance(1000);
    const b = await importLink('b');
    app.clock.advance(1000);
    const c = await importLink('c');
    const { body: created } = await call('POST', '/api/v1/posts', {
      json: { platforms: ['instagram'], caption: 'Uses b', mediaIds: [b], scheduledTime: FUTURE },
    });

    const first = await call('GET', '/api/v1/media?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.media.map((m: { id: string }) => m.id)).toEqual([c, b]);
    expect(first.body.media[1]).toMatchObject({
      contentType: 'image/jpeg',
      url: expect.stringContaining(`/media/${b}?`),
      usedBy: [{ postId: created.postIds[0], status: 'scheduled' }],
    });
    const second = await call('GET', `/api/v1/media?cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ media: [{ id: a, usedBy: [] }], nextCursor: null });
    expect(await call('GET', `/api/v1/media/${a}`)).toMatchObject({ status: 200, body: { id: a } });
  });

  it('keeps tenants apart and checks scopes and input', async () => {
    const a = await importLink('a');
    expect((await call('GET', '/api/v1/media', { key: foreignKey })).body).toEqual({
      media: [],
      nextCursor: null,
    });
    expect(await call('GET', `/api/v1/media/${a}`, { key: foreignKey })).toMatchObject({
      status: 404,
      body: { code: 'media_asset_not_found' },
    });
    expect(await call('DELETE', `/api/v1/media/${a}`, { key: foreignKey })).toMatchObject({
      status: 404,
      body: { code: 'media_asset_not_found' },
    });
    const noRead = await app.keyFor(user, ['media:write']);
    expect(await call('GET', '/api/v1/media', { key: noRead })).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
    expect(
      await call('DELETE', `/api/v1/media/${a}`, { key: await app.keyFor(user, ['post:read']) }),
    ).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
    for (const query of ['limit=0', 'limit=101', 'cursor=nope']) {
      expect(await call('GET', `/api/v1/media?${query}`)).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      });
    }
  });

  it('refuses to delete media a scheduled post uses, and deletes it once the post is gone', async () => {
    const a = await importLink('a');
    const { body } = await call('POST', '/api/v1/posts', {
      json: { platforms: ['instagram'], caption: 'Uses a', mediaIds: [a], scheduledTime: FUTURE },
    });
    expect(await call('DELETE', `/api/v1/media/${a}`)).toMatchObject({
      status: 409,
      body: { code: 'media_in_use', details: { postIds: body.postIds } },
    });
    await call('DELETE', `/api/v1/posts/${body.postIds[0]}`);
    expect(await call('DELETE', `/api/v1/media/${a}`)).toEqual({
      status: 200,
      body: { mediaId: a, deleted: true },
    });
    expect((await call('GET', `/api/v1/media/${a}`)).status).toBe(404);
  });
});

describe('DELETE /api/v1/connections/{id}', () => {
  it('refuses while posts wait for the account, then disconnects with force', async () => {
    const { body } = await call('POST', '/api/v1/posts', {
      json: {
        platforms: ['instagram'],
        caption: 'Soon',
        mediaUrls: ['https://cdn.example/a.jpg'],
        scheduledTime: FUTURE,
      },
    });
    expect(await call('DELETE', `/api/v1/connections/${igId}`)).toMatchObject({
      status: 409,
      body: { code: 'account_has_scheduled_posts', details: { postIds: body.postIds } },
    });
    const forced = await call('DELETE', `/api/v1/connections/${igId}?force=true`);
    expect(forced).toEqual({
      status: 200,
      body: { id: igId, disconnected: true, alreadyDisconnected: false, pendingPostIds: body.postIds },
    });
    expect((await call('GET', '/api/v1/connections')).body.accounts).toEqual([]);
    expect((await app.store.accounts.getAccount(igId))?.sealedCredentials).not.toBe('SEALED');
    expect((await call('DELETE', `/api/v1/connections/${igId}`)).body.alreadyDisconnected).toBe(true);
  });

  it('answers account_not_found for a foreign or unknown account, and checks scope and input', async () => {
    expect(await call('DELETE', `/api/v1/connections/${igId}`, { key: foreignKey })).toMatchObject({
      status: 404,
      body: { code: 'account_not_found' },
    });
    expect(await call('DELETE', '/api/v1/connections/acct_nope')).toMatchObject({
      status: 404,
      body: { code: 'account_not_found' },
    });
    expect(
      await call('DELETE', `/api/v1/connections/${igId}`, { key: await app.keyFor(user, ['account:read']) }),
    ).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    expect(await call('DELETE', `/api/v1/connections/${igId}?force=yes`)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect((await call('GET', '/api/v1/connections')).body.count).toBe(1);
  });
});
