import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { openSqliteStore } from '@svc/store-sqlite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium, signInToConsole } from './console-browser.js';
import { expectNoOverflow, expectNoOverlap } from './page-layout-checks.js';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';

// Issue 35's "recycle" journey in a real Chromium against a real server on its SQLite file: a
// person composes an evergreen post (every day, at most twice) on a sandbox Threads account with
// posting slots, the sandbox publishes it, a day passes (its publication is moved a day back, as
// the kill -9 test seeds posts published days ago), `svc sweep` recycles it, and the original's
// page says it was recycled once and links to the copy, whose page leads back with its slot.
// Screenshots go to test-artifacts/console at 1280 and 390 px; each page passes axe-core.
const ARTIFACTS = join(import.meta.dirname, '../test-artifacts/console');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';
const DAY = 86_400_000;
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

describe('evergreen recycling in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let key: string;
  let threads: string;
  const violations: string[] = [];

  beforeAll(async () => {
    vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    const seeded = await seedUser(server, ['threads']);
    key = seeded.key;
    threads = seeded.accounts.threads ?? '';
    const slots = await server.call(`/api/v1/connections/${threads}/slots`, key, {
      method: 'PUT',
      json: {
        timeZone: 'UTC',
        slots: EVERY_DAY.flatMap((day) => [
          { day, time: '09:00' },
          { day, time: '17:00' },
        ]),
      },
    });
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    await server.setPassword(EMAIL, PASSWORD);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await signInToConsole(page, server.url, EMAIL, PASSWORD);
  }, 90_000);
  afterAll(async () => {
    vi.resetConfig();
    await browser?.close();
    await server?.close();
  });

  // Each page at 1280 px (the journey's own) and 390 px, without sideways scrolling or overlapping
  // boxes, and through axe-core at 390 px; axe is injected as a script, which the console's policy
  // rightly refuses, so the phone's context (the same cookie) lets it in.
  const photograph = async (name: string) => {
    await expectNoOverflow(page);
    await expectNoOverlap(page);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
    const audit = await browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      storageState: await context.storageState(),
    });
    const phone = await audit.newPage();
    await phone.goto(page.url());
    await phone.addScriptTag({ content: AXE });
    const found = (await phone.evaluate(
      'axe.run().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))',
    )) as { id: string; impact: string }[];
    expect(
      found.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      name,
    ).toEqual([]);
    await expectNoOverflow(phone);
    await expectNoOverlap(phone);
    await phone.screenshot({ path: join(ARTIFACTS, `${name}-390.png`), fullPage: true });
    await audit.close();
  };

  it('composes an evergreen post, sees it published and recycled once, and goes from the copy back to it', async () => {
    await page.goto(`${server.url}/app/compose`);
    await page.getByRole('checkbox', { name: 'Threads @ann_threads' }).check();
    await page.getByLabel('Caption').fill('Our sourdough starter guide');
    await page.getByRole('checkbox', { name: 'Post it again later (evergreen)' }).check();
    await page.getByLabel('Post again every (days, 1 to 365)').fill('1');
    await page.getByLabel('At most (times, 1 to 100)').fill('2');
    await photograph('evergreen-compose');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.waitForURL(/\/app\/posts\/post_[A-Za-z0-9]+\?done=scheduled$/);
    const originalId = /\/app\/posts\/(post_[A-Za-z0-9]+)/.exec(page.url())?.[1] ?? '';
    const evergreen = page.locator('section.evergreen');
    expect(await evergreen.textContent()).toContain('Posted again every day, at most 2 times.');

    // The sandbox publishes it; then its publication is moved a day back: the period has passed.
    expect((await settled(server, key, originalId)).status).toBe('posted');
    const store = await openSqliteStore({ path: join(server.env.SVC_DATA_DIR ?? '', 'svc.db') });
    try {
      const posted = await store.posts.getPost(originalId);
      if (posted === null || posted.publishedAt === null) throw new Error('the post was not published');
      const dayBack = new Date(posted.publishedAt.getTime() - DAY - 60_000);
      const moved = await store.posts.updatePost({ ...posted, publishedAt: dayBack }, posted.version);
      expect(moved).not.toBeNull();
    } finally {
      await store.close();
    }
    await page.goto(`${server.url}/app/posts/${originalId}`);
    expect(await evergreen.textContent()).toContain('Not recycled yet. Copy 1 is due now');

    // The maintenance sweep, as an operator (or the publisher every 15 minutes) runs it.
    const sweep = await server.cli(['sweep']);
    expect(sweep.code, sweep.stderr).toBe(0);
    expect(sweep.json).toMatchObject({ recycled: 1 });

    await page.goto(`${server.url}/app/posts/${originalId}`);
    expect(await evergreen.textContent()).toMatch(/Recycled 1 time so far\./);
    await photograph('evergreen-original-recycled');
    await evergreen.getByRole('link', { name: 'Copy 1' }).click();
    await page.waitForURL(/\/app\/posts\/post_[A-Za-z0-9]+$/);
    const copyId = /\/app\/posts\/(post_[A-Za-z0-9]+)/.exec(page.url())?.[1] ?? '';
    expect(copyId).not.toBe(originalId);
    const copy = (await server.call(`/api/v1/posts/${copyId}`, key)).body;
    expect(copy).toMatchObject({ status: 'scheduled', recycledFrom: originalId, recycleNumber: 1 });
    const slot = new Date(copy.scheduledTime);
    expect([9, 17]).toContain(slot.getUTCHours());
    const section = page.locator('section.evergreen');
    expect(await section.textContent()).toContain('Recycled from Our sourdough starter guide, copy 1 of 2.');
    expect(await section.locator('time').getAttribute('datetime')).toBe(copy.scheduledTime);
    expect(await section.textContent()).toContain(`In the queue for ${utcText(slot)}.`);
    expect(await page.locator('ol.history').textContent()).toContain(
      'Queued as a copy of its evergreen original',
    );
    await photograph('evergreen-copy');
    await section.getByRole('link', { name: 'Our sourdough starter guide' }).click();
    await page.waitForURL(`${server.url}/app/posts/${originalId}`);
    expect(violations).toEqual([]);
  }, 120_000);
});

// The console's time text in UTC (the person's zone here): `2026-11-30 09:00 UTC`.
const utcText = (date: Date) => `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
