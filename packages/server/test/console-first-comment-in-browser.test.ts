import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { expectNoOverflow } from './page-layout-checks.js';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';

// Issue 37 item 1 in a real Chromium: Compose's first comment for an Instagram image and a
// Threads text post, published by the in-process publisher, the outcome on each post's page and
// the comment on the simulator's page of the post. Screenshots go to test-artifacts/first-comment
// (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/first-comment');
const JPEG = join(import.meta.dirname, '../../media/test/fixtures/image.jpg');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';

describe('first comment in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let page: Page;
  let key: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer({});
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    ({ key } = await seedUser(server, ['instagram', 'threads']));
    await server.setPassword(EMAIL, PASSWORD);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
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

  it('composes an Instagram image and a Threads post, each with its first comment, and sees them posted', async () => {
    await page.goto(`${server.url}/app/compose`);
    await page.getByRole('checkbox', { name: /Instagram @ann_instagram/ }).check();
    await page.getByRole('checkbox', { name: /Threads @ann_threads/ }).check();
    await page.getByLabel('Caption').fill('Spring menu is out');
    await page.getByLabel('Add a photo or video').setInputFiles(JPEG);
    await expect.poll(() => page.locator('.slides img').count()).toBe(1);
    const fieldset = page.locator('#first-comment');
    expect(await fieldset.locator('legend').textContent()).toBe('First comment');
    await page
      .getByLabel(/^Instagram \(at most 2,200 characters\)/)
      .fill('Recipes at the link in bio #springmenu');
    await page.getByLabel(/^Threads \(at most 500 characters\)/).fill('Full menu: https://example.com/menu');
    await expectNoOverflow(page);
    await fieldset.scrollIntoViewIfNeeded();
    await page.locator('main').screenshot({ path: join(ARTIFACTS, 'first-comment-compose.png') });
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Scheduled');

    const listed = await server.call('/api/v1/posts?limit=10', key);
    const posts = (listed.body.posts ?? listed.body.items ?? []) as { id: string; platforms: string[] }[];
    expect(posts).toHaveLength(2);
    for (const { id, platforms } of posts) {
      const post = await settled(server, key, id, 60_000);
      expect(post.status, post.failedReason).toBe('posted');
      expect(post.firstComment).toEqual({ status: 'posted', id: expect.any(String), error: null });
      const platform = platforms[0] ?? '';
      await page.goto(`${server.url}/app/posts/${id}`);
      expect(await page.locator('#first-comment-status').textContent()).toBe('posted');
      await page.locator('main').screenshot({ path: join(ARTIFACTS, `first-comment-post-${platform}.png`) });
      // The simulator's page of the post shows the comment (Threads: the reply).
      await page.goto(post.permalink);
      const comments = await page.locator('#comments').textContent();
      expect(comments).toContain(platform === 'instagram' ? 'Recipes at the link in bio' : 'Full menu:');
      await page.screenshot({
        path: join(ARTIFACTS, `first-comment-sandbox-${platform}.png`),
        fullPage: true,
      });
    }
  }, 120_000);
});
