import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { type SandboxServer, startSandboxServer } from './sandbox-server.js';

// Issue 36's journey in a real Chromium against a real server on its SQLite file: the owner of a
// team workspace (made with `svc workspaces create`: no other surface makes one) sets two review
// steps on the Approval rules page, invites an editor and a contributor from the Members page; both
// join through their links and land in the team workspace; the contributor asks for approval, the
// editor approves step 1 with a note, the owner step 2, and the post is scheduled; a client without
// an account rejects another post through a review link and it is back to draft. Every step is
// asserted on the page. Screenshots go to test-artifacts/team-journey (or SVC_SCREENS_DIR).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/team-journey');
const OWNER = 'ann@example.com';
const EDITOR = 'eddie@example.com';
const CONTRIBUTOR = 'cora@example.com';
const PASSWORD = 'a console password';
const TEAM = 'Bakery team';

describe('a team journey in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let owner: Page;
  let editor: Page;
  let contributor: Page;
  let teamId = '';
  let ownerKey = '';
  let accountId = '';
  let draftId = '';
  const violations: string[] = [];
  let step = 0;

  const person = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    return page;
  };
  const shot = (page: Page, name: string) => {
    step += 1;
    return page.screenshot({
      path: join(ARTIFACTS, `${String(step).padStart(2, '0')}-${name}.png`),
      fullPage: true,
    });
  };
  const status = (page: Page) => page.getByRole('status').first().textContent();
  const post = async (id: string) => (await server.call(`/api/v1/posts/${id}`, ownerKey)).body;

  /** The owner invites from the Members page; a new person opens the link and joins with a password. */
  const inviteAndJoin = async (email: string, role: string): Promise<Page> => {
    await owner.goto(`${server.url}/app/members`);
    await owner.getByLabel('E-mail address').fill(email);
    await owner.getByLabel('Role', { exact: true }).selectOption(role);
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => owner.locator('#invitation-link').count()).toBe(1);
    const link = (await owner.locator('#invitation-link').textContent()) ?? '';
    await shot(owner, `owner-invites-${role}`);
    const page = await person();
    await page.goto(link);
    await page.waitForURL(`${server.url}/invite`);
    expect(await page.locator('h1').textContent()).toBe(`Join ${TEAM}`);
    await page.getByLabel('Password (at least 10 characters)').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await shot(page, `${role}-sets-password`);
    await page.getByRole('button', { name: 'Create my account and join' }).click();
    await page.waitForURL(`${server.url}/app/workspaces/${teamId}/members?joined=1`);
    expect(await status(page)).toBe(`Welcome: you joined ${TEAM} as ${role}.`);
    // Accepting switched the console into the team workspace: the switcher shows it chosen.
    expect(await page.getByLabel('Workspace').inputValue()).toBe(teamId);
    await shot(page, `${role}-joined`);
    return page;
  };

  beforeAll(async () => {
    vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    expect((await server.cli(['users', 'create', '--email', OWNER, '--plan', 'paid'])).code).toBe(0);
    await server.setPassword(OWNER, PASSWORD);
    const made = await server.cli(['workspaces', 'create', '--email', OWNER, '--name', TEAM]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.json).toMatchObject({ name: TEAM, personal: false, role: 'owner' });
    teamId = made.json.id;
    ownerKey = (
      await server.cli(['keys', 'create', '--email', OWNER, '--workspace', teamId, '--scopes', '*'])
    ).json.key;
    browser = await launchChromium();
    // The team's account, connected through the sandbox platform's consent page with a team key.
    const connect = await server.call('/api/v1/connections', ownerKey, {
      method: 'POST',
      json: { platform: 'threads' },
    });
    expect(connect.status, JSON.stringify(connect.body)).toBe(200);
    const consent = await browser.newPage();
    await consent.goto(connect.body.connectUrl);
    await consent.getByLabel('Account handle').fill('bakery');
    await Promise.all([
      consent.waitForURL(/\/connect\/callback/),
      consent.getByRole('button', { name: 'Approve' }).click(),
    ]);
    await consent.close();
    const accounts = await server.call('/api/v1/connections', ownerKey);
    accountId = accounts.body.accounts[0].id;
    owner = await person();
    await owner.goto(`${server.url}/app/sign-in`);
    await owner.getByLabel('Email').fill(OWNER);
    await owner.getByLabel('Password').fill(PASSWORD);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.waitForURL(`${server.url}/app`);
  }, 120_000);
  afterAll(async () => {
    vi.resetConfig();
    await browser?.close();
    await server?.close();
  });

  it('the owner switches to the team workspace and sets two review steps', async () => {
    const switcher = owner.getByLabel('Workspace');
    expect(await switcher.locator('option').allTextContents()).toEqual([
      `${OWNER} (personal)`,
      `${TEAM} (owner)`,
    ]);
    await switcher.selectOption({ label: `${TEAM} (owner)` });
    await owner.getByRole('button', { name: 'Switch' }).click();
    await owner.waitForURL(`${server.url}/app`);
    expect(await owner.getByLabel('Workspace').inputValue()).toBe(teamId);
    await shot(owner, 'owner-in-team');
    await owner.goto(`${server.url}/app/approval-rules`);
    await owner.getByLabel('Step 1').selectOption('role:editor');
    await owner.getByLabel('Step 2').selectOption('role:admin');
    await owner.getByRole('button', { name: 'Save approval rules' }).click();
    await expect.poll(() => status(owner)).toContain('saved');
    expect(await owner.getByLabel('Step 1').inputValue()).toBe('role:editor');
    expect(await owner.getByLabel('Step 2').inputValue()).toBe('role:admin');
    await shot(owner, 'approval-rules');
    const policy = await server.call('/api/v1/approval-policy', ownerKey);
    expect(policy.body.steps).toEqual([{ role: 'editor' }, { role: 'admin' }]);
  }, 60_000);

  it('invites an editor and a contributor, who join through their links', async () => {
    editor = await inviteAndJoin(EDITOR, 'editor');
    contributor = await inviteAndJoin(CONTRIBUTOR, 'contributor');
    await owner.goto(`${server.url}/app/members`);
    const rows = await owner.locator('tr[data-member] td:first-child').allTextContents();
    expect(rows.toSorted()).toEqual([`${OWNER} (you)`, CONTRIBUTOR, EDITOR]);
    await shot(owner, 'owner-sees-members');
  }, 90_000);

  it('the contributor drafts a post in the team workspace and asks for approval', async () => {
    await contributor.goto(`${server.url}/app/compose`);
    await contributor.getByLabel('Caption').fill('Sourdough is back on Tuesday, fresh from 7 am.');
    await contributor.getByRole('checkbox', { name: /Threads @bakery/ }).check();
    await contributor.getByLabel(/^When/).fill('2031-05-13T09:30');
    // A contributor never schedules: the page offers only drafts and approval requests.
    expect(await contributor.getByRole('button', { name: 'Schedule' }).count()).toBe(0);
    await shot(contributor, 'contributor-composes');
    await contributor.getByRole('button', { name: 'Ask for approval', exact: true }).click();
    await contributor.waitForURL(/\/app\/posts\/[^/]+$/);
    await shot(contributor, 'contributor-asked');
    expect(await contributor.locator('main').textContent()).toContain('Awaiting review');
    for (const offer of ['Delete this post', 'Create a review link for a client'])
      expect(await contributor.getByRole('button', { name: offer }).count()).toBe(0);
    const waiting = await server.call('/api/v1/posts?status=pending_approval', ownerKey);
    expect(waiting.body.posts).toHaveLength(1);
    draftId = waiting.body.posts[0].id;
    expect(waiting.body.posts[0].profileIds ?? [accountId]).toEqual([accountId]);
  }, 60_000);

  it('the editor approves step 1 with a note; the owner approves step 2; the post is scheduled', async () => {
    await editor.goto(`${server.url}/app/approvals`);
    const card = editor.locator(`section[aria-labelledby="post-${draftId}"]`);
    expect(await card.textContent()).toContain('Sourdough is back on Tuesday');
    await card.getByLabel('Note for the author (optional)').fill('Lovely, add the price next time.');
    await shot(editor, 'editor-reviews');
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await editor.waitForURL(`${server.url}/app/approvals?done=step`);
    expect(await status(editor)).toBe('Your step is approved: the post now waits for the next review step.');
    // The editor decided the open step; step 2 is the owner's, so the editor is offered nothing more.
    expect(await card.getByRole('list', { name: 'Review steps' }).textContent()).toContain(
      'Lovely, add the price next time.',
    );
    expect(await card.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await shot(editor, 'editor-approved-step-1');
    expect((await post(draftId)).status).toBe('pending_approval');

    await owner.goto(`${server.url}/app/approvals`);
    const ownerCard = owner.locator(`section[aria-labelledby="post-${draftId}"]`);
    expect(await ownerCard.getByRole('list', { name: 'Review steps' }).textContent()).toContain(
      'Lovely, add the price next time.',
    );
    await shot(owner, 'owner-reviews-step-2');
    await ownerCard.getByRole('button', { name: 'Approve', exact: true }).click();
    await owner.waitForURL(`${server.url}/app/posts/${draftId}?done=approved`);
    expect(await status(owner)).toMatch(/approved/i);
    await shot(owner, 'owner-approved-step-2');
    expect((await post(draftId)).status).toBe('scheduled');
    expect(await owner.locator('main').textContent()).toContain('Scheduled');
  }, 60_000);

  it('a client rejects another post through a review link, and it is back to draft', async () => {
    const made = await server.call('/api/v1/posts', ownerKey, {
      method: 'POST',
      json: {
        platforms: ['threads'],
        caption: 'Our spring menu starts Friday: asparagus and rhubarb tart.',
        scheduledTime: '2031-05-16T12:00:00Z',
        profileIds: [accountId],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const menuId = made.body.postIds[0];
    await owner.goto(`${server.url}/app/posts/${menuId}`);
    await owner.getByRole('button', { name: 'Create a review link for a client' }).click();
    await expect.poll(() => owner.locator('p.secret').count()).toBe(1);
    const link = (await owner.locator('p.secret').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${server.url}/review/svc_rev_`));
    await shot(owner, 'owner-review-link');

    const client = await person();
    await client.goto(link);
    await client.waitForURL(`${server.url}/review`);
    const section = client.locator('section.review-post');
    expect(await section.count()).toBe(1);
    expect(await section.textContent()).toContain('Our spring menu starts Friday');
    await section.getByLabel('Note (what to change, if you reject)').fill('Not rhubarb, please: pears.');
    await section.getByLabel('Your name (optional)').fill('Cleo');
    await shot(client, 'client-reviews');
    await section.getByRole('button', { name: 'Reject' }).click();
    await client.waitForURL(`${server.url}/review?done=rejected`);
    expect(await status(client)).toBe('Rejected, with your note.');
    await shot(client, 'client-rejected');
    expect((await post(menuId)).status).toBe('draft');
    await owner.goto(`${server.url}/app/posts/${menuId}`);
    expect(await owner.locator('main').textContent()).toContain('Draft');
    expect(await owner.locator('main').textContent()).toContain('Rejected by Cleo through a review link');
    await shot(owner, 'post-back-to-draft');
    expect(violations).toEqual([]);
  }, 60_000);
});
