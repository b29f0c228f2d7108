import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  CALLBACK,
  callTool,
  codeRequest,
  pkcePair,
  registeredClient,
  tokenRequest,
} from './oauth-requests.js';
import { type OAuthTestApp, startOAuthTestApp } from './oauth-test-app.js';

// A person approves an agent in a real browser (Debian's Chromium, driven by playwright-core):
// signs in by the labelled fields, reads the consent page and allows. No JavaScript runs on
// either page; the browser only fills and submits forms.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'correct horse battery staple';

describe('approving an agent in a browser', () => {
  let app: OAuthTestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startOAuthTestApp();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('signs in, reads the consent page, allows, and the agent gets a working token', async () => {
    const user = await app.user(PASSWORD);
    const clientId = await registeredClient(app);
    const { verifier, challenge } = pkcePair();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // Nothing listens on the agent's loopback callback; the browser's arrival there is the answer.
    await page.route(`${CALLBACK}**`, (route) =>
      route.fulfill({ contentType: 'text/plain', body: 'back at the agent' }),
    );

    await page.goto(authorizeUrl(app, codeRequest(clientId, challenge)));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sign in');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForSelector('h1:text("Allow access?")');
    const consent = ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
    expect(consent).toContain('Raw Client');
    expect(consent).toContain(CALLBACK);
    expect(consent).toContain('mcp:read: Read your posts');
    expect(consent).toContain(
      'mcp:write: Everything reading allows, and draft, schedule, change and delete posts',
    );
    expect(consent).toContain('offline_access: Stay connected');
    const cookies = await context.cookies(app.baseUrl);
    const session = cookies.find((c) => c.name === 'svc_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${CALLBACK}**`);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('iss')).toBe(app.baseUrl);
    expect(callback.searchParams.get('state')).toBe('xyz');
    const exchanged = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code: String(callback.searchParams.get('code')),
      redirect_uri: CALLBACK,
      client_id: clientId,
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    expect(
      (await callTool(app, String(exchanged.body.access_token), 'svc_list_scheduled_posts')).status,
    ).toBe(200);
    await context.close();
  }, 60_000);
});
