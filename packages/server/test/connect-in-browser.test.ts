import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, settled, startSandboxServer } from './sandbox-server.js';

// A person connects an Instagram account through connectUrl in a real browser (Debian's
// Chromium, driven by playwright-core), approving on the sandbox consent page; then a post to the
// new account is scheduled and published by the server's own publisher.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));

describe('connecting an account in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startSandboxServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('approves on the consent page, lists the account and publishes to it', async () => {
    await server.cli(['users', 'create', '--email', 'bea@example.com', '--plan', 'trial']);
    const key = (await server.cli(['keys', 'create', '--email', 'bea@example.com', '--scopes', '*'])).json
      .key;
    const request = await server.call('/api/v1/connections', key, {
      method: 'POST',
      json: { platform: 'instagram' },
    });
    expect(request.status).toBe(200);

    const page = await browser.newPage();
    await page.goto(request.body.connectUrl);
    expect(new URL(page.url()).pathname).toBe('/sandbox/instagram/www/oauth/authorize');
    expect(await page.locator('form[method="post"]').count()).toBe(1);
    await page.getByLabel('Account handle').fill('bea_shop');
    await Promise.all([
      page.waitForURL(/\/connect\/callback/),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Instagram account connected');
    expect(await page.locator('main').textContent()).toContain('@bea_shop on Instagram is now connected.');
    await page.close();

    const listed = await server.call('/api/v1/connections', key);
    expect(listed.body.accounts).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        handle: 'bea_shop',
        tokenExpiresAt: expect.any(String),
      }),
    ]);
    const mediaId = await server.upload(key, JPEG, 'shop.jpg');
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: {
        platforms: ['instagram'],
        profileIds: [listed.body.accounts[0].id],
        caption: 'Fresh from the browser',
        mediaId,
      },
    });
    expect(created.status).toBe(200);
    const post = await settled(server, key, created.body.postIds[0]);
    expect(post).toMatchObject({ status: 'posted', failedReason: null });
    expect(post.permalink.startsWith(`${server.url}/sandbox/instagram/p/`)).toBe(true);
    expect(server.sandbox.control.published('instagram')).toEqual([
      expect.objectContaining({ caption: 'Fresh from the browser', kind: 'IMAGE' }),
    ]);
  }, 60_000);
});
