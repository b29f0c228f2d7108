import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { expectNoOverflow, expectNoOverlap } from './page-layout-checks.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// A person plans in the console's calendar in a real Chromium, against a real server on its
// SQLite file: posts show slide 1's thumbnail, each platform's mark and status and their time;
// a scheduled post is dragged to another day and keeps its time of day; the same move works from
// the keyboard and, without JavaScript, from the "Move to…" form. Compose shows each platform's
// preview. Screenshots go to test-artifacts/calendar (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/calendar');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';

/** A photo of `width`×`height` with its shape written on it, so a crop shows in a screenshot. */
async function photo(width: number, height: number, label: string, colour: string): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffffaa"/>
<text x="50%" y="50%" font-size="${Math.round(width / 8)}" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" fill="#1c1d21">${label}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
}

describe('the calendar in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let key: string;
  let accounts: Record<string, string>;
  const ids: Record<string, string | undefined> = {};
  let groupId = '';
  let tallPhoto = '';
  const violations: string[] = [];

  const shot = (target: Page, name: string) =>
    target.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  const post = async (id: string) => (await server.call(`/api/v1/posts/${id}`, key)).body;
  const schedule = async (json: Record<string, unknown>) => {
    const created = await server.call('/api/v1/posts', key, { method: 'POST', json });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.postIds as string[];
  };

  beforeAll(async () => {
    vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    ({ key, accounts } = await seedUser(server, ['threads', 'instagram', 'facebook', 'tiktok']));
    await server.setPassword(EMAIL, PASSWORD);
    const square = await server.upload(key, await photo(1080, 1080, 'bread 1:1', '#b02a73'), 'bread.jpg');
    tallPhoto = await server.upload(key, await photo(1080, 1920, 'menu 9:16', '#1461c9'), 'menu.jpg');
    // One post to Threads and Instagram at once, with a photo: one entry, two platform marks.
    const both = await schedule({
      platforms: ['threads', 'instagram'],
      profileIds: [accounts.threads, accounts.instagram],
      caption: 'Sourdough is back on Tuesday',
      mediaIds: [square],
      scheduledTime: '2031-05-13T09:30:00Z',
    });
    groupId = (await post(both[0] ?? '')).groupId;
    [ids.threadsPhoto] = await schedule({
      platforms: ['threads'],
      profileIds: [accounts.threads],
      caption: 'Rye loaves, fresh',
      mediaIds: [square],
      scheduledTime: '2031-05-14T16:45:00Z',
    });
    [ids.facebookText] = await schedule({
      platforms: ['facebook'],
      profileIds: [accounts.facebook],
      caption: 'Opening hours for the holiday',
      scheduledTime: '2031-05-15T12:00:00Z',
    });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
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
    vi.resetConfig();
    await browser?.close();
    await server?.close();
  });

  it('shows each post with its thumbnail, platform marks, status and time, in the month and the week', async () => {
    for (const [path, name] of [
      ['/app/calendar?month=2031-05', 'calendar-month'],
      ['/app/calendar/week?week=2031-05-12', 'calendar-week'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      const main = page.locator('main');
      const entry = main.locator(`li.entry:has(a[href="/app/groups/${groupId}"])`).filter({ visible: true });
      expect(await entry.count(), path).toBe(1);
      // Slide 1's thumbnail has loaded (a real image, not a broken one).
      await expect
        .poll(() =>
          entry.locator('img.thumb').evaluate((img) => (img as { naturalWidth: number }).naturalWidth),
        )
        .toBeGreaterThan(0);
      // Each platform's mark, named for screen readers and in the page's text, with the status in words.
      const status = (await entry.locator('.entry-status').textContent()) ?? '';
      expect(status).toMatch(/Threads.*Instagram.*Scheduled/s);
      expect(await entry.locator('.mark-threads').count()).toBe(1);
      expect(await entry.locator('.mark-instagram').count()).toBe(1);
      expect(await entry.locator('time').textContent()).toBe('09:30');
      // A text post has no thumbnail; its mark is Facebook's.
      const text = main
        .locator(`li.entry:has(a[href="/app/posts/${ids.facebookText}"])`)
        .filter({ visible: true });
      expect(await text.locator('img').count()).toBe(0);
      expect(await text.locator('.mark-facebook').count()).toBe(1);
      await expectNoOverflow(page);
      await expectNoOverlap(page);
      await shot(page, name);
    }
    expect(violations).toEqual([]);
  }, 60_000);

  it('passes axe-core at a phone’s width, where the month is an agenda with the same entries', async () => {
    // axe is injected as a script, which the console's policy rightly refuses: this context lets it in.
    const audit = await browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      storageState: await context.storageState(),
    });
    const phone = await audit.newPage();
    for (const [path, name] of [
      ['/app/calendar?month=2031-05', 'calendar-month-390'],
      ['/app/calendar/week?week=2031-05-12', 'calendar-week-390'],
      [`/app/compose?media=${tallPhoto}`, 'compose-preview-390'],
    ] as const) {
      await phone.goto(`${server.url}${path}`);
      if (path.startsWith('/app/compose')) {
        await phone.getByRole('checkbox', { name: /Instagram @ann_/ }).check();
        await phone.getByLabel('Caption').fill('Spring menu, all week');
        await expect.poll(() => phone.locator('#previews li.preview').count()).toBe(1);
      }
      await phone.addScriptTag({ content: AXE });
      const found = (await phone.evaluate(
        'axe.run().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))',
      )) as { id: string; impact: string }[];
      expect(
        found.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        path,
      ).toEqual([]);
      await expectNoOverflow(phone);
      await expectNoOverlap(phone);
      await shot(phone, name);
    }
    await audit.close();
  }, 60_000);

  it('drags a scheduled post to another day: it keeps its time of day', async () => {
    await page.goto(`${server.url}/app/calendar?month=2031-05`);
    const entry = page.locator(`li[data-move-form="move-grid-${ids.threadsPhoto}"]`);
    expect(await entry.getAttribute('draggable')).toBe('true');
    await Promise.all([
      page.waitForURL(/done=moved/),
      entry.dragTo(page.locator('td[data-day="2031-05-21"]')),
    ]);
    expect(await page.getByRole('status').textContent()).toContain('Moved');
    expect((await post(ids.threadsPhoto ?? '')).scheduledTime).toBe('2031-05-21T16:45:00.000Z');
    // It is drawn on its new day.
    const day = page.locator('td[data-day="2031-05-21"]');
    expect(await day.locator(`a[href="/app/posts/${ids.threadsPhoto}"]`).count()).toBe(1);
  }, 60_000);

  it('drags a post made for two platforms in the week: both move', async () => {
    await page.goto(`${server.url}/app/calendar/week?week=2031-05-12`);
    // Friday's card, in view (a drag does not scroll the page).
    await Promise.all([
      page.waitForURL(/week=2031-05-12&done=moved/),
      page
        .locator(`li[data-move-form="move-week-${groupId}"]`)
        .dragTo(page.locator('section[data-day="2031-05-16"]')),
    ]);
    const group = (await server.call(`/api/v1/post-groups/${groupId}`, key)).body;
    expect(group.posts.map((p: { scheduledTime: string }) => p.scheduledTime)).toEqual([
      '2031-05-16T09:30:00.000Z',
      '2031-05-16T09:30:00.000Z',
    ]);
  }, 60_000);

  it('moves a post from the keyboard with its Move to… form, and shows a refusal', async () => {
    await page.goto(`${server.url}/app/calendar/week?week=2031-05-12`);
    const entry = page.locator(`li.entry:has(a[href="/app/posts/${ids.facebookText}"])`);
    await entry.locator('summary').focus();
    await page.keyboard.press('Enter');
    const date = entry.getByLabel('Day');
    expect(await date.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    // The focus is on the day field, next after the summary; filled, as its
    // digits' order follows the browser's locale.
    expect(await page.evaluate('document.activeElement.name')).toBe('date');
    await date.fill('2031-05-16');
    await Promise.all([page.waitForURL(/done=moved/), page.keyboard.press('Enter')]);
    expect((await post(ids.facebookText ?? '')).scheduledTime).toBe('2031-05-16T12:00:00.000Z');
    // A day in the past is core's to refuse: said on the calendar, the form open as typed.
    await entry.locator('summary').click();
    await entry.getByLabel('Day').fill('2020-05-16');
    await entry.getByRole('button', { name: 'Move' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Not moved');
    expect(await page.locator('ul[role=alert]').textContent()).toContain('That time has passed');
    expect(await page.locator('details.move[open] input[name=date]').inputValue()).toBe('2020-05-16');
    expect((await post(ids.facebookText ?? '')).scheduledTime).toBe('2031-05-16T12:00:00.000Z');
    await shot(page, 'calendar-move-refused');
  }, 60_000);

  it('moves a post without JavaScript, from its Move to… form', async () => {
    const plain = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const noScript = await plain.newPage();
    await noScript.goto(`${server.url}/app/calendar?month=2031-05`);
    const entry = noScript
      .locator(`li.entry:has(a[href="/app/posts/${ids.facebookText}"])`)
      .filter({ visible: true });
    expect(await entry.getAttribute('draggable')).toBeNull();
    await entry.locator('summary').click();
    await entry.getByLabel('Day').fill('2031-05-28');
    await entry.getByLabel(/^Time/).fill('08:05');
    // The open form stays inside its day: the row grows to hold it.
    await expectNoOverlap(noScript);
    await shot(noScript, 'calendar-move-form');
    await Promise.all([
      noScript.waitForURL(/done=moved/),
      entry.getByRole('button', { name: 'Move' }).click(),
    ]);
    expect((await post(ids.facebookText ?? '')).scheduledTime).toBe('2031-05-28T08:05:00.000Z');
    await plain.close();
  }, 60_000);

  it('shows in Compose how the post will look on each platform, redrawn as the person types', async () => {
    await page.goto(`${server.url}/app/compose?media=${tallPhoto}`);
    for (const platform of ['Instagram', 'Threads', 'TikTok']) {
      await page.getByRole('checkbox', { name: new RegExp(`${platform} @ann_`) }).check();
    }
    const caption = `Our new spring menu is here: ${'wild garlic, rhubarb, new potatoes and asparagus, '.repeat(4)}all week.`;
    await page.getByLabel('Caption').fill(caption);
    const previews = page.locator('#previews');
    await expect.poll(() => previews.locator('li.preview').count()).toBe(3);
    const instagram = previews.locator('li.preview[data-platform=instagram]');
    // Instagram folds the caption behind "more" and frames the 9:16 photo at 4:5.
    expect(await instagram.locator('.preview-more').count()).toBe(1);
    expect(await instagram.getByRole('img').getAttribute('aria-label')).toBe(
      'Slide 1 as Instagram shows it, cropped to 4:5',
    );
    const frame = await instagram.locator('svg.preview-frame').boundingBox();
    expect(Math.round(((frame?.width ?? 0) / (frame?.height ?? 1)) * 100) / 100).toBe(0.8);
    // Threads shows all of it; TikTok's photo post shows a title made of the caption's start.
    expect(await previews.locator('li.preview[data-platform=threads] .preview-more').count()).toBe(0);
    const tiktokTitle =
      (await previews.locator('li.preview[data-platform=tiktok] .preview-title').textContent()) ?? '';
    expect(tiktokTitle.startsWith('Our new spring menu')).toBe(true);
    await page.getByLabel('Title (YouTube and TikTok)').fill('Spring menu');
    await expect
      .poll(() => previews.locator('li.preview[data-platform=tiktok] .preview-title').textContent())
      .toBe('Spring menu');
    await expectNoOverlap(page);
    await page.locator('section[aria-labelledby=preview-heading]').screenshot({
      path: join(ARTIFACTS, 'compose-preview.png'),
    });
    await shot(page, 'compose-with-preview');
    // The server draws the same preview (a refusal or a reload shows it without the script).
    const served = await fetch(`${server.url}/app/compose?media=${tallPhoto}`, {
      headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(await served.text()).toContain('How it will look');
    expect(violations).toEqual([]);
  }, 60_000);

  it('drops a post on a free posting slot of its account: it takes the slot’s day and time', async () => {
    const slots = await server.call(`/api/v1/connections/${accounts.facebook}/slots`, key, {
      method: 'PUT',
      json: { timeZone: 'UTC', slots: [{ day: 'sat', time: '18:15' }] },
    });
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    await page.goto(`${server.url}/app/calendar?month=2031-05`);
    const facebookSlot = (day: string) =>
      page.locator(`li.free-slot[data-slot-day="${day}"][data-account="${accounts.facebook}"]`);
    expect(await facebookSlot('2031-05-31').textContent()).toContain('18:15 free slot');
    await Promise.all([
      page.waitForURL(/done=moved/),
      page.locator(`li[data-move-form="move-grid-${ids.facebookText}"]`).dragTo(facebookSlot('2031-05-31')),
    ]);
    expect((await post(ids.facebookText ?? '')).scheduledTime).toBe('2031-05-31T18:15:00.000Z');
    // The slot is taken now: no longer drawn as free.
    expect(await facebookSlot('2031-05-31').count()).toBe(0);
    // Another account's post is not the slot's to take: it lands on the slot's day, keeping its time.
    // (From the month again: the page's address already says done=moved.)
    await page.goto(`${server.url}/app/calendar?month=2031-05`);
    await Promise.all([
      page.waitForURL(/done=moved/),
      page.locator(`li[data-move-form="move-grid-${ids.threadsPhoto}"]`).dragTo(facebookSlot('2031-05-24')),
    ]);
    expect((await post(ids.threadsPhoto ?? '')).scheduledTime).toBe('2031-05-24T16:45:00.000Z');
    expect(violations).toEqual([]);
  }, 60_000);
});
