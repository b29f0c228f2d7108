import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_ARTIFACTS, type ConsoleSandbox, startConsoleSandbox } from './console-sandbox.js';
import { JPEG, settled } from './sandbox-server.js';

// Issue 37 in a real browser: Compose shows the Instagram settings under Instagram, its live
// checks name a refused setting next to its field, and the carousel goes out with collaborators,
// a location and people tagged per image, read back from the Instagram simulator. The screenshots
// are left in test-artifacts/console.
describe('Instagram settings in Compose, in a browser', () => {
  let s: ConsoleSandbox;
  let slides: string[];

  beforeAll(async () => {
    vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
    s = await startConsoleSandbox(['instagram']);
    slides = [await s.server.upload(s.key, JPEG, 'one.jpg'), await s.server.upload(s.key, JPEG, 'two.jpg')];
  }, 60_000);
  afterAll(async () => {
    vi.resetConfig();
    await s?.close();
  });

  it('sets collaborators, tags, a location and a first comment on a carousel, and the simulator receives them', async () => {
    const { page, server, key } = s;
    await page.goto(`${server.url}/app/compose?${slides.map((id) => `media=${id}`).join('&')}`);
    await page.getByRole('checkbox', { name: /Instagram @ann_instagram/ }).check();
    await page.getByLabel('Caption', { exact: true }).fill('Spring market, with friends');
    await page.getByLabel('Instagram: collaborators').fill('@ana.b, studio_9, bo, cy');
    const issues = page.locator('#issues');
    await expect.poll(() => issues.textContent()).toContain('at most 3 collaborators');
    await page.locator('#instagram-options').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(CONSOLE_ARTIFACTS, 'instagram-compose-refused.png'), fullPage: true });
    await page.getByLabel('Instagram: collaborators').fill('@ana.b, studio_9');
    await page.getByLabel('Instagram: people tagged on the images').fill('ana.b 0.5 0.25\nbo 0.1 0.9 2');
    await page.getByLabel('Instagram: location').fill('110843418940484');
    await page
      .getByLabel(/^Instagram \(at most 2,200 characters\)/)
      .fill('Stall map at the link in bio #springmarket');
    await expect.poll(() => issues.textContent()).not.toContain('collaborators');
    expect(await page.locator('#issues .error').count()).toBe(0);
    await page.locator('#instagram-options').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(CONSOLE_ARTIFACTS, 'instagram-compose.png'), fullPage: true });
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Scheduled');
    const postId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const post = await settled(server, key, postId, 60_000);
    expect(post.status, post.failedReason).toBe('posted');
    expect(post.firstComment).toEqual({ status: 'posted', id: expect.any(String), error: null });
    await page.goto(post.permalink);
    expect(await page.locator('#comments').textContent()).toContain('Stall map at the link in bio');
    const sent = server.sandbox.control
      .published('instagram')
      .find((p) => p.caption.startsWith('Spring market'));
    expect(sent?.instagram).toEqual({
      options: { collaborators: ['ana.b', 'studio_9'], locationId: '110843418940484' },
      children: [
        { userTags: [{ username: 'ana.b', x: 0.5, y: 0.25 }] },
        { userTags: [{ username: 'bo', x: 0.1, y: 0.9 }] },
      ],
    });
  }, 120_000);
});
