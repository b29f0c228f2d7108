import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// An invitation in a real Chromium against a real server on its SQLite file (docs/teams.md,
// "Invitations"): the owner invites from the Members page (no SMTP here, so the link is shown
// once), a new person opens it, the token leaves the address bar for a /invite cookie, they choose
// a password and land in the workspace's member list; an existing person signs in first and
// accepts. Screenshots go to test-artifacts/invites (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/invites');
const OWNER = 'ann@example.com';
const PASSWORD = 'a console password';

describe('an invitation in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const violations: string[] = [];

  const person = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    return page;
  };
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(ARTIFACTS, `invite-${name}.png`), fullPage: true });
  const setPassword = async (email: string) => {
    await server.setPassword(email, PASSWORD);
  };
  const signIn = async (page: Page, email: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  let owner: Page;

  /** The owner invites from the Members page; answers the link shown once. */
  const invite = async (email: string, role: string): Promise<string> => {
    await owner.goto(`${server.url}/app/members`);
    await owner.getByLabel('E-mail address').fill(email);
    await owner.getByLabel('Role', { exact: true }).selectOption(role);
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => owner.locator('#invitation-link').count()).toBe(1);
    return (await owner.locator('#invitation-link').textContent()) ?? '';
  };

  beforeAll(async () => {
    vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    await seedUser(server, ['threads']);
    await setPassword(OWNER);
    browser = await launchChromium();
    owner = await person();
    await owner.goto(`${server.url}/app`);
    await signIn(owner, OWNER);
    await owner.waitForURL(/\/app(\?.*)?$/);
  }, 60_000);
  afterAll(async () => {
    vi.resetConfig();
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it('the owner invites from the Members page in the navigation; the link is shown once', async () => {
    await owner.getByRole('link', { name: 'Members' }).click();
    await owner.waitForURL(`${server.url}/app/members`);
    expect(await owner.locator('h1').textContent()).toBe('Members');
    const link = await invite('sam@example.com', 'editor');
    expect(link).toMatch(new RegExp(`^${server.url}/invite/svc_inv_`));
    expect(
      await owner.getByRole('heading', { name: 'Pass this link on to sam@example.com' }).isVisible(),
    ).toBe(true);
    await shot(owner, 'owner-link-shown-once');
    // Reloading is reading the page again (not posting the form twice): the link is gone.
    await owner.goto(`${server.url}/app/members`);
    expect(await owner.locator('#invitation-link').count()).toBe(0);
    expect(await owner.locator('tr[data-invitation]').textContent()).toContain('sam@example.com');
  }, 60_000);

  it('a new person opens the link, chooses a password, and lands in the member list', async () => {
    const link = await invite('sam2@example.com', 'contributor');
    const sam = await person();
    await sam.goto(link);
    await sam.waitForURL(`${server.url}/invite`);
    expect(sam.url()).not.toContain('svc_inv_');
    const [cookie] = await sam.context().cookies(`${server.url}/invite`);
    expect(cookie).toMatchObject({ name: 'svc_invite', path: '/invite', httpOnly: true, sameSite: 'Strict' });
    expect(await sam.locator('h1').textContent()).toBe(`Join ${OWNER}`);
    await shot(sam, 'new-person-sets-password');
    await sam.getByLabel('Password (at least 10 characters)').fill('sam’s new password');
    await sam.getByLabel('The same password again').fill('sam’s new password');
    await sam.getByRole('button', { name: 'Create my account and join' }).click();
    await sam.waitForURL(/\/app\/workspaces\/[^/]+\/members\?joined=1$/);
    expect(await sam.getByRole('status').textContent()).toBe(`Welcome: you joined ${OWNER} as contributor.`);
    const members = sam.locator('ul.members li');
    expect(await members.allTextContents()).toEqual([`${OWNER} owner`, 'sam2@example.com contributor, you']);
    const left = await sam.context().cookies(`${server.url}/invite`);
    expect(left.map((c) => c.name)).toEqual(['svc_console']);
    await shot(sam, 'new-person-joined');
    // The link worked once.
    await sam.goto(link);
    expect(await sam.getByRole('alert').textContent()).toContain('used already');
  }, 60_000);

  it('an existing person signs in from the invitation, accepts, and the owner sees them as a member', async () => {
    await server.cli(['users', 'create', '--email', 'bob@example.com', '--plan', 'paid']);
    await setPassword('bob@example.com');
    const link = await invite('bob@example.com', 'editor');
    const bob = await person();
    await bob.goto(link);
    await bob.waitForURL(`${server.url}/invite`);
    await bob.getByRole('link', { name: 'Sign in' }).click();
    await bob.waitForURL(/\/app\/sign-in\?next=%2Finvite$/);
    await signIn(bob, 'bob@example.com');
    await bob.waitForURL(`${server.url}/invite`);
    await shot(bob, 'existing-person-accepts');
    await bob.getByRole('button', { name: 'Accept and join' }).click();
    await bob.waitForURL(/\/app\/workspaces\/[^/]+\/members\?joined=1$/);
    expect(await bob.getByRole('status').textContent()).toBe(`Welcome: you joined ${OWNER} as editor.`);

    await owner.goto(`${server.url}/app/members`);
    const rows = await owner.locator('tr[data-member] td:first-child').allTextContents();
    expect(rows.toSorted()).toEqual([`${OWNER} (you)`, 'bob@example.com', 'sam2@example.com']);
    // Sam's invitation was never accepted: it is still open; Bob's and Sam2's are gone.
    expect(await owner.locator('tr[data-invitation]').allTextContents()).toEqual([
      expect.stringContaining('sam@example.com'),
    ]);
    await shot(owner, 'owner-sees-members');
    expect(violations).toEqual([]);
  }, 60_000);
});
