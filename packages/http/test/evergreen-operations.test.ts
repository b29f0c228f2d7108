import type { User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

// Evergreen recycling through REST (docs/queue.md): the rule is given on create, answered with the
// post, changed or removed by an edit, and refused with the field named when out of bounds.

let app: TestApp;
let user: User;
let key: string;
let threadsId: string;

const FUTURE = '2026-01-15T13:00:00.000Z';
const RULE = { everyDays: 30, maxTimes: 3, onlyAboveMedian: true };

beforeEach(async () => {
  app = await startTestApp();
  ({ user, key } = await app.userWithKey());
  threadsId = (await app.account(user, { platform: 'threads', handle: 'brand' })).id;
});
afterEach(async () => {
  await app.close();
});

const call = async (method: string, path: string, json?: unknown) => {
  const res = await app.fetch(path, { method, key, json });
  return { status: res.status, body: await readJson(res) };
};
const create = (extra: object) =>
  call('POST', '/api/v1/posts', {
    platforms: ['threads'],
    caption: 'Our guide',
    scheduledTime: FUTURE,
    ...extra,
  });

describe('evergreen on POST /api/v1/posts and PATCH /api/v1/posts/{id}', () => {
  it('keeps the rule given on create and answers it with the post; a post without one answers null', async () => {
    const created = await create({ evergreen: { everyDays: 30, maxTimes: 3 } });
    expect(created.status).toBe(200);
    const id = created.body.postIds[0] as string;
    expect((await call('GET', `/api/v1/posts/${id}`)).body).toMatchObject({
      id,
      evergreen: { everyDays: 30, maxTimes: 3, onlyAboveMedian: false },
      recycledFrom: null,
      recycleNumber: null,
    });
    const plain = await create({ caption: 'Once only' });
    expect((await call('GET', `/api/v1/posts/${plain.body.postIds[0]}`)).body).toMatchObject({
      evergreen: null,
      recycledFrom: null,
    });
  });

  it('changes the rule of a scheduled post, then removes it, each recorded as an edit', async () => {
    const id = (await create({})).body.postIds[0] as string;
    const set = await call('PATCH', `/api/v1/posts/${id}`, { evergreen: RULE });
    expect(set).toMatchObject({ status: 200, body: { id, evergreen: RULE } });
    const removed = await call('PATCH', `/api/v1/posts/${id}`, { evergreen: null });
    expect(removed).toMatchObject({ status: 200, body: { id, evergreen: null } });
  });

  it('takes a rule on a draft too', async () => {
    const draft = await call('POST', '/api/v1/drafts', { caption: 'Teaser', profileIds: [threadsId] });
    const id = draft.body.id as string;
    expect(await call('PATCH', `/api/v1/posts/${id}`, { evergreen: RULE })).toMatchObject({
      status: 200,
      body: { status: 'draft', evergreen: RULE },
    });
  });

  it.each([
    [{ everyDays: 0, maxTimes: 3 }, 'evergreen.everyDays'],
    [{ everyDays: 366, maxTimes: 3 }, 'evergreen.everyDays'],
    [{ everyDays: 7, maxTimes: 101 }, 'evergreen.maxTimes'],
    [{ everyDays: 7 }, 'evergreen.maxTimes'],
  ])('refuses %j on create and on edit, naming %s, and writes nothing', async (rule, field) => {
    const refused = await create({ evergreen: rule });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(refused.body.error).toContain(field);
    expect((await call('GET', '/api/v1/posts')).body.posts).toEqual([]);
    const id = (await create({})).body.postIds[0] as string;
    const edit = await call('PATCH', `/api/v1/posts/${id}`, { evergreen: rule });
    expect(edit).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect((await call('GET', `/api/v1/posts/${id}`)).body.evergreen).toBeNull();
  });
});
