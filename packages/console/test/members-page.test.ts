import { type Actor, addMember, type Role, type User } from '@svc/core';
import { hashPassword } from '@svc/core/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SignedContext } from '../src/console-context.js';
import { memberRoutes } from '../src/pages/members-page.js';
import { timeFormat } from '../src/time-format.js';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

// The Members page and the invitation pages over HTTP, as a browser without JavaScript would use
// them (docs/teams.md, "Members" and "Invitations"; docs/console.md).

const PASSWORD = 'correct horse battery';

describe('the Members page and invitations in the console', () => {
  let app: ConsoleApp;
  let owner: User;
  let owners: ConsoleClient;

  /** A member of the owner's workspace with this role, signed in. */
  const memberSignedIn = async (email: string, role: string): Promise<ConsoleClient> => {
    const added = (
      await addMember(app.t.deps, { ownerEmail: owner.email, email, role, accountIds: null })
    )._unsafeUnwrap();
    await app.t.store.users.setPasswordHash(
      added.member.userId,
      await hashPassword(PASSWORD),
      app.t.clock.now(),
    );
    const client = app.client();
    await client.signIn(email, PASSWORD);
    return client;
  };

  /** The owner invites `email` from the Members page; answers the page and the accept path shown once. */
  const invite = async (email: string, role = 'editor') => {
    await owners.get('/app/members');
    const page = await owners.post('/app/members/invite', { email, role });
    const link = /<p class="secret" id="invitation-link">([^<]+)<\/p>/.exec(page.text)?.[1];
    return { page, path: link === undefined ? null : new URL(link).pathname };
  };

  beforeEach(async () => {
    app = await startConsoleApp();
    owner = await app.user('owner@example.com', PASSWORD);
    owners = app.client();
    await owners.signIn(owner.email, PASSWORD);
  });
  afterEach(() => app.close());

  it('lists the members in the navigation’s Members page, and an owner manages them', async () => {
    await memberSignedIn('ed@example.com', 'editor');
    const page = await owners.get('/app/members');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<a href="/app/members" aria-current="page">Members</a>');
    expect(page.text).toContain('owner@example.com <span class="muted">(you)</span>');
    expect(page.text).toMatch(/ed@example.com<\/td>\s*<td data-label="Role"><form/);
    expect(page.text).toContain('Invite a person');
    const ed = await app.t.store.users.getUserByEmail('ed@example.com');
    const changed = await owners.post(`/app/members/${ed?.id}/role`, { role: 'viewer' });
    expect(changed).toMatchObject({ status: 303 });
    expect((await app.t.store.workspaces.getMember(owner.id, ed?.id ?? ''))?.role).toBe('viewer');
    // Removing asks first, then removes.
    const ask = await owners.get(`/app/members/${ed?.id}/remove`);
    expect(ask.text).toContain('Remove ed@example.com?');
    expect((await owners.post(`/app/members/${ed?.id}/remove`, {})).status).toBe(303);
    expect(await app.t.store.workspaces.getMember(owner.id, ed?.id ?? '')).toBeNull();
    // The only owner cannot make themself less: core refuses, the page says why.
    const last = await owners.post(`/app/members/${owner.id}/role`, { role: 'admin' });
    expect(last.status).toBe(409);
    expect(last.text).toContain('role="alert"');
  });

  it('shows viewers and contributors the list read-only, and core refuses their forms', async () => {
    const viewer = await memberSignedIn('vi@example.com', 'viewer');
    const contributor = await memberSignedIn('co@example.com', 'contributor');
    const cy = await app.t.store.users.getUserByEmail('co@example.com');
    // Their console acts in their personal workspace until the switcher chooses another: the
    // owner's members are read through the joined-workspace page.
    const seen = await viewer.get(`/app/workspaces/${owner.id}/members`);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('owner@example.com');
    expect(seen.text).toContain('co@example.com');
    expect(seen.text).not.toContain('<form method="post" action="/app/members/invite"');
    // In a workspace where they are no member, nothing is shown.
    const outsider = app.client();
    const stranger = await app.user('stranger@example.com', PASSWORD);
    await outsider.signIn(stranger.email, PASSWORD);
    expect((await outsider.get(`/app/workspaces/${owner.id}/members`)).status).toBe(404);
    // Posting to the owner's workspace from their own console reaches only their own workspace.
    await contributor.get('/app/members');
    const refused = await contributor.post(`/app/members/${owner.id}/remove`, {});
    expect(refused.status).toBe(404);
    expect(await app.t.store.workspaces.getMember(owner.id, cy?.id ?? '')).not.toBeNull();
  });

  it('invites a new person: the link shown once, its token moved to a strict cookie, a password chosen, joined', async () => {
    const { page, path } = await invite('Sam@Example.com', 'contributor');
    expect(page.status).toBe(201);
    expect(page.text).toContain('Pass this link on to sam@example.com');
    expect(path).toMatch(/^\/invite\/svc_inv_/);
    // Listed as open, never with its token; the page after a reload shows the link no more.
    const reloaded = await owners.get('/app/members');
    expect(reloaded.text).toContain('Open invitations');
    expect(reloaded.text).toMatch(/<td>sam@example.com<\/td><td data-label="Role">contributor/);
    expect(reloaded.text).not.toContain('svc_inv_');

    const sam = app.client();
    const opened = await sam.get(path as string);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('set-cookie')).toMatch(
      /^svc_invite=svc_inv_[^;]+; Path=\/invite; HttpOnly; SameSite=Strict; Max-Age=3600$/,
    );
    expect(opened.text).toContain('url=/invite');
    const invitation = await sam.get('/invite');
    expect(invitation.text).toContain('sam@example.com has no account here yet');
    expect(invitation.text).toContain('owner@example.com invited <strong>sam@example.com</strong>');
    // Another site's form is refused before anything is read.
    const forged = await sam.post(
      '/invite/join',
      { password: PASSWORD, confirm: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(forged.status).toBe(403);
    const differ = await sam.post('/invite/join', { password: PASSWORD, confirm: 'something else!' });
    expect(differ.status).toBe(400);
    const short = await sam.post('/invite/join', { password: 'short', confirm: 'short' });
    expect(short.text).toContain('at least 10 characters');
    expect(await app.t.store.users.getUserByEmail('sam@example.com')).toBeNull();

    const joined = await sam.post('/invite/join', { password: PASSWORD, confirm: PASSWORD });
    expect(joined.status).toBe(303);
    expect(joined.headers.get('location')).toBe(`/app/workspaces/${owner.id}/members?joined=1`);
    expect(joined.headers.getSetCookie().some((c) => c.startsWith('svc_invite=; Path=/invite'))).toBe(true);
    const landing = await sam.get(`/app/workspaces/${owner.id}/members?joined=1`);
    expect(landing.status).toBe(200);
    expect(landing.text).toContain(`Welcome: you joined ${owner.email} as contributor.`);
    expect(landing.text).toContain('sam@example.com <span class="muted">contributor, you</span>');
    // Single use: the link now says so.
    const again = await app.client().get(path as string);
    expect(again.status).toBe(409);
    expect(again.text).toContain('used already');
  });

  it('an existing person signs in, then accepts; the wrong person is told; withdrawn links stop', async () => {
    const bob = await app.user('bob@example.com', PASSWORD);
    const { path } = await invite('bob@example.com');
    const browser = app.client();
    await browser.get(path as string);
    const asks = await browser.get('/invite');
    expect(asks.text).toContain('href="/app/sign-in?next=%2Finvite"');
    // Signed in as someone else: the page says whose invitation it is, and nothing is accepted.
    await app.user('eve@example.com', PASSWORD);
    await browser.signIn('eve@example.com', PASSWORD);
    const wrong = await browser.get('/invite');
    expect(wrong.text).toContain('this invitation is for bob@example.com');
    const refused = await browser.post('/invite/accept', {});
    expect(refused.status).toBe(404);
    expect(await app.t.store.workspaces.getMember(owner.id, bob.id)).toBeNull();
    // Signing in comes back to the invitation, and accepting joins.
    const signedIn = await browser.post('/app/sign-in', {
      email: bob.email,
      password: PASSWORD,
      next: '/invite',
    });
    expect(signedIn.headers.get('location')).toBe('/invite');
    const accept = await browser.get('/invite');
    expect(accept.text).toContain('Accept and join');
    const accepted = await browser.post('/invite/accept', {});
    expect(accepted.headers.get('location')).toBe(`/app/workspaces/${owner.id}/members?joined=1`);
    expect((await app.t.store.workspaces.getMember(owner.id, bob.id))?.role).toBe('editor');

    // A withdrawn invitation's link stops at once.
    const { path: other } = await invite('cleo@example.com');
    const open = (await owners.get('/app/members')).text;
    const id = /data-invitation="(inv_[^"]+)"/.exec(open)?.[1];
    expect((await owners.get(`/app/invitations/${id}/withdraw`)).text).toContain(
      'Withdraw the invitation of cleo@example.com?',
    );
    expect((await owners.post(`/app/invitations/${id}/withdraw`, {})).headers.get('location')).toBe(
      '/app/members?done=withdrawn',
    );
    const gone = await app.client().get(other as string);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('No such invitation');
    expect((await app.client().get('/invite')).status).toBe(401);
  });

  it('acts in the console actor’s workspace: a member there sees it read-only unless core lets them manage', async () => {
    // The console's actor will act in a chosen workspace (the switcher); the page reads it from
    // the actor through core, whatever it is. Rendered here with such an actor, by role.
    await memberSignedIn('ed@example.com', 'editor');
    const show = memberRoutes.find((r) => r.method === 'GET' && r.path === '/app/members');
    const render = async (email: string, role: Role) => {
      const user = (await app.t.store.users.getUserByEmail(email)) as User;
      // Core reads the membership again: the stored role is the actor's.
      await app.t.store.workspaces.updateMember(
        owner.id,
        user.id,
        { role, accountIds: null },
        app.t.clock.now(),
      );
      const actor: Actor = {
        user,
        credentialId: 'console:test',
        scopes: ['*'],
        accountIds: null,
        workspaceId: owner.id,
        member: { workspaceId: owner.id, role, accountIds: null },
        planHolder: owner,
      };
      const context = {
        deps: { core: app.t.deps, baseUrl: app.url },
        url: new URL(`${app.url}/app/members`),
        params: {},
        form: new URLSearchParams(),
        token: null,
        session: {
          user,
          csrf: 'csrf',
          id: 'session',
          workspaceId: owner.id,
          workspaces: [],
          leftWorkspace: false,
        },
        actor,
        time: timeFormat('UTC'),
      } as unknown as SignedContext;
      return String((await show?.run(context))?.body);
    };
    for (const role of ['viewer', 'contributor', 'editor'] as const) {
      const page = await render('ed@example.com', role);
      expect(page).toContain(`Workspace <strong>${owner.email}</strong>`);
      expect(page).toContain('Only admins and owners invite, change or remove members.');
      expect(page).not.toContain('action="/app/members/invite"');
      expect(page).not.toContain('/remove"');
    }
    const admin = await render('ed@example.com', 'admin');
    expect(admin).toContain('action="/app/members/invite"');
    // An admin is offered no owner role, and no form on the owner's row.
    expect(admin).not.toContain('<option value="owner"');
    expect(admin).not.toContain(`action="/app/members/${owner.id}/role"`);
  });
});
