import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base32Decode, hotp, totpStep } from '@svc/core';
import { hmacSha1 } from '@svc/core/node';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { SANDBOX_SERVER_SECRET, type SandboxServer, startSandboxServer } from './sandbox-server.js';
import { svcInProcess } from './support.js';
import { startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.js';

// Single sign-on in a real Chromium through a real OpenID Connect provider (node-oidc-provider on
// loopback, its own sign-in and consent pages): people land in the console signed in, matched or
// created by verified e-mail; a token for another client, a replayed answer, an unverified e-mail
// and a domain not allowed are refused with a page that says so (docs/security.md).
const SCREENS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/sso');
const PASSWORD = 'correct horse battery staple';
const AGENT_CALLBACK = 'http://127.0.0.1:53683/callback';

describe('single sign-on in a browser', () => {
  let idp: TestIdentityProvider;
  let server: SandboxServer;
  let browser: Browser;
  let annId: string;
  const contexts: BrowserContext[] = [];

  const fresh = async (): Promise<Page> => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    // The provider's development pages import a web font; nothing leaves this machine.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    return page;
  };
  // Signs in at the provider as `login` (any password) and approves sharing, as a person would.
  const atProvider = async (page: Page, login: string) => {
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === server.url);
  };
  const viaConsole = async (login: string) => {
    const page = await fresh();
    await page.goto(`${server.url}/app/sign-in`);
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await atProvider(page, login);
    return page;
  };
  const workspacesOf = async (email: string) =>
    (await server.cli(['workspaces', 'list', '--email', email])).json?.workspaces as
      | { id: string; role: string }[]
      | undefined;

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    idp = await startTestIdentityProvider({
      cleo: { email: 'Cleo@corp.example', emailVerified: true },
      ann: { email: 'ann@corp.example', emailVerified: true },
      una: { email: 'una@corp.example', emailVerified: false },
      out: { email: 'out@elsewhere.example', emailVerified: true },
    });
    // Ann exists before the server starts: new people join her workspace (SVC_OIDC_WORKSPACE).
    const dir = mkdtempSync(join(tmpdir(), 'svc-sso-'));
    const cliEnv = { SVC_DATA_DIR: dir, SVC_SECRET: SANDBOX_SERVER_SECRET, LOG_LEVEL: 'silent' };
    const ann = await svcInProcess(
      ['users', 'create', '--email', 'ann@corp.example', '--password-stdin'],
      cliEnv,
      PASSWORD,
    );
    expect(ann.code, ann.stderr).toBe(0);
    annId = ann.json.id;
    server = await startSandboxServer({
      SVC_DATA_DIR: dir,
      SVC_OIDC_ISSUER: idp.issuer,
      SVC_OIDC_CLIENT_ID: idp.clientId,
      SVC_OIDC_CLIENT_SECRET: idp.clientSecret,
      SVC_OIDC_NAME: 'Acme ID',
      SVC_OIDC_ALLOWED_DOMAINS: 'corp.example',
      SVC_OIDC_WORKSPACE: annId,
      SVC_OIDC_ROLE: 'contributor',
    });
    idp.register(`${server.url}/app/sign-in/sso/callback`);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
    await idp?.close();
  });

  let callbackUrl = '';
  let handle = '';

  it('signs a new person in through the provider, into the console and the configured workspace', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/app/sign-in`);
    const button = page.getByRole('link', { name: 'Sign in with Acme ID' });
    expect(await button.isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENS, 'oidc-sign-in.png'), fullPage: true });
    // The provider's answer as the browser brings it back, and the cookie that ties it to the browser.
    page.on('request', (request) => {
      if (request.url().includes('/app/sign-in/sso/callback')) callbackUrl = request.url();
    });
    await button.click();
    expect(new URL(page.url()).origin).toBe(idp.issuer);
    const cookie = (await page.context().cookies(server.url)).find((c) => c.name === 'svc_sso');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    handle = cookie?.value ?? '';
    await atProvider(page, 'cleo');
    await page.waitForURL(`${server.url}/app`);
    expect(await page.locator('body').textContent()).toContain('cleo@corp.example');
    const workspaces = await workspacesOf('cleo@corp.example');
    expect(workspaces?.map((w) => w.role)).toEqual(['owner', 'contributor']);
    expect(workspaces?.[1]?.id).toBe(annId);
    // The state, nonce and PKCE verifier never travelled in a URL: only code and state came back.
    expect([...new URL(callbackUrl).searchParams.keys()].sort()).toEqual(['code', 'iss', 'state']);
  });

  it('refuses the same answer brought back again, even with its cookie', async () => {
    const page = await fresh();
    await page.context().addCookies([{ name: 'svc_sso', value: handle, url: server.url }]);
    const replay = await page.goto(callbackUrl);
    expect(replay?.status()).toBe(400);
    expect(await page.getByRole('alert').textContent()).toContain('already used or has expired');
    await page.screenshot({ path: join(SCREENS, 'oidc-refused-replay.png'), fullPage: true });
    await page.goto(`${server.url}/app`);
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
  });

  it('refuses an ID token issued for another client', async () => {
    idp.wrongAudience = true;
    try {
      const page = await viaConsole('cleo');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign-in refused');
      expect(await page.getByRole('alert').textContent()).toContain('could not be verified');
      await page.screenshot({ path: join(SCREENS, 'oidc-refused-audience.png'), fullPage: true });
      await page.goto(`${server.url}/app`);
      expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    } finally {
      idp.wrongAudience = false;
    }
  });

  it('refuses an e-mail the provider did not verify, and a domain not allowed, creating nobody', async () => {
    const unverified = await viaConsole('una');
    expect(await unverified.getByRole('alert').textContent()).toContain('has not verified your e-mail');
    const outside = await viaConsole('out');
    expect(await outside.getByRole('alert').textContent()).toContain('may not sign in');
    await outside.screenshot({ path: join(SCREENS, 'oidc-refused-domain.png'), fullPage: true });
    expect(await workspacesOf('una@corp.example')).toBeUndefined();
    expect(await workspacesOf('out@elsewhere.example')).toBeUndefined();
  });

  it('links a password user by their verified e-mail: the same person, their password still works', async () => {
    const page = await viaConsole('ann');
    await page.waitForURL(`${server.url}/app`);
    expect(await page.locator('body').textContent()).toContain('ann@corp.example');
    expect((await workspacesOf('ann@corp.example'))?.map((w) => w.id)).toEqual([annId]);
    const other = await fresh();
    await other.goto(`${server.url}/app/sign-in`);
    await other.getByLabel('Email').fill('ann@corp.example');
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.waitForURL(`${server.url}/app`);
  });

  it('asks a person with a second factor for it after the provider, which reported none', async () => {
    const page = await viaConsole('ann');
    await page.waitForURL(`${server.url}/app`);
    await page.goto(`${server.url}/app/account/security`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const key = base32Decode(((await page.locator('#totp-secret').textContent()) ?? '').trim());
    const step = totpStep(new Date());
    await page.getByLabel('The six-digit code the app shows now').fill(hotp(hmacSha1, key, step));
    await page.getByRole('button', { name: 'Turn on' }).click();
    expect(await page.locator('#recovery-value').isVisible()).toBe(true);

    const again = await viaConsole('ann');
    await again.waitForURL(/\/app\/sign-in\/second-factor/);
    await again.goto(`${server.url}/app`);
    expect(new URL(again.url()).pathname).toBe('/app/sign-in');
    const back = await viaConsole('ann');
    await back.waitForURL(/\/app\/sign-in\/second-factor/);
    await back.getByLabel(/Code from your authenticator app/).fill(hotp(hmacSha1, key, step + 1));
    await back.getByRole('button', { name: 'Continue' }).click();
    await back.waitForURL(`${server.url}/app`);
    expect(await back.locator('body').textContent()).toContain('ann@corp.example');
  }, 90_000);

  it('says so when the provider cannot be reached, and the password form stays', async () => {
    const gone = await startTestIdentityProvider({});
    await gone.close();
    const lonely = await startSandboxServer({
      SVC_OIDC_ISSUER: gone.issuer,
      SVC_OIDC_CLIENT_ID: 'svc',
      SVC_OIDC_CLIENT_SECRET: 'secret',
    });
    try {
      const res = await fetch(`${lonely.url}/app/sign-in/sso`, { redirect: 'manual' });
      expect(res.status).toBe(502);
      expect(await res.text()).toContain('cannot be reached');
      expect(await (await fetch(`${lonely.url}/app/sign-in`)).text()).toContain('Sign in with 127.0.0.1');
    } finally {
      await lonely.close();
    }
  });

  it("signs a person in through the provider on the agents' sign-in page", async () => {
    const registered = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [AGENT_CALLBACK],
        token_endpoint_auth_method: 'none',
        client_name: 'Desk bot',
      }),
    });
    const { client_id } = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id,
      response_type: 'code',
      redirect_uri: AGENT_CALLBACK,
      scope: 'mcp:read',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      resource: `${server.url}/api/mcp`,
      state: 'agent-state',
    });
    const page = await fresh();
    await page.route(`${AGENT_CALLBACK}**`, (route) =>
      route.fulfill({ contentType: 'text/plain', body: 'back at the agent' }),
    );
    await page.goto(`${server.url}/oauth/authorize?${query}`);
    await page.screenshot({ path: join(SCREENS, 'oidc-agent-sign-in.png'), fullPage: true });
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await atProvider(page, 'cleo');
    await page.waitForSelector('h1:text("Allow access?")');
    expect(await page.locator('main').textContent()).toContain('cleo@corp.example');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${AGENT_CALLBACK}**`);
    expect(new URL(page.url()).searchParams.get('code')).not.toBeNull();
  });
});
