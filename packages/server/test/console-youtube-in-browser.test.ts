import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SandboxServer, settled } from './sandbox-server.js';
import { type SignedInConsole, signedInConsole } from './signed-in-console.js';

// Issue 37 in a real browser: Compose shows the YouTube settings under YouTube, its live checks
// warn until the audience is declared, and the Short goes out with every setting, read back from
// the YouTube simulator. The screenshot is left in test-artifacts/console.
const ARTIFACTS = join(import.meta.dirname, '../test-artifacts/console');

describe('YouTube settings in Compose, in a browser', () => {
  let world: SignedInConsole;
  let server: SandboxServer;
  let page: Page;
  let key: string;
  let video: string;

  beforeAll(async () => {
    vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
    mkdirSync(ARTIFACTS, { recursive: true });
    world = await signedInConsole(['youtube']);
    ({ server, page, key, video } = world);
  }, 60_000);
  afterAll(async () => {
    vi.resetConfig();
    await world?.browser.close();
    await world?.server.close();
  });

  it('declares the audience, sets the options, and the simulator receives them', async () => {
    await page.goto(`${server.url}/app/compose?media=${video}`);
    await page.getByRole('checkbox', { name: /YouTube @ann_youtube/ }).check();
    await page.getByLabel('Title (YouTube and TikTok)').fill('Bread in 30 seconds #Shorts');
    await page.getByLabel('Caption', { exact: true }).fill('How the loaf rises');
    const issues = page.locator('#issues');
    await expect.poll(() => issues.textContent()).toContain('declared not made for kids');
    await page.screenshot({ path: join(ARTIFACTS, 'youtube-compose-undeclared.png'), fullPage: true });
    await page.getByLabel('YouTube: who can watch').selectOption('unlisted');
    await page.getByLabel('YouTube: made for kids?').selectOption('no');
    await page.getByLabel('YouTube: tell subscribers').selectOption('no');
    await page.getByLabel('YouTube: category').selectOption('26');
    await page.getByLabel('YouTube: tags').fill('bread, home baking');
    await page.getByLabel('YouTube: language').fill('en');
    await expect.poll(() => issues.textContent()).not.toContain('made for kids');
    expect(await page.locator('#issues .error').count()).toBe(0);
    await page.locator('#youtube-options').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'youtube-compose.png'), fullPage: true });
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Scheduled');
    const postId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const post = await settled(server, key, postId, 60_000);
    expect(post.status, post.failedReason).toBe('posted');
    const stored = server.sandbox.control.youtubeVideo(String(post.permalink).split('/').pop() ?? '');
    expect(stored).toMatchObject({
      snippet: { categoryId: '26', tags: ['bread', 'home baking'], defaultLanguage: 'en' },
      settings: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: false },
      notifySubscribers: false,
    });
  }, 120_000);
});
