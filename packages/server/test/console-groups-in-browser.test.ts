import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// A person composes one post to Threads, Facebook and Instagram in a real browser and finds it as
// one thing: one entry on the calendar and in Posts, moved all at once, with Threads given a
// caption of its own. Screenshots at a desktop's and a phone's width go to test-artifacts/groups.
const ARTIFACTS = join(import.meta.dirname, '../test-artifacts/groups');
const JPEG_FIXTURE = join(import.meta.dirname, '../../media/test/fixtures/image.jpg');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';
const PLATFORMS = ['threads', 'facebook', 'instagram'] as const;

describe('a post across platforms in the console', () => {
  let server: SandboxServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let phone: Page;
  let key: string;
  let groupPath = '';

  /** The group as REST reads it. */
  const group = async () =>
    (await server.call(`/api/v1/post-groups/${groupPath.split('/').pop()}`, key)).body;
  /** Screenshots of a page at both widths (the phone signed in as the same person), and no horizontal scrolling. */
  const shots = async (path: string, name: string) => {
    for (const [width, view] of [
      [1280, page],
      [390, phone],
    ] as const) {
      if (view.url() !== `${server.url}${path}`) await view.goto(`${server.url}${path}`);
      await view.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
      const overflow = (await view.evaluate(
        'document.documentElement.scrollWidth - window.innerWidth',
      )) as number;
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    ({ key } = await seedUser(server, PLATFORMS));
    await server.setPassword(EMAIL, PASSWORD);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${server.url}/app/sign-in`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/app`);
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    });
    phone = await phoneContext.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('composes one post to three platforms and lands on its group', async () => {
    await page.goto(`${server.url}/app/compose`);
    await page.getByLabel('Add a photo or video').setInputFiles(JPEG_FIXTURE);
    // The script uploads a file as soon as it is chosen.
    await expect.poll(() => page.locator('.slides img').count()).toBe(1);
    for (const platform of ['Threads', 'Facebook', 'Instagram']) {
      await page
        .getByRole('checkbox', { name: new RegExp(`${platform} @ann_${platform.toLowerCase()}`) })
        .check();
    }
    await page.getByLabel('Caption').fill('Spring menu, out Tuesday');
    await page.getByLabel(/^When/).fill('2031-03-10T09:00');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.waitForURL(/\/app\/groups\/grp_/);
    groupPath = new URL(page.url()).pathname;
    expect(await page.getByRole('status').textContent()).toContain('Scheduled');
    const members = (await group()).posts;
    expect(members.map((p: { platforms: string[] }) => p.platforms[0])).toEqual([...PLATFORMS]);
    await shots(groupPath, 'group');
  }, 60_000);

  it('shows the group once on the month and week calendars and in Posts, each platform with its status', async () => {
    for (const [path, name] of [
      ['/app/calendar?month=2031-03', 'calendar-month'],
      ['/app/calendar/week?week=2031-03-10', 'calendar-week'],
      ['/app/posts', 'posts'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      const main = page.locator('main');
      // The month is drawn twice, a grid and a phone's agenda, one of them hidden by the width.
      expect(await main.locator(`a[href="${groupPath}"]`).filter({ visible: true }).count(), path).toBe(1);
      expect(await main.locator('a[href^="/app/posts/post_"]').count(), path).toBe(0);
      const text = (await main.textContent()) ?? '';
      for (const platform of ['Threads', 'Facebook', 'Instagram']) expect(text, path).toContain(platform);
      expect(text, path).toContain('Scheduled');
      await shots(path, name);
    }
    expect(await page.locator('main tbody tr').count()).toBe(1);
  }, 60_000);

  it('moves the group: every platform gets the new time', async () => {
    await page.goto(`${server.url}${groupPath}`);
    await page.getByLabel(/New time on every platform/).fill('2031-03-11T10:30');
    await page.getByRole('button', { name: 'Move all' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Moved');
    const times = (await group()).posts.map((p: { scheduledTime: string }) => p.scheduledTime);
    expect(times).toEqual([
      '2031-03-11T10:30:00.000Z',
      '2031-03-11T10:30:00.000Z',
      '2031-03-11T10:30:00.000Z',
    ]);
    await page.goto(`${server.url}/app/calendar/week?week=2031-03-10`);
    expect(await page.locator(`a[href="${groupPath}"]`).textContent()).toContain('10:30');
  }, 30_000);

  it("edits Threads' caption only; the other platforms keep theirs", async () => {
    await page.goto(`${server.url}${groupPath}`);
    await page.getByLabel('Caption on Threads only').fill('Spring menu, out Tuesday. Thread below');
    await page.getByRole('button', { name: 'Save the Threads caption' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('the others are unchanged');
    const captions = (await group()).posts.map((p: { platforms: string[]; caption: string }) => [
      p.platforms[0],
      p.caption,
    ]);
    expect(captions).toEqual([
      ['threads', 'Spring menu, out Tuesday. Thread below'],
      ['facebook', 'Spring menu, out Tuesday'],
      ['instagram', 'Spring menu, out Tuesday'],
    ]);
    expect(await page.locator('main').textContent()).toContain('each platform has its own');
    await shots(groupPath, 'group-varied');
  }, 30_000);
});
