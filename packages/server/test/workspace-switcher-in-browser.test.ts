import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// A member of a team workspace, in a real Chromium against a real server: the console's switcher
// shows the team's posts instead of their own, the consent page binds an agent to the team
// workspace, and removing the member ends both (docs/teams.md). Screenshots go to
// test-artifacts/workspaces (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/workspaces');
const PASSWORD = 'correct horse battery staple';
const BOB = 'bob@example.com';
const CALLBACK = 'http://127.0.0.1:53682/callback';

describe('switching workspaces in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let page: Page;
  let annKey: string;
  let bobId: string;
  let teamAccount: string;
  let agentToken = '';

  const draft = async (key: string, profileId: string, caption: string) => {
    const made = await server.call('/api/v1/drafts', key, {
      method: 'POST',
      json: { caption, scheduledTime: '2031-05-13T09:30:00Z', profileIds: [profileId] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  };
  const tool = (token: string) =>
    fetch(`${server.url}/api/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json, text/event-stream',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'svc_list_profiles', arguments: {} },
      }),
    });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    let accounts: Record<string, string>;
    ({ key: annKey, accounts } = await seedUser(server, ['threads']));
    teamAccount = accounts.threads ?? '';
    const added = await server.cli([
      'members',
      'add',
      '--owner-email',
      'ann@example.com',
      '--email',
      BOB,
      '--role',
      'editor',
    ]);
    expect(added.code, added.stderr).toBe(0);
    bobId = added.json.userId;
    await server.setPassword(BOB, PASSWORD);
    const own = await server.cli([
      'accounts',
      'connect-sandbox',
      '--email',
      BOB,
      '--platform',
      'threads',
      '--handle',
      'bob_own',
    ]);
    const bobKey = (await server.cli(['keys', 'create', '--email', BOB, '--scopes', '*'])).json.key;
    await draft(bobKey, own.json.id, 'Bob’s own idea for a post');
    await draft(annKey, teamAccount, 'Sourdough is back on Tuesday');
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
    await page.goto(`${server.url}/app/sign-in`);
    await page.getByLabel('Email').fill(BOB);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/app`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('switches to the team workspace and sees its posts, not the personal ones', async () => {
    await page.goto(`${server.url}/app/posts`);
    const main = page.locator('main');
    expect(await main.textContent()).toContain('Bob’s own idea for a post');
    expect(await main.textContent()).not.toContain('Sourdough');
    const switcher = page.getByLabel('Workspace');
    expect(await switcher.locator('option').allTextContents()).toEqual([
      'bob@example.com (personal)',
      'ann@example.com (editor)',
    ]);
    await page.screenshot({ path: join(ARTIFACTS, 'workspace-switcher.png') });
    await switcher.selectOption({ label: 'ann@example.com (editor)' });
    await page.getByRole('button', { name: 'Switch' }).click();
    await page.waitForURL(`${server.url}/app`);
    await page.goto(`${server.url}/app/posts`);
    expect(await main.textContent()).toContain('Sourdough is back on Tuesday');
    expect(await main.textContent()).not.toContain('Bob’s own idea');
    await page.screenshot({ path: join(ARTIFACTS, 'workspace-switched.png') });
  });

  it('binds an agent to the team workspace on the consent page', async () => {
    const registered = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [CALLBACK],
        token_endpoint_auth_method: 'none',
        client_name: 'Bakery bot',
      }),
    });
    const { client_id } = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id,
      response_type: 'code',
      redirect_uri: CALLBACK,
      scope: 'mcp:read mcp:write',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${server.url}/api/mcp`,
      state: 'xyz',
    });
    // Nothing listens on the agent's loopback callback; the browser's arrival there is the answer.
    await page.route(`${CALLBACK}**`, (route) =>
      route.fulfill({ contentType: 'text/plain', body: 'back at the agent' }),
    );
    await page.goto(`${server.url}/oauth/authorize?${query}`);
    await page.getByLabel('Email').fill(BOB);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const choice = page.getByLabel('Act in the workspace');
    await choice.waitFor();
    expect(await choice.locator('option').allTextContents()).toEqual([
      'bob@example.com (personal)',
      'ann@example.com (editor)',
    ]);
    await choice.selectOption({ label: 'ann@example.com (editor)' });
    await page.screenshot({ path: join(ARTIFACTS, 'consent-workspace.png'), fullPage: true });
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${CALLBACK}**`);
    const code = new URL(page.url()).searchParams.get('code');
    expect(code).not.toBeNull();
    const tokens = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: CALLBACK,
        client_id,
        code_verifier: verifier,
      }).toString(),
    });
    agentToken = ((await tokens.json()) as { access_token: string }).access_token;
    const listed = (await (await tool(agentToken)).json()) as {
      result: { structuredContent: { profiles: { id: string }[] } };
    };
    expect(listed.result.structuredContent.profiles.map((p) => p.id)).toEqual([teamAccount]);
    await page.goto(`${server.url}/app/agents`);
    expect(await page.locator('tbody tr').first().textContent()).toContain('ann@example.com');
    await page.screenshot({ path: join(ARTIFACTS, 'agents-workspace.png') });
  });

  it('a removed member is back in their personal workspace, and their agent is refused', async () => {
    const removed = await server.call(`/api/v1/members/${bobId}`, annKey, { method: 'DELETE' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await page.goto(`${server.url}/app/posts`);
    const main = page.locator('main');
    expect(await main.textContent()).toContain('Bob’s own idea for a post');
    expect(await main.textContent()).not.toContain('Sourdough');
    expect(await page.getByLabel('Workspace').count()).toBe(0);
    const refused = await tool(agentToken);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  });
});
