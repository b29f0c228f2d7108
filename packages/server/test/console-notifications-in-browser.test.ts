import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { unsubscribeToken } from '@svc/core';
import { createAesGcmSecretBox } from '@svc/core/node';
import { openSqliteStore } from '@svc/store-sqlite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { expectNoOverflow } from './page-layout-checks.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// The Notifications settings (docs/notifications.md) and the unsubscribe page in a real Chromium.
// Screenshots go to test-artifacts/notifications (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/notifications');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';

describe('notification settings in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    await seedUser(server, ['instagram']);
    await server.setPassword(EMAIL, PASSWORD);
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

  it('shows the defaults, saves each switch, and the unsubscribe link switches one off without signing in', async () => {
    await page.goto(`${server.url}/app/account`);
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await page.waitForURL(/\/app\/account\/notifications$/);
    const failed = page.getByRole('checkbox', { name: /A post failed/ });
    const reconnect = page.getByRole('checkbox', { name: /An account needs reconnecting/ });
    const review = page.getByRole('checkbox', { name: /A draft awaits review/ });
    const decided = page.getByRole('checkbox', { name: /A review was decided/ });
    expect([await failed.isChecked(), await reconnect.isChecked(), await review.isChecked()]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await decided.isChecked()).toBe(false);
    await review.check();
    await page.getByRole('button', { name: 'Save notifications' }).click();
    await page.waitForURL(/done=saved/);
    expect(await page.getByRole('status').first().textContent()).toContain('saved');
    expect(await page.getByRole('checkbox', { name: /A draft awaits review/ }).isChecked()).toBe(true);
    await screenshotsOf(page, 'notifier-settings');

    // The link of a message, opened in a browser signed out: a confirm page, then the form.
    const box = createAesGcmSecretBox(server.env.SVC_SECRET ?? '');
    const owner = await ownerIdOf(server);
    const link = `${server.url}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(box, { userId: owner, kind: 'post_failed' }))}`;
    const outsider = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await outsider.goto(link);
    expect(await outsider.getByRole('heading', { name: 'Unsubscribe' }).isVisible()).toBe(true);
    await outsider.screenshot({ path: join(ARTIFACTS, 'notifier-unsubscribe.png') });
    await outsider.getByRole('button', { name: 'Unsubscribe' }).click();
    expect(await outsider.getByRole('status').textContent()).toContain(
      'no longer get e-mails for “A post failed”',
    );
    await page.reload();
    expect(await page.getByRole('checkbox', { name: /A post failed/ }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: /A draft awaits review/ }).isChecked()).toBe(true);
  }, 60_000);

  it('offers the daily digest, off until chosen, at 08:00 in the person’s zone, with its own unsubscribe', async () => {
    await page.goto(`${server.url}/app/account/notifications`);
    const digest = page.getByRole('checkbox', { name: /A daily digest/ });
    expect(await digest.isChecked()).toBe(false);
    const label = page.locator('label', { has: digest });
    expect(await label.textContent()).toContain('Sent after 08:00 UTC.');
    expect(await label.textContent()).toContain('Nothing on a day with nothing to say.');
    await digest.check();
    await page.getByRole('button', { name: 'Save notifications' }).click();
    await page.waitForURL(/done=saved/);
    expect(await page.getByRole('checkbox', { name: /A daily digest/ }).isChecked()).toBe(true);
    await screenshotsOf(page, 'notifier-digest');

    const box = createAesGcmSecretBox(server.env.SVC_SECRET ?? '');
    const owner = await ownerIdOf(server);
    const link = `${server.url}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(box, { userId: owner, kind: 'daily_digest' }))}`;
    const outsider = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await outsider.goto(link);
    await outsider.getByRole('button', { name: 'Unsubscribe' }).click();
    expect(await outsider.getByRole('status').textContent()).toContain(
      'no longer get e-mails for “A daily digest”',
    );
    await page.reload();
    expect(await page.getByRole('checkbox', { name: /A daily digest/ }).isChecked()).toBe(false);
  }, 60_000);
});

async function ownerIdOf(server: SandboxServer): Promise<string> {
  const store = openSqliteStore({ path: join(server.env.SVC_DATA_DIR as string, 'svc.db') });
  try {
    return (await store.users.getUserByEmail(EMAIL))?.id ?? '';
  } finally {
    await store.close();
  }
}

/** The page's main part at 1280 and 390 pixels wide, checked for overflow at both. */
async function screenshotsOf(page: Page, name: string): Promise<void> {
  await expectNoOverflow(page);
  await page.locator('main').screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await page.locator('main').screenshot({ path: join(ARTIFACTS, `${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}
