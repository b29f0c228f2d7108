import { createPosts, getPostingSlots, listQueue, operatorActor, type User } from '@svc/core';
import { anAccount } from '@svc/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

describe("an account's slots and queue page", () => {
  let app: ConsoleApp;
  afterEach(() => app.close());

  const setUp = async () => {
    app = await startConsoleApp();
    const user: User = await app.user(undefined, PASSWORD);
    const account = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'shop' }),
    );
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const actor = operatorActor(user);
    const queue = async () => (await listQueue(app.t.deps, actor, account.id))._unsafeUnwrap().items;
    const queueThree = async () => {
      for (const caption of ['First queued', 'Second queued', 'Third queued']) {
        const made = await createPosts(
          app.t.deps,
          actor,
          { platforms: ['threads'], profileIds: [account.id], caption, queue: true },
          { requireScheduledTime: false },
        );
        if (made.isErr()) throw new Error(JSON.stringify(made.error));
      }
    };
    return { user, account, browser, actor, queue, queueThree };
  };

  it('sets slots from the days × times grid, and shows refusals', async () => {
    const { account, browser, actor } = await setUp();
    const connections = await browser.get('/app/connections');
    expect(connections.text).toContain(`href="/app/connections/${account.id}/queue"`);
    const page = await browser.get(`/app/connections/${account.id}/queue`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Posting slots');
    expect(page.text).toContain('Nothing is queued');
    const saved = await browser.post(`/app/connections/${account.id}/slots`, {
      timeZone: 'Europe/Paris',
      rows: '3',
      'time-0': '09:30',
      'days-0': ['mon', 'fri'],
      'time-1': '17:00',
      'days-1': ['wed'],
      'time-2': '',
      'days-2': ['sun'],
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/app/connections/${account.id}/queue?done=slots`);
    expect((await getPostingSlots(app.t.deps, actor, account.id))._unsafeUnwrap()).toEqual({
      timeZone: 'Europe/Paris',
      slots: [
        { day: 'mon', time: '09:30' },
        { day: 'wed', time: '17:00' },
        { day: 'fri', time: '09:30' },
      ],
    });
    const shown = await browser.get(`/app/connections/${account.id}/queue?done=slots`);
    expect(shown.text).toContain('The posting slots were saved');
    expect(shown.text).toMatch(/name="time-0" value="09:30"/);
    expect(shown.text).toMatch(/name="days-0" value="mon" checked/);
    const bad = await browser.post(`/app/connections/${account.id}/slots`, {
      timeZone: 'Nowhere/City',
      rows: '1',
      'time-0': '09:30',
      'days-0': ['mon'],
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('role="alert"');
    expect((await getPostingSlots(app.t.deps, actor, account.id))._unsafeUnwrap().timeZone).toBe(
      'Europe/Paris',
    );
    expect((await browser.get('/app/connections/acct_missing/queue')).status).toBe(404);
  });

  it('lists the queue, moves a post down, refuses a stale order, shuffles and deletes pulling later posts forward', async () => {
    const { account, browser, actor, queue, queueThree } = await setUp();
    await browser.get(`/app/connections/${account.id}/queue`);
    await browser.post(`/app/connections/${account.id}/slots`, {
      timeZone: 'UTC',
      rows: '1',
      'time-0': '09:00',
      'days-0': ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    });
    await queueThree();
    const before = await queue();
    const [a, b, c] = before.map((i) => i.postId) as [string, string, string];
    const times = before.map((i) => i.scheduledTime.getTime());
    const page = await browser.get(`/app/connections/${account.id}/queue`);
    expect(page.text).toContain('First queued');
    expect(page.text.indexOf('First queued')).toBeLessThan(page.text.indexOf('Third queued'));
    expect(page.text).toContain(`value="down:${a}"`);

    const moved = await browser.post(`/app/connections/${account.id}/queue/reorder`, {
      order: [a, b, c].join(','),
      move: `down:${a}`,
    });
    expect(moved.status).toBe(303);
    expect((await queue()).map((i) => i.postId)).toEqual([b, a, c]);
    expect((await queue()).map((i) => i.scheduledTime.getTime())).toEqual(times);

    const stale = await browser.post(`/app/connections/${account.id}/queue/reorder`, {
      order: [a, b].join(','),
      move: `up:${b}`,
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('The queue is not the one the list names');
    expect((await queue()).map((i) => i.postId)).toEqual([b, a, c]);

    expect((await browser.post(`/app/connections/${account.id}/queue/shuffle`, {})).status).toBe(303);
    const shuffled = await queue();
    expect(shuffled.map((i) => i.scheduledTime.getTime())).toEqual(times);

    const [first, ...later] = shuffled;
    await browser.get(`/app/connections/${account.id}/queue`);
    const deleted = await browser.post(`/app/connections/${account.id}/queue/delete`, {
      postId: first?.postId ?? '',
      pullQueue: 'true',
    });
    expect(deleted.status).toBe(303);
    expect(await queue()).toEqual(
      later.map((i, n) => ({ postId: i.postId, scheduledTime: new Date(times[n] as number) })),
    );
    expect(actor.user.id).toBeTruthy();
  });

  it('shows the empty slots still ahead on the calendar, leaving out the ones posts hold', async () => {
    const { account, browser, queue, queueThree } = await setUp();
    await browser.get(`/app/connections/${account.id}/queue`);
    await browser.post(`/app/connections/${account.id}/slots`, {
      timeZone: 'UTC',
      rows: '1',
      'time-0': '09:00',
      'days-0': ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    });
    await queueThree();
    const held = (await queue()).map((i) => i.scheduledTime.toISOString());
    const now = app.t.clock.now();
    // This week's three slots left are the queued posts'; the next week's are all free.
    const week = await browser.get('/app/calendar/week');
    expect(week.text).not.toContain('class="free-slot"');
    const nextWeek = new Date(new Date(held[2] as string).getTime() + 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const next = await browser.get(`/app/calendar/week?week=${nextWeek}`);
    const free = [
      ...`${week.text}${next.text}`.matchAll(/<li class="free-slot"[^>]*>.*?datetime="([^"]+)".*?<\/li>/g),
    ];
    expect(free).toHaveLength(7);
    expect(next.text).toMatch(/09:00<\/time> free slot · Threads @shop/);
    for (const [, time] of free) {
      expect(held).not.toContain(time);
      expect(new Date(time as string).getTime()).toBeGreaterThan(now.getTime());
    }
    const monthView = await browser.get('/app/calendar');
    expect(monthView.text).toContain('free slot · Threads @shop');
  });

  it("Compose's “Add to queue” takes the account's next free slot, whatever time was typed", async () => {
    const { account, browser, queue } = await setUp();
    await browser.get('/app/compose');
    const refused = await browser.post('/app/compose', {
      account: account.id,
      caption: 'No slots yet',
      action: 'queue',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('no posting slots');
    await browser.get(`/app/connections/${account.id}/queue`);
    await browser.post(`/app/connections/${account.id}/slots`, {
      timeZone: 'UTC',
      rows: '1',
      'time-0': '09:00',
      'days-0': ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    });
    await browser.get('/app/compose');
    const queued = await browser.post('/app/compose', {
      account: account.id,
      caption: 'Into the queue',
      time: '2031-05-05T10:00',
      action: 'queue',
    });
    expect(queued.status, queued.text.slice(0, 400)).toBe(303);
    const [item] = await queue();
    expect(item?.scheduledTime.getUTCHours()).toBe(9);
    expect(item?.scheduledTime.getUTCFullYear()).toBe(app.t.clock.now().getUTCFullYear());
  });

  it("Compose's “Ask for approval into the queue” saves a queued draft, approved onto the next free slot", async () => {
    const { account, browser } = await setUp();
    await browser.get('/app/compose');
    const refused = await browser.post('/app/compose', {
      account: account.id,
      caption: 'Review me first',
      action: 'approval-queue',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Saved as a draft, but not sent for review.');
    expect(refused.text).toContain('no posting slots');
    await browser.get(`/app/connections/${account.id}/queue`);
    await browser.post(`/app/connections/${account.id}/slots`, {
      timeZone: 'UTC',
      rows: '1',
      'time-0': '09:00',
      'days-0': ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    });
    await browser.get('/app/compose');
    const sent = await browser.post('/app/compose', {
      account: account.id,
      caption: 'Review me, then queue me',
      time: '2031-05-05T10:00',
      action: 'approval-queue',
    });
    expect(sent.status, sent.text.slice(0, 400)).toBe(303);
    const draftId = /\/app\/posts\/(post_\w+)/.exec(sent.headers.get('location') ?? '')?.[1] ?? '';
    expect(await app.t.store.posts.getPost(draftId)).toMatchObject({
      status: 'pending_approval',
      queued: true,
      scheduledTime: null,
    });
    await browser.get('/app/approvals');
    await browser.post(`/app/approvals/${draftId}`, { decision: 'approve' });
    const approved = await app.t.store.posts.getPost(draftId);
    expect(approved?.status).toBe('scheduled');
    expect(approved?.scheduledTime?.getUTCHours()).toBe(9);
    expect(approved?.scheduledTime?.getUTCFullYear()).toBe(app.t.clock.now().getUTCFullYear());
  });
});
