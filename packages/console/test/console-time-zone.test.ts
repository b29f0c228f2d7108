import type { User } from '@svc/core';
import { anAccount, aPost } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

// The test clock reads 2026-01-15T12:00Z.
describe("the console in the person's time zone", () => {
  let app: ConsoleApp;
  let user: User;
  let browser: ConsoleClient;
  beforeEach(async () => {
    app = await startConsoleApp();
    user = await app.user();
    browser = app.client();
    await browser.signIn(user.email, PASSWORD);
  });
  afterEach(() => app.close());

  const choose = async (timeZone: string) => {
    await browser.get('/app/account');
    return browser.post('/app/account/time-zone', { timeZone });
  };

  const schedule = async (id: string, at: Date) => {
    const threads = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    await app.t.store.posts.insertPosts({
      ownerId: user.id,
      at: app.t.clock.now(),
      posts: [
        aPost(user.id, threads.id, {
          id,
          platforms: ['threads'],
          caption: `Post ${id}`,
          scheduledTime: at,
          dueAt: at,
        }),
      ],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
  };

  it("sets the time zone from the account page, offering the browser's while it is the default", async () => {
    const first = await browser.get('/app/account');
    expect(first.text).toContain('<option value="UTC" selected>UTC</option>');
    expect(first.text).toContain('<option value="Europe/Paris">Europe/Paris</option>');
    // The script may pre-select the browser's zone only while the person has not chosen one.
    expect(first.text).toContain('data-browser-zone="time-zone-offer"');
    const saved = await browser.post('/app/account/time-zone', { timeZone: 'Europe/Paris' });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/app/account?done=time-zone']);
    expect((await app.t.store.users.getUser(user.id))?.timeZone).toBe('Europe/Paris');
    const after = await browser.get('/app/account?done=time-zone');
    expect(after.text).toContain('Your time zone was saved');
    expect(after.text).toContain('<option value="Europe/Paris" selected>Europe/Paris</option>');
    expect(after.text).not.toContain('data-browser-zone');
    // Now: 2026-01-15T12:00Z is 13:00 in Paris in winter.
    expect(after.text).toContain('<time datetime="2026-01-15T12:00:00.000Z">2026-01-15 13:00 CET</time>');

    const wrong = await browser.post('/app/account/time-zone', { timeZone: 'Mars/Olympus' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('is not a time zone name');
    const forged = await browser.post('/app/account/time-zone', { timeZone: 'UTC', _csrf: 'guessed' });
    expect(forged.status).toBe(403);
    expect((await app.t.store.users.getUser(user.id))?.timeZone).toBe('Europe/Paris');
  });

  it('shows a known instant in the zone with its abbreviation, keeping the UTC instant in datetime', async () => {
    await schedule('post_known', new Date('2026-12-01T09:30:00.000Z'));
    const utc = await browser.get('/app/posts/post_known');
    expect(utc.text).toContain('<time datetime="2026-12-01T09:30:00.000Z">2026-12-01 09:30 UTC</time>');
    await choose('Europe/Paris');
    const paris = await browser.get('/app/posts/post_known');
    expect(paris.text).toContain('<time datetime="2026-12-01T09:30:00.000Z">2026-12-01 10:30 CET</time>');
    // The move form is filled in the person's zone and says which.
    expect(paris.text).toContain('New time (Europe/Paris)');
    expect(paris.text).toContain('value="2026-12-01T10:30"');
    expect((await browser.get('/app/posts')).text).toContain('2026-12-01 10:30 CET');
    await choose('America/New_York');
    expect((await browser.get('/app/posts/post_known')).text).toContain('2026-12-01 04:30 EST');
  });

  it('moves a post to a local time, converted on the server', async () => {
    await schedule('post_move', new Date('2026-12-01T09:30:00.000Z'));
    await choose('America/New_York');
    await browser.get('/app/posts/post_move');
    // 2026-11-01 01:30 happens twice in New York: the earlier, 01:30 EDT, is taken.
    const moved = await browser.post('/app/posts/post_move/move', { time: '2026-11-01T01:30' });
    expect(moved.headers.get('location')).toBe('/app/posts/post_move?done=moved');
    expect((await app.t.store.posts.getPost('post_move'))?.scheduledTime).toEqual(
      new Date('2026-11-01T05:30:00.000Z'),
    );
  });

  it('composes at a local time and stores the UTC instant, across daylight saving', async () => {
    const threads = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    await choose('Europe/Paris');
    const compose = async (time: string) => {
      const page = await browser.get('/app/compose');
      expect(page.text).toContain('When (Paris time;');
      const done = await browser.post('/app/compose', {
        account: threads.id,
        caption: `At ${time}`,
        time,
        action: 'schedule',
      });
      expect(done.status).toBe(303);
      const id = /\/app\/posts\/(post_\w+)/.exec(done.headers.get('location') ?? '')?.[1] ?? '';
      return (await app.t.store.posts.getPost(id))?.scheduledTime?.toISOString();
    };
    expect(await compose('2026-02-10T10:30')).toBe('2026-02-10T09:30:00.000Z');
    // Summer time: two hours ahead of UTC.
    expect(await compose('2026-07-01T10:30')).toBe('2026-07-01T08:30:00.000Z');
    // 02:30 does not exist on 2026-03-29 in Paris: it moves forward by the gap, to 03:30 CEST.
    expect(await compose('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    // A draft keeps the local time too.
    await browser.get('/app/compose');
    const draft = await browser.post('/app/compose', {
      account: threads.id,
      caption: 'Draft',
      time: '2026-07-01T10:30',
      action: 'draft',
    });
    const draftId = /\/app\/posts\/(post_\w+)/.exec(draft.headers.get('location') ?? '')?.[1] ?? '';
    expect((await app.t.store.posts.getPost(draftId))?.scheduledTime).toEqual(
      new Date('2026-07-01T08:30:00.000Z'),
    );
  });

  it("places a post near midnight on the person's local day, in the month and the week", async () => {
    // Tuesday 20 January 23:30 UTC is Wednesday 21 January 00:30 in Paris.
    await schedule('post_late', new Date('2026-01-20T23:30:00.000Z'));
    // Saturday 31 January 23:30 UTC is already February in Paris.
    await schedule('post_edge', new Date('2026-01-31T23:30:00.000Z'));
    // The first post of a day's cell in the month's grid (a day is named once, for screen readers).
    const dayCell = (text: string, label: string) => {
      const [weekday, day] = label.split(' ');
      return new RegExp(
        `<span class="day"><span class="visually-hidden">${weekday} </span>${day}</span><ul class="day-posts"><li class="entry"[^>]*><a href="/app/posts/([a-z_]+)"`,
      ).exec(text)?.[1];
    };

    const utc = await browser.get('/app/calendar?month=2026-01');
    expect(dayCell(utc.text, 'Tuesday 20')).toBe('post_late');
    expect(dayCell(utc.text, 'Saturday 31')).toBe('post_edge');

    await choose('Europe/Paris');
    const january = await browser.get('/app/calendar?month=2026-01');
    expect(january.text).toContain('times in Europe/Paris');
    expect(dayCell(january.text, 'Wednesday 21')).toBe('post_late');
    expect(dayCell(january.text, 'Tuesday 20')).toBeUndefined();
    expect(january.text).toContain('>00:30</time>');
    expect(january.text).not.toContain('post_edge');
    const february = await browser.get('/app/calendar?month=2026-02');
    expect(dayCell(february.text, 'Sunday 1')).toBe('post_edge');

    const week = await browser.get('/app/calendar/week?week=2026-01-20');
    expect(week.text).toMatch(
      /Wednesday 21 January<\/h2>\s*<ul class="day-posts"><li class="entry"[^>]*><a href="\/app\/posts\/post_late"/,
    );
    // Sunday 1 February 23:30 UTC is Monday 2 February in Paris: the next week's, not this one's.
    await schedule('post_next', new Date('2026-02-01T23:30:00.000Z'));
    const last = await browser.get('/app/calendar/week?week=2026-01-26');
    expect(last.text).toMatch(
      /Sunday 1 February<\/h2>\s*<ul class="day-posts"><li class="entry"[^>]*><a href="\/app\/posts\/post_edge"/,
    );
    expect(last.text).not.toContain('post_next');
    expect((await browser.get('/app/calendar/week?week=2026-02-02')).text).toMatch(
      /Monday 2 February<\/h2>\s*<ul class="day-posts"><li class="entry"[^>]*><a href="\/app\/posts\/post_next"/,
    );
  });
});
