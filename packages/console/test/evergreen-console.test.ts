import {
  type ConnectedAccount,
  getPost,
  operatorActor,
  type Post,
  recycleEvergreenPosts,
  replacePostingSlots,
  type User,
} from '@svc/core';
import { anAccount } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';
const DAY = 86_400_000;

// Issue 35: evergreen in the console without JavaScript. Compose takes the rule and says a refusal
// next to its field; a post's page tells the rule, its copies and the next due time, and changes or
// stops it; a copy's page leads back to its original.
describe('evergreen in the console', () => {
  let app: ConsoleApp;
  let user: User;
  let browser: ConsoleClient;
  let threads: ConnectedAccount;

  beforeEach(async () => {
    app = await startConsoleApp();
    user = await app.user(undefined, PASSWORD);
    threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'shop' }),
    );
    const slots = await replacePostingSlots(app.t.deps, operatorActor(user), threads.id, {
      timeZone: 'UTC',
      slots: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({
        day,
        time: '09:00',
      })),
    });
    expect(slots.isOk()).toBe(true);
    browser = app.client();
    await browser.signIn(user.email, PASSWORD);
  });
  afterEach(() => app.close());

  const post = async (id: string): Promise<Post> =>
    (await getPost(app.t.deps, operatorActor(user), id))._unsafeUnwrap();
  const idFrom = (location: string | null) =>
    /\/app\/posts\/(post_[A-Za-z0-9]+)/.exec(location ?? '')?.[1] ?? '';
  const compose = async (fields: Record<string, string | string[]>) => {
    await browser.get('/app/compose');
    return browser.post('/app/compose', { account: threads.id, time: '2026-01-20T09:00', ...fields });
  };

  it('Compose offers the rule off by default, with core’s limits, and schedules a post with it', async () => {
    const page = await browser.get('/app/compose');
    expect(page.text).toContain('<legend>Evergreen</legend>');
    expect(page.text).toMatch(/<input type="checkbox" name="evergreen" value="on">/);
    expect(page.text).toContain('name="everyDays" type="number" min="1" max="365"');
    expect(page.text).toContain('name="maxTimes" type="number" min="1" max="100"');
    const plain = await compose({
      caption: 'Not evergreen',
      everyDays: '5',
      maxTimes: '2',
      action: 'schedule',
    });
    expect(plain.status).toBe(303);
    expect((await post(idFrom(plain.headers.get('location')))).evergreen).toBeNull();
    const made = await compose({
      caption: 'Our guide',
      evergreen: 'on',
      everyDays: '1',
      maxTimes: '2',
      onlyAboveMedian: 'on',
      action: 'schedule',
    });
    expect(made.status, made.text.slice(0, 300)).toBe(303);
    expect((await post(idFrom(made.headers.get('location')))).evergreen).toEqual({
      everyDays: 1,
      maxTimes: 2,
      onlyAboveMedian: true,
    });
    const draft = await compose({
      caption: 'A draft',
      evergreen: 'on',
      everyDays: '7',
      maxTimes: '3',
      action: 'draft',
    });
    expect(draft.status).toBe(303);
    expect((await post(idFrom(draft.headers.get('location')))).evergreen).toEqual({
      everyDays: 7,
      maxTimes: 3,
      onlyAboveMedian: false,
    });
  });

  it('says a refused rule next to its field, keeps what was typed, and makes no post', async () => {
    for (const [everyDays, maxTimes, field, message] of [
      ['0', '2', 'days', 'Give a whole number of days from 1 to 365.'],
      ['7', '101', 'times', 'Give a whole number of times from 1 to 100.'],
      ['', '2', 'days', 'Give a whole number of days from 1 to 365.'],
      ['1.5', '2', 'days', 'Give a whole number of days from 1 to 365.'],
    ] as const) {
      for (const action of ['schedule', 'draft']) {
        const refused = await compose({ caption: 'Bad rule', evergreen: 'on', everyDays, maxTimes, action });
        expect(refused.status).toBe(400);
        expect(refused.text).toContain(`<p id="evergreen-${field}-error" class="field-error">${message}</p>`);
        expect(refused.text).toContain(`aria-invalid="true" aria-describedby="evergreen-${field}-error"`);
        expect(refused.text).toContain('The evergreen rule needs a change: see its fields.');
        expect(refused.text).toContain(
          `name="everyDays" type="number" min="1" max="365" step="1" inputmode="numeric" value="${everyDays}"`,
        );
        expect(refused.text).toMatch(/name="evergreen" value="on" checked/);
      }
    }
    const listed = await app.t.store.posts.listPosts({
      ownerId: user.id,
      statuses: null,
      accountIds: null,
      profileId: null,
      limit: 10,
      after: null,
    });
    expect(listed.posts).toEqual([]);
  });

  it('shows the rule, the next due time, the copies and the way back from a copy', async () => {
    const made = await compose({
      caption: 'Our guide',
      evergreen: 'on',
      everyDays: '1',
      maxTimes: '2',
      action: 'schedule',
    });
    const id = idFrom(made.headers.get('location'));
    const before = await browser.get(`/app/posts/${id}`);
    expect(before.text).toContain('Posted again every day, at most 2 times.');
    expect(before.text).toContain(
      'Not recycled yet. The first copy joins the queue a day after it is published.',
    );

    // It goes out on Tuesday 20 January at 09:00; a day later the sweep makes the first copy.
    const published = await post(id);
    const at = new Date('2026-01-20T09:00:00Z');
    await app.t.store.posts.updatePost(
      { ...published, status: 'posted', publishedAt: at, dueAt: null },
      published.version,
    );
    app.t.clock.set(new Date(at.getTime() + 60_000));
    // Days went by: the session has lapsed.
    await browser.signIn(user.email, PASSWORD);
    const waiting = await browser.get(`/app/posts/${id}`);
    expect(waiting.status, waiting.text.slice(0, 500)).toBe(200);
    expect(waiting.text).toContain(
      'Copy 1 is due <time datetime="2026-01-21T09:00:00.000Z">2026-01-21 09:00 UTC</time>.',
    );
    app.t.clock.set(new Date(at.getTime() + DAY + 60_000));
    expect((await recycleEvergreenPosts(app.t.deps)).recycled).toBe(1);
    await browser.signIn(user.email, PASSWORD);
    const after = await browser.get(`/app/posts/${id}`);
    expect(after.text).toContain(
      'Recycled 1 time so far. The next period counts from when the latest copy goes out.',
    );
    const copyId = /<a href="\/app\/posts\/(post_[A-Za-z0-9]+)">Copy 1<\/a>/.exec(after.text)?.[1] ?? '';
    expect(copyId).not.toBe('');
    const copy = await browser.get(`/app/posts/${copyId}`);
    expect(copy.text).toContain(`Recycled from <a href="/app/posts/${id}">Our guide</a>, copy 1 of 2.`);
    // The next slot after Wednesday 09:01 is Thursday 09:00.
    expect(copy.text).toContain(
      'In the queue for <time datetime="2026-01-22T09:00:00.000Z">2026-01-22 09:00 UTC</time>.',
    );
    expect(copy.text).not.toContain(`action="/app/posts/${copyId}/evergreen"`);
  });

  it("says in the post's history why a period passed without a copy, in words", async () => {
    await replacePostingSlots(app.t.deps, operatorActor(user), threads.id, { timeZone: 'UTC', slots: [] });
    const made = await compose({
      caption: 'Our guide',
      evergreen: 'on',
      everyDays: '1',
      maxTimes: '2',
      action: 'schedule',
    });
    const id = idFrom(made.headers.get('location'));
    const published = await post(id);
    const at = new Date('2026-01-20T09:00:00Z');
    await app.t.store.posts.updatePost(
      { ...published, status: 'posted', publishedAt: at, dueAt: null },
      published.version,
    );
    app.t.clock.set(new Date(at.getTime() + DAY));
    expect(await recycleEvergreenPosts(app.t.deps)).toEqual({ recycled: 0, skipped: 1 });
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get(`/app/posts/${id}`);
    expect(page.text).toContain('Not recycled this period: the account has no posting slots</li>');
    expect(page.text).toContain('Not recycled yet. Copy 1 is due');
  });

  it('changes and stops the rule on the post’s page, and says a refused change next to its field', async () => {
    const made = await compose({
      caption: 'Our guide',
      evergreen: 'on',
      everyDays: '1',
      maxTimes: '2',
      action: 'schedule',
    });
    const id = idFrom(made.headers.get('location'));
    await browser.get(`/app/posts/${id}`);
    const bad = await browser.post(`/app/posts/${id}/evergreen`, {
      everyDays: '400',
      maxTimes: '2',
      action: 'save',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(
      '<p id="rule-days-error" class="field-error">Give a whole number of days from 1 to 365.</p>',
    );
    expect(bad.text).toContain('value="400"');
    expect((await post(id)).evergreen?.everyDays).toBe(1);
    const saved = await browser.post(`/app/posts/${id}/evergreen`, {
      everyDays: '14',
      maxTimes: '5',
      onlyAboveMedian: 'on',
      action: 'save',
    });
    expect(saved.headers.get('location')).toBe(`/app/posts/${id}?done=evergreen`);
    expect((await post(id)).evergreen).toEqual({ everyDays: 14, maxTimes: 5, onlyAboveMedian: true });
    expect((await browser.get(`/app/posts/${id}?done=evergreen`)).text).toContain(
      'Posted again every 14 days, at most 5 times, only while it does better than the account&#39;s median.',
    );
    const stopped = await browser.post(`/app/posts/${id}/evergreen`, {
      everyDays: '14',
      maxTimes: '5',
      action: 'stop',
    });
    expect(stopped.headers.get('location')).toBe(`/app/posts/${id}?done=evergreen-stopped`);
    expect((await post(id)).evergreen).toBeNull();
    const page = await browser.get(`/app/posts/${id}?done=evergreen-stopped`);
    expect(page.text).toContain('Stopped: no more copies will be made.');
    expect(page.text).toContain('<summary>Post it again later</summary>');
  });
});
