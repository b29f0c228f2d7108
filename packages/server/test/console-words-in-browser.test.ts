import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import {
  publishInstagramPhoto,
  type SandboxServer,
  seedUser,
  settled,
  startSandboxServer,
} from './sandbox-server.js';

// A person in New York signs in for the first time in a real browser: the console takes their
// zone from the browser and says so, and Compose and Analytics speak in people's words, at a
// desktop's and a phone's width (screenshots in test-artifacts/console-words, looked at).
const ARTIFACTS = join(import.meta.dirname, '../test-artifacts/console-words');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';
const WIDTHS = [1280, 390] as const;

describe('human words in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    const { key, accounts } = await seedUser(server, ['threads', 'instagram', 'tiktok']);
    await server.setPassword(EMAIL, PASSWORD);
    const posted = await publishInstagramPhoto(server, key, accounts.instagram ?? '', 'A sunny harbour');
    expect((await settled(server, key, posted, 30_000)).status).toBe('posted');
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: 'America/New_York',
    });
    page = await context.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("takes the browser's zone at the first sign-in and says so", async () => {
    await page.goto(`${server.url}/app/sign-in`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/app?zone=browser`, { timeout: 20_000 });
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 10_000 })
      .toBe('Times are shown in New York time (America/New_York) — change on Account.');
    await shot('overview-first-sign-in');
  });

  it('counts characters as people do and says what is missing instead of a format', async () => {
    await page.goto(`${server.url}/app/compose`);
    await page.getByLabel('Threads @ann_threads').check();
    await page.getByLabel('Instagram @ann_instagram').check();
    await page.getByLabel('Caption').fill('Harbour at dawn 👍');
    const counters = page.locator('#counters');
    await expect
      .poll(() => counters.textContent(), { timeout: 10_000 })
      .toContain('17 / 500 characters (Threads counts 20: each emoji as 4 or more)');
    expect(await counters.textContent()).toContain('17 / 2,200 characters');
    const publication = page.locator('#publication');
    expect(await publication.textContent()).toContain('nothing yet: Instagram needs a photo or video');
    expect(await publication.textContent()).not.toContain('Instagram text post');
    await page.getByLabel('TikTok @ann_tiktok').check();
    const privacy = page.locator('#privacy option');
    expect(await privacy.allTextContents()).toContain('Only me');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await shot(`compose-${width}`);
    }
  });

  it('says on Analytics when figures will appear', async () => {
    await page.goto(`${server.url}/app/analytics`);
    expect(await page.locator('main').textContent()).toContain(
      'Figures are first read an hour after a post is published',
    );
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await shot(`analytics-${width}`);
    }
  });
});
