import type { Post, Store, User } from '@svc/core';
import { aMediaAsset, createMemoryStore, seedMediaAsset } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

// Like SQLite's read cache: one frozen object per post while its row is unchanged.
function cachingStore(): Store {
  const store = createMemoryStore();
  const seen = new Map<string, Post>();
  const getPost = async (id: string) => {
    const post = await store.posts.getPost(id);
    if (post === null) return null;
    const known = seen.get(id);
    if (known !== undefined && known.version === post.version) return known;
    const frozen = Object.freeze(structuredClone(post));
    seen.set(id, frozen);
    return frozen;
  };
  return { ...store, posts: { ...store.posts, getPost } };
}

let app: TestApp;
let key: string;
let user: User;
let threadsId: string;
let igId: string;

beforeEach(async () => {
  app = await startTestApp({ store: cachingStore() });
  const seeded = await app.userWithKey();
  key = seeded.key;
  user = seeded.user;
  threadsId = (await app.account(seeded.user, { platform: 'threads', handle: 'brand' })).id;
  igId = (await app.account(seeded.user, { platform: 'instagram', handle: 'brand' })).id;
});
afterEach(async () => {
  await app.close();
});

const create = async (json: unknown) => {
  const res = await app.fetch('/api/v1/posts', { method: 'POST', key, json });
  return (await readJson(res)).postIds[0] as string;
};

describe('GET /api/v1/posts/{id} of a cached post', () => {
  it('answers the same JSON, with the same headers, each time, and the new post once it changes', async () => {
    const id = await create({
      platforms: ['threads'],
      profileIds: [threadsId],
      caption: 'Launch',
      scheduledTime: '2026-01-15T13:00:00.000Z',
    });
    const first = await app.fetch(`/api/v1/posts/${id}`, { key });
    const second = await app.fetch(`/api/v1/posts/${id}`, { key });
    const [a, b] = [await first.text(), await second.text()];
    expect(b).toBe(a);
    for (const res of [first, second]) {
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(a)));
    }
    expect(JSON.parse(a)).toMatchObject({ id, caption: 'Launch', status: 'scheduled' });

    await app.fetch(`/api/v1/posts/${id}`, { method: 'PATCH', key, json: { caption: 'Launch, take two' } });
    const after = await readJson(await app.fetch(`/api/v1/posts/${id}`, { key }));
    expect(after.caption).toBe('Launch, take two');
  });

  it('signs the links of its media afresh for each answer', async () => {
    const asset = aMediaAsset(user.id);
    await seedMediaAsset(app.store.media, asset);
    const id = await create({
      platforms: ['instagram'],
      profileIds: [igId],
      caption: 'Launch',
      mediaIds: [asset.id],
      scheduledTime: '2026-01-15T13:00:00.000Z',
    });
    const first = await readJson(await app.fetch(`/api/v1/posts/${id}`, { key }));
    app.clock.advance(60_000);
    const second = await readJson(await app.fetch(`/api/v1/posts/${id}`, { key }));
    expect(second.mediaUrls[0]).not.toBe(first.mediaUrls[0]);
    expect(new URL(second.mediaUrls[0]).searchParams.get('expires')).toBe(
      String(Number(new URL(first.mediaUrls[0]).searchParams.get('expires')) + 60),
    );
  });
});
