import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, launchChromium, signInToConsole } from './console-browser.js';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';

// Nothing typed is lost and nothing ends in a dead end, in a real browser against a real server on
// the sandbox: a chosen file kept through a refusal (with and without JavaScript), a failed post
// retried from its page, duplicated into Compose, a key revoked only after asking, an account
// connected from Connections and back there, and disconnected once no post waits for it.
const ARTIFACTS = join(import.meta.dirname, '../test-artifacts/console-recover');
const JPEG_FIXTURE = join(import.meta.dirname, '../../media/test/fixtures/image.jpg');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';

describe('recovering in the console, in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let key: string;
  let accounts: Record<string, string>;
  const violations: string[] = [];

  const shot = (p: Page, name: string) =>
    p.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  const heading = (p: Page) => p.locator('h1').textContent();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    ({ key, accounts } = await seedUser(server, ['threads', 'instagram']));
    await server.setPassword(EMAIL, PASSWORD);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await signInToConsole(page, server.url, EMAIL, PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('keeps a chosen file that was never uploaded through a refusal, without JavaScript', async () => {
    const plain = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const phone = await plain.newPage();
    await phone.goto(`${server.url}/app/compose`);
    await phone.getByRole('checkbox', { name: /Instagram @ann_instagram/ }).check();
    await phone.getByLabel('Caption').fill('Bread, kept through a refusal');
    await phone.getByLabel('Add a photo or video').setInputFiles(JPEG_FIXTURE);
    await phone.getByLabel(/^When/).fill('2020-01-01T09:00');
    await phone.getByRole('button', { name: 'Schedule' }).click();
    expect(await phone.getByRole('alert').first().textContent()).toContain('Not scheduled');
    // The file became a slide before the checks ran: the refusal is about the time only.
    expect(await phone.locator('.slides img').count()).toBe(1);
    expect(await phone.locator('main').textContent()).not.toMatch(/Instagram needs/);
    expect(await phone.getByLabel('Caption').inputValue()).toBe('Bread, kept through a refusal');
    expect(await phone.getByRole('checkbox', { name: /Instagram @ann_instagram/ }).isChecked()).toBe(true);
    expect(await phone.getByRole('link', { name: 'Back to the posts' }).count()).toBe(1);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'compose-refused-no-script-390');
    await phone.getByLabel(/^When/).fill('');
    await phone.getByRole('button', { name: 'Schedule' }).click();
    expect(await phone.getByRole('status').textContent()).toContain('Scheduled');
    await plain.close();
  });

  it('uploads a file as soon as it is chosen, the buttons waiting meanwhile, and keeps it through a refusal', async () => {
    await page.goto(`${server.url}/app/compose`);
    expect(await page.getByRole('button', { name: 'Upload' }).isVisible()).toBe(false);
    // Each upload is held until the page has been seen waiting.
    let release: () => void = () => undefined;
    const hold = () =>
      new Promise<void>((resolve) => {
        release = resolve;
      });
    let gate = hold();
    await page.route('**/app/compose/upload', async (route) => {
      await gate;
      // A cancelled upload's request is gone by then.
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('Add a photo or video').setInputFiles(JPEG_FIXTURE);
    await expect.poll(() => page.locator('#upload-progress').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('was cancelled');
    expect(await page.locator('.slides li').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Schedule' }).isEnabled()).toBe(true);
    release();
    gate = hold();
    await page.getByRole('checkbox', { name: /Instagram @ann_instagram/ }).check();
    await page.getByLabel('Caption').fill('Uploaded on choose');
    await page.getByLabel('Add a photo or video').setInputFiles(JPEG_FIXTURE);
    await expect.poll(() => page.locator('#upload-progress').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Schedule' }).isDisabled()).toBe(true);
    expect(await page.locator('#upload-wait').textContent()).toContain('Waiting for the upload');
    expect(await page.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    await shot(page, 'compose-uploading-1280');
    release();
    await expect.poll(() => page.locator('.slides img').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Schedule' }).isEnabled()).toBe(true);
    expect(await page.locator('#publication').textContent()).toContain('Instagram');
    await page.unroute('**/app/compose/upload');
    await page.getByLabel(/^When/).fill('2020-01-01T09:00');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Not scheduled');
    expect(await page.locator('.slides img').count()).toBe(1);
    expect(await page.getByLabel('Caption').inputValue()).toBe('Uploaded on choose');
    await shot(page, 'compose-refused-1280');
  });

  it('retries a failed post from its page, and it publishes; duplicating it pre-fills Compose', async () => {
    server.sandbox.control.failNextContainer('threads', 2207001);
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: { platforms: ['threads'], profileIds: [accounts.threads], caption: 'Second time lucky' },
    });
    const postId = created.body.postIds[0];
    const failed = await settled(server, key, postId, 30_000);
    expect(failed.status).toBe('failed');
    await page.goto(`${server.url}/app/posts/${postId}`);
    await shot(page, 'post-failed-actions-1280');
    await page.getByRole('link', { name: 'Duplicate into Compose' }).click();
    expect(await heading(page)).toBe('Compose');
    expect(await page.getByLabel('Caption').inputValue()).toBe('Second time lucky');
    expect(await page.getByRole('checkbox', { name: /Threads @ann_threads/ }).isChecked()).toBe(true);
    await page.getByRole('link', { name: 'Back to the post this one copies' }).click();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Sent to publish again');
    const posted = await settled(server, key, postId, 30_000);
    expect([posted.id, posted.status]).toEqual([postId, 'posted']);
    await page.reload();
    const history = await page.locator('.history').textContent();
    expect(history).toContain('Failed');
    expect(history).toContain('Sent to publish again');
    expect(history).toContain('Published');
  });

  it('asks before revoking a key, saying what follows', async () => {
    await page.goto(`${server.url}/app/keys`);
    await page.getByLabel('Name').fill('Reporting script');
    await page.getByRole('checkbox', { name: /account:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const created = ((await page.locator('#new-key-value').textContent()) ?? '').trim();
    await page.goto(`${server.url}/app/keys`);
    await page.getByRole('button', { name: 'Revoke Reporting script' }).click();
    expect(await heading(page)).toBe('Revoke the key “Reporting script”?');
    expect(await page.locator('main').textContent()).toContain('stop working at once');
    // Nothing happened yet.
    expect((await server.call('/api/v1/connections', created)).status).toBe(200);
    await shot(page, 'revoke-key-confirm-1280');
    await page.getByRole('button', { name: 'Revoke the key' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The key was revoked');
    expect((await server.call('/api/v1/connections', created)).status).toBe(401);
  });

  it('connects an account from Connections and lands back there with a notice', async () => {
    await page.goto(`${server.url}/app/connections`);
    await page.getByLabel('Platform').selectOption('instagram');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL(/\/sandbox\/instagram\/www\/oauth\/authorize/);
    await page.getByLabel('Account handle').fill('ann_shop');
    await Promise.all([
      page.waitForURL(/\/app\/connections\?connected=/),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect(await page.getByRole('status').textContent()).toContain('Instagram account @ann_shop connected.');
    await shot(page, 'connected-notice-1280');
  });

  it('refuses to disconnect an account while a post waits for it, then disconnects it', async () => {
    const listed = await server.call('/api/v1/connections', key);
    const shop = listed.body.accounts?.find((a: { handle: string }) => a.handle === 'ann_shop')?.id ?? '';
    expect(shop).toMatch(/^acct_/);
    const image = await server.upload(key, readFileSync(JPEG_FIXTURE), 'photo.jpg');
    const waiting = await server.call('/api/v1/posts', key, {
      method: 'POST',
      json: {
        platforms: ['instagram'],
        profileIds: [shop],
        caption: 'Waits for the shop',
        mediaIds: [image],
        scheduledTime: '2031-01-01T09:00:00Z',
      },
    });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    await page.goto(`${server.url}/app/connections`);
    const disconnect = () => page.getByRole('button', { name: 'Disconnect @ann_shop on Instagram' }).click();
    await disconnect();
    expect(await heading(page)).toBe('Disconnect @ann_shop on Instagram?');
    await page.getByRole('button', { name: 'Disconnect the account' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('1 post is still to go out to ann_shop');
    await shot(page, 'disconnect-refused-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'disconnect-refused-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    const postId = waiting.body.postIds[0];
    expect((await server.call(`/api/v1/posts/${postId}`, key, { method: 'DELETE' })).status).toBe(200);
    await page.goto(`${server.url}/app/connections`);
    await disconnect();
    await page.getByRole('button', { name: 'Disconnect the account' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('disconnected');
  });

  it('fits a phone: the new pages at 390 px, with no script refused', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    const [failed] = (await server.call('/api/v1/posts?status=posted&limit=1', key)).body.posts ?? [];
    for (const [path, name] of [
      ['/app/compose', 'compose-390'],
      [`/app/compose?from=${failed?.id ?? ''}`, 'compose-duplicate-390'],
      ['/app/connections', 'connections-390'],
      ['/app/keys', 'keys-390'],
    ] as const) {
      await small.goto(`${server.url}${path}`);
      expect(await horizontalOverflow(small), path).toBeLessThanOrEqual(0);
      await shot(small, name);
    }
    await phone.close();
    expect(violations).toEqual([]);
  });
});
