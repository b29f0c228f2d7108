import type { User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let user: User;
let key: string;
let threadsId: string;

beforeEach(async () => {
  app = await startTestApp();
  ({ user, key } = await app.userWithKey());
  threadsId = (await app.account(user, { platform: 'threads', handle: 'brand' })).id;
});
afterEach(async () => {
  await app.close();
});

const call = async (method: string, path: string, options: { json?: unknown; key?: string } = {}) => {
  const res = await app.fetch(path, { method, key: options.key ?? key, json: options.json });
  return { status: res.status, body: await readJson(res) };
};

/** A draft sent for approval, to go out at `scheduledTime`. */
const pendingPost = async (scheduledTime: string, as = key, profileId = threadsId): Promise<string> => {
  const draft = await call('POST', '/api/v1/drafts', {
    key: as,
    json: { caption: `Post at ${scheduledTime}`, profileIds: [profileId], scheduledTime },
  });
  expect(draft.status).toBe(201);
  expect((await call('POST', `/api/v1/posts/${draft.body.id}/approval`, { key: as })).status).toBe(201);
  return draft.body.id;
};

describe('review links over REST', () => {
  it('creates a link for posts with its token and address shown once, lists without it, revokes', async () => {
    const a = await pendingPost('2026-01-20T09:00:00Z');
    const b = await pendingPost('2026-01-21T09:00:00Z');
    const created = await call('POST', '/api/v1/review-links', { json: { postIds: [a, b], label: 'Acme' } });
    expect(created.status).toBe(201);
    const { id, token, url } = created.body;
    expect(token).toMatch(/^svc_rev_[0-9A-Z]{26}\.[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`${app.deps.baseUrl.replace(/\/$/, '')}/review/${token}`);
    expect(created.body).toMatchObject({ id, postIds: [a, b], label: 'Acme' });

    const listed = await call('GET', '/api/v1/review-links');
    expect(listed.status).toBe(200);
    expect(listed.body.reviewLinks).toEqual([
      expect.objectContaining({ id, state: 'open', decided: 0, postIds: [a, b], revokedAt: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token.split('.')[1]);

    const revoked = await call('DELETE', `/api/v1/review-links/${id}`);
    expect(revoked).toMatchObject({ status: 200, body: { id, revokedAt: expect.any(String) } });
    expect((await call('GET', '/api/v1/review-links')).body.reviewLinks[0].state).toBe('revoked');
  });

  it("resolves a week of the calendar, and never another user's posts", async () => {
    const mine = await pendingPost('2026-01-20T09:00:00Z');
    const other = await app.userWithKey();
    const theirAccount = await app.account(other.user, { platform: 'threads', handle: 'other' });
    const theirs = await pendingPost('2026-01-20T10:00:00Z', other.key, theirAccount.id);
    const week = await call('POST', '/api/v1/review-links', {
      json: { from: '2026-01-19T00:00:00Z', to: '2026-01-26T00:00:00Z', expiresAt: '2026-01-20T00:00:00Z' },
    });
    expect(week).toMatchObject({
      status: 201,
      body: { postIds: [mine], expiresAt: '2026-01-20T00:00:00.000Z' },
    });
    const foreign = await call('POST', '/api/v1/review-links', { json: { postIds: [theirs] } });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'post_not_found' } });
    const revokeTheirs = await call('DELETE', `/api/v1/review-links/${week.body.id}`, { key: other.key });
    expect(revokeTheirs).toMatchObject({ status: 404, body: { code: 'review_link_not_found' } });
    expect((await call('GET', '/api/v1/review-links', { key: other.key })).body.reviewLinks).toEqual([]);
  });

  it('refuses bad input and keys without the scope', async () => {
    const a = await pendingPost('2026-01-20T09:00:00Z');
    const both = await call('POST', '/api/v1/review-links', {
      json: { postIds: [a], from: '2026-01-19T00:00:00Z', to: '2026-01-26T00:00:00Z' },
    });
    expect(both).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const tooLong = await call('POST', '/api/v1/review-links', {
      json: { postIds: [a], expiresAt: '2026-03-01T00:00:00Z' },
    });
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const reader = await app.keyFor(user, ['post:read']);
    expect(await call('POST', '/api/v1/review-links', { key: reader, json: { postIds: [a] } })).toMatchObject(
      {
        status: 403,
        body: { code: 'insufficient_scope' },
      },
    );
    expect((await call('GET', '/api/v1/review-links', { key: reader })).status).toBe(200);
    const otherScope = await app.keyFor(user, ['account:read']);
    expect((await call('GET', '/api/v1/review-links', { key: otherScope })).status).toBe(403);
  });
});
