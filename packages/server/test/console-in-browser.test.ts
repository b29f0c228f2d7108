import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { expectNoOverflow, expectNoOverlap } from './page-layout-checks.js';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { startWebhookReceiver } from './webhook-receiver.js';

// A person uses the web console in a real browser (Debian's Chromium through playwright-core)
// against a real server on the sandbox: signs in, manages an API key, approves an agent's draft
// and watches it publish, sees why a post failed, deletes a post, signs out. Every page is checked
// with axe-core at a phone's width, and the journeys leave screenshots in test-artifacts/console.
const ARTIFACTS = join(import.meta.dirname, '../test-artifacts/console');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const JPEG_FIXTURE = join(import.meta.dirname, '../../media/test/fixtures/image.jpg');
const PNG_FIXTURE = join(import.meta.dirname, '../../media/test/fixtures/image.png');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';

describe('the console in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let key: string;
  let accounts: Record<string, string>;
  // Content-Security-Policy refusals the browser reported: none may happen.
  const violations: string[] = [];

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  const heading = () => page.locator('h1').textContent();

  beforeAll(async () => {
    // A busy machine (tests of several packages at once) answers a page in seconds, not in the
    // one second a poll waits by default.
    vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
    mkdirSync(ARTIFACTS, { recursive: true });
    // Webhooks go to a receiver on loopback over http: allowed by the tests-only flag.
    server = await startSandboxServer({ SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
    ({ key, accounts } = await seedUser(server, ['threads']));
    await server.setPassword(EMAIL, PASSWORD);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
  }, 60_000);
  afterAll(async () => {
    vi.resetConfig();
    await browser?.close();
    await server?.close();
  });

  it('signs in, and refuses a wrong password', async () => {
    await page.goto(`${server.url}/app/posts`);
    expect(page.url()).toBe(`${server.url}/app/sign-in?next=%2Fapp%2Fposts`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The email or password is not right.');
    await shot('sign-in-refused');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/app/posts`);
    expect(await heading()).toBe('Posts');
    await page.getByRole('link', { name: 'Overview' }).click();
    expect(await heading()).toBe('Overview');
    await shot('overview');
  });

  it('connects an Instagram account through the sandbox consent page', async () => {
    await page.getByRole('link', { name: 'Connections' }).click();
    await page.getByLabel('Platform').selectOption('instagram');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL(/\/sandbox\/instagram\/www\/oauth\/authorize/);
    await page.getByLabel('Account handle').fill('ann_shop');
    // Started from the console, the connect returns to Connections with a notice.
    await Promise.all([
      page.waitForURL(/\/app\/connections\?connected=/),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect(await page.getByRole('status').textContent()).toContain('Instagram account @ann_shop connected.');
    expect(await page.locator('main').textContent()).toContain('@ann_shop');
    await shot('connections');
  });

  it('checks a post as it is written, before anything is sent', async () => {
    await page.getByRole('link', { name: 'Compose' }).click();
    const summary = page.locator('#checks-summary');
    expect(await summary.textContent()).toContain('the checks run as you go');
    await page.getByRole('checkbox', { name: /Threads @ann_threads/ }).check();
    await page.getByRole('checkbox', { name: /Instagram @ann_shop/ }).check();
    // Threads takes 500 characters: the counter and the policy's error appear as the person types.
    await page.getByLabel('Caption').fill(`Fresh bread ${'and butter '.repeat(50)}`);
    await expect.poll(() => summary.textContent()).toContain('to fix before scheduling');
    const counters = await page.locator('#counters').textContent();
    expect(counters).toContain('Instagram caption 562 / 2,200 characters');
    expect(counters).toContain('Threads caption 562 / 500 characters · 62 over');
    const issues = await page.locator('#issues').textContent();
    expect(issues).toContain('Threads takes at most 500');
    expect(issues).toMatch(/Instagram.*(photo|video|media)/i);
    await shot('compose-checks');
    await page.getByLabel('Caption').fill('Fresh bread, straight from the console');
    await expect.poll(() => page.locator('#issues .error').count()).toBe(1);
    expect(await page.locator('#counters .over').count()).toBe(0);
  });

  it('composes a post with uploaded images for two platforms, reorders them from the keyboard, finds it on the calendar, and sees it published', async () => {
    // Each file uploads as soon as it is chosen; the caption typed before stays.
    await page.getByLabel('Add a photo or video').setInputFiles(JPEG_FIXTURE);
    await expect.poll(() => page.locator('.slides img').count()).toBe(1);
    await page.getByLabel('Add a photo or video').setInputFiles(PNG_FIXTURE);
    await expect.poll(() => page.locator('.slides img').count()).toBe(2);
    expect(await page.getByLabel('Caption').inputValue()).toBe('Fresh bread, straight from the console');
    expect(await page.getByRole('checkbox', { name: /Instagram @ann_shop/ }).isChecked()).toBe(true);
    const order = () =>
      page.locator('.slides li').evaluateAll((items) => items.map((li) => li.getAttribute('data-media-id')));
    const [jpeg, png] = await order();
    await page.getByRole('button', { name: 'Move slide 2 earlier' }).focus();
    await page.keyboard.press('Enter');
    expect(await order()).toEqual([png, jpeg]);
    expect(await page.locator('input[name=media]').inputValue()).toBe(`${png},${jpeg}`);
    // The moved slide is first now, so the keyboard lands on its other move.
    expect(await page.evaluate('document.activeElement.getAttribute("aria-label")')).toBe(
      'Move slide 1 later',
    );
    expect(await page.locator('#issues .error').count()).toBe(0);
    expect(await page.locator('#publication').textContent()).toContain('a 2-slide Instagram carousel');
    await shot('compose');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Scheduled');
    const month = new Date().toISOString().slice(0, 7);
    await page.goto(`${server.url}/app/calendar?month=${month}`);
    expect(await page.locator('main').textContent()).toContain('Fresh bread');
    // One compose to two platforms is one entry, leading to its group's page and each platform's post.
    await page.locator('a[href^="/app/groups/"]').first().click();
    const ids = await page
      .locator('main a[href^="/app/posts/post_"]')
      .evaluateAll((links) => links.map((l) => (l.getAttribute('href') ?? '').split('/').pop() ?? ''));
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const post = await settled(server, key, id, 60_000);
      expect(post.status, post.failedReason).toBe('posted');
      expect(post.permalink).toMatch(/\/sandbox\//);
      // Published in the order the slides were put in (Instagram gets a JPEG copy of the PNG).
      expect(post.mediaIds).toEqual([png, jpeg]);
    }
    await page.goto(`${server.url}/app/posts/${ids[0]}`);
    expect(await page.locator('main').textContent()).toContain('Posted');
  });

  it('creates an API key, shows it once, and revoking it ends its use on REST', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name').fill('Reporting script');
    await page.getByRole('checkbox', { name: /account:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const created = ((await page.locator('#new-key-value').textContent()) ?? '').trim();
    expect(created).toMatch(/^svc_key_/);
    await shot('api-key-created');
    const listAccounts = () => server.call('/api/v1/connections', created);
    expect((await listAccounts()).status).toBe(200);
    await page.goto(`${server.url}/app/keys`);
    expect(await page.content()).not.toContain(created.split('.')[1]);
    await page.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page.getByRole('button', { name: 'Revoke the key' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The key was revoked');
    const refused = await listAccounts();
    expect([refused.status, refused.body.code]).toEqual([401, 'invalid_api_key']);
    await shot('api-key-revoked');
  });

  it('subscribes a webhook, shows its secret once, and sees a test event delivered', async () => {
    const receiver = await startWebhookReceiver();
    try {
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByLabel('Endpoint URL (https)').fill(`${receiver.url}/console`);
      await page.getByRole('checkbox', { name: /post\.published/ }).check();
      await page.getByLabel('Description (optional)').fill('Order system');
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const secret = ((await page.locator('#new-secret-value').textContent()) ?? '').trim();
      expect(secret).toMatch(/^whsec_/);
      receiver.setSecret(secret);
      await shot('webhook-created');
      await page.getByRole('link', { name: 'Send it a test event' }).click();
      await page.getByRole('button', { name: 'Send a test event to Order system' }).click();
      await receiver.waitFor(() => receiver.received.some((r) => r.type === 'ping'), 20_000, 'the ping');
      await expect
        .poll(async () => {
          await page.reload();
          return page.locator('main table').textContent();
        })
        .toMatch(/ping[\s\S]*200/);
      expect(await page.content()).not.toContain(secret.slice('whsec_'.length));
      await shot('webhook');
    } finally {
      await receiver.close();
    }
  });

  it("approves an agent's draft, which then publishes with a permalink", async () => {
    const agent = new Client({ name: 'drafting-agent', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    const draft = await agent.callTool({
      name: 'svc_draft_post',
      arguments: {
        content_hint: 'autumn menu',
        caption: 'Our autumn menu is here',
        profile_ids: [accounts.threads],
      },
    });
    const postId = (draft.structuredContent as { draftId: string }).draftId;
    const asked = await agent.callTool({
      name: 'svc_request_post_approval',
      arguments: { post_id: postId, note: 'OK to post?' },
    });
    expect(asked.isError).toBeFalsy();
    await page.getByRole('link', { name: 'Approvals' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('Our autumn menu is here');
    await shot('approvals');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Approved');
    const posted = await settled(server, key, postId, 30_000);
    expect(posted.status).toBe('posted');
    await page.reload();
    await expect.poll(() => page.locator('main').textContent()).toContain('Posted');
    expect(await page.getByRole('link', { name: posted.permalink }).count()).toBe(1);
    await shot('post-published');
    const status = await agent.callTool({
      name: 'svc_get_post_approval_status',
      arguments: { post_id: postId },
    });
    expect((status.structuredContent as { status: string }).status).toBe('approved');
    await agent.close();
  });

  it('shows why a post failed, on the overview and on its page', async () => {
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: {
        platforms: ['threads'],
        profileIds: [accounts.threads],
        caption: 'This one breaks #sandbox-fail',
      },
    });
    const failed = await settled(server, key, created.body.postIds[0], 30_000);
    expect(failed.status).toBe('failed');
    await page.getByRole('link', { name: 'Overview' }).click();
    const attention = await page.locator('main').textContent();
    expect(attention).toContain('This one breaks');
    expect(attention).toContain(failed.failedReason);
    await page.getByRole('link', { name: 'This one breaks #sandbox-fail', exact: true }).click();
    expect(await page.locator('main').textContent()).toContain(failed.failedReason);
    expect(await page.locator('main').textContent()).toContain(`Failed: ${failed.failedReason}`);
    await shot('post-failed');
  });

  it('deletes a scheduled post from its page and restores it from Deleted', async () => {
    const created = await server.call('/api/v1/posts', key, {
      method: 'POST',
      json: {
        platforms: ['threads'],
        profileIds: [accounts.threads],
        caption: 'Later',
        scheduledTime: '2031-01-01T09:00:00Z',
      },
    });
    const postId = created.body.postIds[0];
    await page.goto(`${server.url}/app/posts/${postId}`);
    await page.getByRole('button', { name: 'Delete this post' }).click();
    await page.getByRole('button', { name: 'Delete the post' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The post was deleted');
    expect((await server.call(`/api/v1/posts/${postId}`, key)).status).toBe(404);
    await page.getByRole('link', { name: 'Deleted' }).click();
    expect(await page.locator('main').textContent()).toContain('30 day(s)');
    await shot('deleted');
    await page.getByRole('button', { name: 'Restore Later' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Restored');
    const restored = await server.call(`/api/v1/posts/${postId}`, key);
    expect([restored.status, restored.body.status]).toEqual([200, 'scheduled']);
  });

  it('shows the post on the calendar and moves it from the keyboard', async () => {
    await page.goto(`${server.url}/app/calendar?month=2031-01`);
    expect(await heading()).toBe('Calendar: January 2031');
    await shot('calendar');
    await page.getByRole('link', { name: /09:00 Later/ }).click();
    // The time field is reached and submitted from the keyboard (its digits' order follows the
    // browser's locale, so the value is filled in rather than typed).
    const time = page.getByLabel('New time (UTC)');
    await time.focus();
    await time.fill('2031-01-03T14:30');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Moved');
    await page.goto(`${server.url}/app/calendar?month=2031-01`);
    expect(await page.locator('main').textContent()).toMatch(/14:30 ?Later/);
  });

  // Each page is checked at a phone's width with axe-core, and at 390 and 1280 px for sideways
  // scrolling and overlapping boxes, and photographed at both widths. axe is injected as a script,
  // which the console's policy rightly refuses: the phone's context, signed in with the same
  // cookie (or with none), lets it in.
  const auditPages = async (signedIn = true) => {
    const audit = await browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      ...(signedIn ? { storageState: await context.storageState() } : {}),
    });
    const phone = await audit.newPage();
    const wide = await audit.newPage();
    await wide.setViewportSize({ width: 1280, height: 900 });
    const check = async (url: string, name: string) => {
      // A page the phone is already on is checked as it is (the end of a connection answers once).
      if (phone.url() !== url) await phone.goto(url);
      await phone.addScriptTag({ content: AXE });
      // Evaluated in the page (this file is compiled without the DOM's types).
      const found = (await phone.evaluate(
        'axe.run().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))',
      )) as { id: string; impact: string; nodes: number }[];
      expect(
        found.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        url,
      ).toEqual([]);
      await expectNoOverflow(phone);
      await expectNoOverlap(phone);
      await phone.screenshot({ path: join(ARTIFACTS, `${name}-390.png`), fullPage: true });
      await wide.goto(url);
      await expectNoOverflow(wide);
      await expectNoOverlap(wide);
      await wide.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
    };
    return { phone, check, close: () => audit.close() };
  };

  it('passes axe-core on every console page at a phone’s width, without horizontal scrolling or overlapping boxes', async () => {
    const { check, close } = await auditPages();
    const [first] = (await server.call('/api/v1/posts?limit=1', key)).body.posts ?? [];
    const [hook] = (await server.call('/api/v1/webhooks', key)).body.webhooks ?? [];
    const pages: [string, string][] = [
      ['/app', 'overview'],
      ['/app/compose', 'compose'],
      ['/app/calendar?month=2031-01', 'calendar'],
      ['/app/calendar/week?week=2031-01-01', 'calendar-week'],
      ['/app/posts', 'posts'],
      ['/app/posts?status=failed', 'posts-failed'],
      ['/app/approvals', 'approvals'],
      ['/app/deleted', 'deleted'],
      ['/app/media', 'media'],
      ['/app/analytics', 'analytics'],
      ['/app/connections', 'connections'],
      ['/app/automations', 'automations'],
      ['/app/keys', 'api-keys'],
      ['/app/agents', 'agents'],
      ['/app/webhooks', 'webhooks'],
      ['/app/billing', 'billing'],
      ['/app/account', 'account'],
      ['/app/no-such-page', 'not-found'],
    ];
    if (first !== undefined) {
      pages.push([`/app/posts/${first.id}`, 'post'], [`/app/posts/${first.id}/delete`, 'confirm-delete']);
    }
    if (hook !== undefined) pages.push([`/app/webhooks/${hook.id}`, 'webhook']);
    const grouped = ((await server.call('/api/v1/posts?limit=50', key)).body.posts ?? []).find(
      (p: { groupId: string | null }) => p.groupId !== null,
    );
    if (grouped !== undefined) pages.push([`/app/groups/${grouped.groupId}`, 'group']);
    const [failed] = (await server.call('/api/v1/posts?status=failed&limit=1', key)).body.posts ?? [];
    if (failed !== undefined) pages.push([`/app/posts/${failed.id}`, 'post-failed']);
    pages.push([`/app/connections/${accounts.threads}/disconnect`, 'confirm-disconnect']);
    for (const [path, name] of pages) await check(`${server.url}${path}`, name);
    await close();
  }, 180_000);

  it('folds the navigation into a menu that opens from the keyboard, and shows the month as an agenda, on a phone', async () => {
    const { phone, close } = await auditPages();
    await phone.goto(`${server.url}/app`);
    expect(await phone.getByRole('link', { name: 'Connections' }).isVisible()).toBe(false);
    await phone.getByText('Menu', { exact: true }).focus();
    await phone.keyboard.press('Enter');
    expect(await phone.getByRole('link', { name: 'Connections' }).isVisible()).toBe(true);
    await expectNoOverlap(phone);
    await phone.screenshot({ path: join(ARTIFACTS, 'menu-open-390.png') });
    // Each day with posts named once, no grid of tiny cells.
    await phone.goto(`${server.url}/app/calendar?month=2031-01`);
    expect(await phone.locator('table').isVisible()).toBe(false);
    expect(await phone.locator('.agenda h2').first().textContent()).toMatch(/^\w+day \d+ January$/);
    await close();
  });

  it('gives the sandbox consent page, the connect pages and the OAuth pages the same look, checked the same way', async () => {
    const { phone, check, close } = await auditPages();
    // A connect link handed out by REST (one started from the console returns to Connections).
    const request = await server.call('/api/v1/connections', key, {
      method: 'POST',
      json: { platform: 'threads' },
    });
    expect(request.status).toBe(200);
    await phone.goto(request.body.connectUrl);
    await phone.waitForURL(/\/sandbox\/threads\/www\/oauth\/authorize/);
    await check(phone.url(), 'sandbox-consent');
    await phone.getByLabel('Account handle').fill('ann_phone');
    await Promise.all([
      phone.waitForURL(/\/connect\/callback/),
      phone.getByRole('button', { name: 'Approve' }).click(),
    ]);
    await check(phone.url(), 'connect-callback');
    await check(`${server.url}/connect/callback?state=nothing`, 'connect-refused');
    await close();
    // An agent's authorization request, in a browser nobody is signed in to.
    const signedOut = await auditPages(false);
    await signedOut.check(await agentAuthorizeUrl(server.url), 'oauth-sign-in');
    await signedOut.phone.getByLabel('Email').fill(EMAIL);
    await signedOut.phone.getByLabel('Password').fill(PASSWORD);
    await signedOut.phone.getByRole('button', { name: 'Sign in' }).click();
    await signedOut.phone.getByRole('button', { name: 'Allow' }).waitFor();
    await signedOut.check(signedOut.phone.url(), 'oauth-consent');
    await signedOut.check(`${server.url}/app/sign-in`, 'sign-in');
    await signedOut.close();
    await page.goto(`${server.url}/app/sign-in`);
    expect(violations).toEqual([]);
  }, 120_000);

  it('signs out', async () => {
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/app/sign-in`);
    await page.goto(`${server.url}/app/keys`);
    expect(await heading()).toBe('Sign in');
  });
});

// An agent's authorization request (a registered public client, PKCE): where its person signs in.
async function agentAuthorizeUrl(base: string): Promise<string> {
  const callback = 'http://127.0.0.1:53682/cb';
  const response = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: [callback],
      token_endpoint_auth_method: 'none',
      client_name: 'Phone Agent',
    }),
  });
  const { client_id } = (await response.json()) as { client_id: string };
  const url = new URL(`${base}/oauth/authorize`);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id,
    redirect_uri: callback,
    scope: 'mcp:read',
    state: 's',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }))
    url.searchParams.set(name, value);
  return url.toString();
}
