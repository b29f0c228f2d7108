import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { expectNoOverflow } from './page-layout-checks.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 35 in a real Chromium against a real server on its SQLite file: a person sets an
// account's posting slots in the console, three posts join the queue, the calendar shows them on
// three slots with the empty slots around them, and the queue view reorders them. Screenshots go
// to test-artifacts/queue (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/queue');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';

describe('the queue in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let page: Page;
  let key: string;
  let threads: string;
  const violations: string[] = [];
  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  const queue = async (): Promise<{ postId: string; scheduledTime: string }[]> =>
    (await server.call(`/api/v1/queue?profileId=${threads}`, key)).body.items;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    const seeded = await seedUser(server, ['threads']);
    key = seeded.key;
    threads = seeded.accounts.threads ?? '';
    await server.setPassword(EMAIL, PASSWORD);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${server.url}/app/sign-in`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/app`);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sets slots, queues three posts onto three slots seen on the calendar with the free ones, and reorders them', async () => {
    await page.goto(`${server.url}/app/connections`);
    await page.getByRole('link', { name: 'Slots and queue' }).click();
    await page.waitForURL(`${server.url}/app/connections/${threads}/queue`);
    await page.getByLabel('Time zone').selectOption('Europe/Paris');
    await page.getByLabel('Slot time 1').fill('09:30');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await page.getByLabel(`${day} at time 1`).check();
    await page.getByLabel('Slot time 2').fill('17:00');
    for (const day of ['Tue', 'Thu']) await page.getByLabel(`${day} at time 2`).check();
    await page.getByRole('button', { name: 'Save slots' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The posting slots were saved');
    expect((await server.call(`/api/v1/connections/${threads}/slots`, key)).body.slots).toHaveLength(7);
    await expectNoOverflow(page);
    await shot('queue-slots-form');

    for (const caption of ['Monday bake list', 'Sourdough class', 'Holiday hours']) {
      const made = await server.call('/api/v1/posts', key, {
        method: 'POST',
        json: { platforms: ['threads'], profileIds: [threads], caption, queue: true },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    const before = await queue();
    expect(before).toHaveLength(3);
    expect(new Set(before.map((i) => i.scheduledTime)).size).toBe(3);

    // The calendar's week of the first queued post: each post on its slot, empty slots labelled.
    const first = before[0]?.scheduledTime ?? '';
    await page.goto(`${server.url}/app/calendar/week?week=${first.slice(0, 10)}`);
    const main = page.locator('main');
    for (const item of before.filter((i) => i.scheduledTime.slice(0, 10) <= addDays(first, 6))) {
      const entry = main.locator(`li.entry:has(a[href="/app/posts/${item.postId}"])`);
      expect(await entry.locator('time').getAttribute('datetime')).toBe(item.scheduledTime);
    }
    const free = main.locator('li.free-slot');
    expect(await free.count()).toBeGreaterThan(0);
    expect(await free.first().textContent()).toMatch(/^\d\d:\d\d free slot · Threads @/);
    const freeTimes = await free
      .locator('time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
    for (const item of before) expect(freeTimes).not.toContain(item.scheduledTime);
    await expectNoOverflow(page);
    await shot('queue-calendar-week-free-slots');
    // A week on, the month surely holds free slots (the first post may be on a month's last day).
    await page.goto(`${server.url}/app/calendar?month=${addDays(first, 7).slice(0, 7)}`);
    expect(await page.locator('main li.free-slot').count()).toBeGreaterThan(0);
    await shot('queue-calendar-month-free-slots');

    // The queue view: move the first post down; the slots stay, the order changes.
    await page.goto(`${server.url}/app/connections/${threads}/queue`);
    const items = page.locator('ol.queue > li');
    expect(await items.count()).toBe(3);
    await items.first().getByRole('button', { name: 'Move down' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The queue was reordered');
    const after = await queue();
    expect(after.map((i) => i.postId)).toEqual([before[1]?.postId, before[0]?.postId, before[2]?.postId]);
    expect(after.map((i) => i.scheduledTime)).toEqual(before.map((i) => i.scheduledTime));
    expect(await page.locator('ol.queue > li').first().textContent()).toContain('Sourdough class');
    await expectNoOverflow(page);
    await shot('queue-view');
    expect(violations).toEqual([]);
  }, 90_000);

  it('fits a phone: the slots grid and the queue at 390 px', async () => {
    const phone = await page
      .context()
      .browser()
      ?.newContext({ viewport: { width: 390, height: 844 } });
    if (phone === undefined) throw new Error('no browser');
    await phone.addCookies(await page.context().cookies());
    const small = await phone.newPage();
    await small.goto(`${server.url}/app/connections/${threads}/queue`);
    expect(await small.locator('ol.queue > li').count()).toBe(3);
    await expectNoOverflow(small);
    await small.screenshot({ path: join(ARTIFACTS, 'queue-view-390.png'), fullPage: true });
    await phone.close();
  }, 60_000);
});

const addDays = (iso: string, days: number) =>
  new Date(new Date(iso).getTime() + days * 86_400_000).toISOString().slice(0, 10);
