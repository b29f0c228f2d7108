import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleSandbox, startConsoleSandbox } from './console-sandbox.js';
import { expectNoOverflow } from './page-layout-checks.js';
import { type SandboxServer, settled } from './sandbox-server.js';

// Issue 37's Threads reply chain in a real Chromium: Compose adds parts (one with a photo from the
// library), removes one, checks a part live and picks who may reply; the in-process publisher
// publishes the chain; the post's page shows each part's outcome and the simulator's page the
// chain in order. Screenshots go to test-artifacts/threads-chain (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/threads-chain');
const JPEG = join(import.meta.dirname, '../../media/test/fixtures/image.jpg');

describe('Threads reply chain in a browser', () => {
  let s: ConsoleSandbox;
  let server: SandboxServer;
  let page: Page;
  let key: string;
  let photo: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    s = await startConsoleSandbox(['threads'], { width: 1280, height: 1000 });
    ({ server, page, key } = s);
    photo = await server.upload(key, readFileSync(JPEG), 'menu.jpg');
  }, 90_000);
  afterAll(async () => {
    await s?.close();
  });

  it('composes a chain of three parts with reply control and sees each part posted, in order', async () => {
    await page.goto(`${server.url}/app/compose`);
    await page.getByRole('checkbox', { name: /Threads @ann_threads/ }).check();
    await page.getByLabel('Caption').fill('1/ The spring menu is out');
    const fieldset = page.locator('#threads-options');
    await fieldset.getByLabel('Threads: who can reply').selectOption('mentioned_only');
    // One blank part to start with; parts are added in place.
    expect(await fieldset.locator('[data-thread-part]').count()).toBe(1);
    await fieldset
      .getByLabel('Text of part 1 (500 characters at most)')
      .fill('2/ Starters: wild garlic soup');
    for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: 'Add a part' }).click();
    expect(await fieldset.locator('[data-thread-part]').count()).toBe(4);
    await fieldset.getByLabel('Text of part 2 (500 characters at most)').fill('3/ Mains, pictured');
    await fieldset.locator('#thread-media-1').selectOption(photo);
    await fieldset.getByLabel('Text of part 3 (500 characters at most)').fill('to be removed');
    await fieldset.getByLabel('Text of part 4 (500 characters at most)').fill(`4/ ${'Desserts '.repeat(60)}`);
    // Too long for Threads: the live checks name the part.
    await expect.poll(() => page.locator('#issues').textContent()).toContain('Part 4 is');
    await fieldset
      .getByLabel('Text of part 4 (500 characters at most)')
      .fill('4/ Desserts: rhubarb tart. Book at https://example.com');
    await expect.poll(() => page.locator('#issues').textContent()).not.toContain('Part 4 is');
    // Removing part 3 renumbers the rest: the last part is part 3 now, its media still its own.
    await page.getByRole('button', { name: 'Remove part 3' }).click();
    expect(await fieldset.locator('[data-thread-part]').count()).toBe(3);
    expect(await fieldset.getByLabel('Text of part 3 (500 characters at most)').inputValue()).toContain(
      '4/ Desserts',
    );
    await expectNoOverflow(page);
    await fieldset.scrollIntoViewIfNeeded();
    await page.locator('main').screenshot({ path: join(ARTIFACTS, 'threads-compose.png') });
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Scheduled');

    const listed = await server.call('/api/v1/posts?limit=10', key);
    const posts = (listed.body.posts ?? listed.body.items ?? []) as { id: string }[];
    expect(posts).toHaveLength(1);
    const id = posts[0]?.id ?? '';
    const post = await settled(server, key, id, 60_000);
    expect(post.status, post.failedReason).toBe('posted');
    expect(post.platformMeta.threads).toEqual({
      replyControl: 'mentioned_only',
      thread: [
        { caption: '2/ Starters: wild garlic soup' },
        { caption: '3/ Mains, pictured', mediaIds: [photo] },
        { caption: '4/ Desserts: rhubarb tart. Book at https://example.com' },
      ],
    });
    expect(post.thread.map((part: { status: string }) => part.status)).toEqual([
      'posted',
      'posted',
      'posted',
    ]);
    const published = server.sandbox.control.published('threads');
    expect(published.map((p) => p.replyControl)).toEqual(Array(4).fill('mentioned_only'));
    expect(published.find((p) => p.caption === '3/ Mains, pictured')?.kind).toBe('IMAGE');

    await page.goto(`${server.url}/app/posts/${id}`);
    const outcome = page.locator('#thread-outcome');
    expect(await outcome.locator('[data-part-status="posted"]').count()).toBe(3);
    await outcome.scrollIntoViewIfNeeded();
    await page.locator('main').screenshot({ path: join(ARTIFACTS, 'threads-post.png') });
    // The simulator's page of the post lists the chain in order.
    await page.goto(post.permalink);
    const thread = (await page.locator('#thread').textContent()) ?? '';
    const order = ['2/ Starters', '3/ Mains', '4/ Desserts'].map((text) => thread.indexOf(text));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] ?? 0)))).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'threads-sandbox.png'), fullPage: true });
  }, 120_000);
});
