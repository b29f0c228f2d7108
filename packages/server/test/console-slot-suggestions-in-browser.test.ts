import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { aPost, seedPublishedPosts } from '@svc/core/testing';
import { openSqliteStore } from '@svc/store-sqlite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { expectNoOverflow } from './page-layout-checks.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 35 item 4 in a real Chromium: the analytics page's "Suggested posting slots", measured
// for an account with figures and platform defaults for one without, and "Use these slots".
// Screenshots go to test-artifacts/suggestions (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/suggestions');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';
const DAY_MS = 86_400_000;

describe('suggested posting slots in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let page: Page;
  let key: string;
  let accounts: Record<string, string>;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    ({ key, accounts } = await seedUser(server, ['instagram', 'tiktok']));
    await server.setPassword(EMAIL, PASSWORD);
    // Twelve Instagram posts over the last weeks, at three UTC hours (the person's zone is UTC).
    const store = await openSqliteStore({ path: join(server.env.SVC_DATA_DIR as string, 'svc.db') });
    try {
      const owner = (await store.accounts.getAccount(accounts.instagram ?? ''))?.ownerId ?? '';
      const start = Date.now() - 3 * DAY_MS;
      const seeds = Array.from({ length: 12 }, (_, i) => {
        const hour = [9, 13, 19][i % 3] ?? 9;
        // Each hour on its own weekday, four weeks running.
        const day = new Date(start - (i % 3) * DAY_MS - Math.floor(i / 3) * 7 * DAY_MS);
        day.setUTCHours(hour, 10 + i, 0, 0);
        return {
          post: aPost(owner, accounts.instagram ?? '', { id: `post_shot_${i}` }),
          publishedAt: day,
          metrics: { likes: [80, 40, 120][i % 3] ?? 0, comments: 5 },
        };
      });
      await seedPublishedPosts(store, new Date(), seeds);
    } finally {
      await store.close();
    }
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
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

  it('labels measured slots and platform defaults, and "Use these slots" stores the measured ones', async () => {
    await page.goto(`${server.url}/app/analytics`);
    const heading = page.getByRole('heading', { name: 'Suggested posting slots' });
    await heading.scrollIntoViewIfNeeded();
    const instagram = page.locator(`section[aria-labelledby="suggest-${accounts.instagram}"]`);
    const tiktok = page.locator(`section[aria-labelledby="suggest-${accounts.tiktok}"]`);
    expect(await instagram.textContent()).toContain('Measured on this account: 12 posts');
    expect(await tiktok.textContent()).toContain('Platform defaults, not measured');
    await expectNoOverflow(page);
    await page.locator('main').screenshot({ path: join(ARTIFACTS, 'analytics-suggested-slots.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await instagram.screenshot({ path: join(ARTIFACTS, 'analytics-suggested-slots-390.png') });
    await expectNoOverflow(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await instagram.getByRole('button', { name: 'Use these slots' }).click();
    await page.waitForURL(/slots=/);
    expect(await page.getByRole('status').first().textContent()).toContain('now the posting slots');
    const slots = (await server.call(`/api/v1/connections/${accounts.instagram}/slots`, key)).body;
    expect(slots.timeZone).toBe('UTC');
    expect(slots.slots.map((x: { time: string }) => x.time).sort()).toEqual(['09:00', '13:00', '19:00']);
    expect(new Set(slots.slots.map((x: { day: string }) => x.day)).size).toBe(3);
  });
});
