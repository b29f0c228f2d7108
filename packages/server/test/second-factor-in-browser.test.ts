import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { base32Decode, hotp, totpStep } from '@svc/core';
import { hmacSha1 } from '@svc/core/node';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { expectNoOverflow } from './page-layout-checks.js';
import { type SandboxServer, startSandboxServer } from './sandbox-server.js';

// Second factors in a real Chromium (docs/security.md, "Second factors"): a passkey registered and
// used through a virtual authenticator of the DevTools protocol, and an authenticator app whose
// codes the test computes from the secret the page shows. Screenshots go to
// test-artifacts/second-factor (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/second-factor');
const PASSWORD = 'a console password';

describe('second factors in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' }, { hostName: 'localhost' });
    for (const email of ['pat@example.com', 'tom@example.com']) {
      expect((await server.cli(['users', 'create', '--email', email, '--plan', 'paid'])).code).toBe(0);
      await server.setPassword(email, PASSWORD);
    }
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const password = async (page: Page, email: string) => {
    await page.goto(`${server.url}/app/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/app/sign-in`);
  };

  it('registers a passkey, signs out, and signs in with it after the password', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await password(page, 'pat@example.com');
    await page.waitForURL(`${server.url}/app`);
    await page.goto(`${server.url}/app/account`);
    await page.getByRole('link', { name: 'Security settings' }).click();
    await page.waitForURL(`${server.url}/app/account/security`);
    await page.getByLabel('Name of the new passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.waitForURL(/done=passkey/);
    expect(await page.getByRole('status').first().textContent()).toContain('passkey was added');
    expect(await page.locator('main').textContent()).toContain('Test laptop');
    await expectNoOverflow(page);
    await page.locator('main').screenshot({ path: join(ARTIFACTS, 'security-with-passkey.png') });
    // The authenticator holds the key; the server holds only its public half.
    const held = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(held.credentials).toHaveLength(1);

    await signOut(page);
    await password(page, 'pat@example.com');
    await page.waitForURL(/\/app\/sign-in\/second-factor/);
    // No session yet: the console itself still asks to sign in.
    const before = await context.request.get(`${server.url}/app/posts`, { maxRedirects: 0 });
    expect(before.headers().location).toMatch(/^\/app\/sign-in/);
    await page.screenshot({ path: join(ARTIFACTS, 'second-factor-step-passkey.png') });
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${server.url}/app`);
    await page.goto(`${server.url}/app/account/security`);
    expect(await page.locator('main').textContent()).toContain('last used');
    await context.close();
  }, 90_000);

  it('sets up an authenticator app, then signs in with a code and with recovery codes, each once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await password(page, 'tom@example.com');
    await page.waitForURL(`${server.url}/app`);
    await page.goto(`${server.url}/app/account/security`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    expect(await page.getByRole('img', { name: /QR code/ }).isVisible()).toBe(true);
    const secret = ((await page.locator('#totp-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.locator('#totp-uri').textContent()).toContain(`secret=${secret}`);
    await expectNoOverflow(page);
    await page.locator('main').screenshot({ path: join(ARTIFACTS, 'totp-setup.png') });
    const key = base32Decode(secret);
    const step = totpStep(new Date());
    const wrong = hotp(hmacSha1, key, step + 5);
    await page.getByLabel('The six-digit code the app shows now').fill(wrong);
    await page.getByRole('button', { name: 'Turn on' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('not right');
    await page.getByLabel('The six-digit code the app shows now').fill(hotp(hmacSha1, key, step));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = ((await page.locator('#recovery-value').textContent()) ?? '').trim().split(/\s+/);
    expect(codes).toHaveLength(10);
    await page.locator('main').screenshot({ path: join(ARTIFACTS, 'totp-recovery-codes.png') });

    const second = async (code: string) => {
      await password(page, 'tom@example.com');
      await page.waitForURL(/\/app\/sign-in\/second-factor/);
      await page.getByLabel(/Code from your authenticator app/).fill(code);
      await page.getByRole('button', { name: 'Continue' }).click();
    };
    // The next step's code (the confirming one is used up): accepted once, refused when replayed.
    const next = hotp(hmacSha1, key, step + 1);
    await signOut(page);
    await second(next);
    await page.waitForURL(`${server.url}/app`);
    await signOut(page);
    await second(next);
    expect(await page.getByRole('alert').textContent()).toContain('used already');
    await page.screenshot({ path: join(ARTIFACTS, 'second-factor-step-refused.png') });
    // A recovery code instead, typed in capitals: once.
    await page.getByLabel(/Code from your authenticator app/).fill((codes[0] ?? '').toUpperCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.url}/app`);
    await signOut(page);
    await second(codes[0] ?? '');
    expect(await page.getByRole('alert').textContent()).toContain('used already');
    await page.getByLabel(/Code from your authenticator app/).fill(codes[1] ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.url}/app`);
    await page.goto(`${server.url}/app/account/security`);
    expect(await page.locator('main').textContent()).toContain('8 unused recovery code(s) left');
    await context.close();
  }, 90_000);
});
