import { createWorkspace, OPERATOR, type Post, removeMember, type User } from '@svc/core';
import { anAccount, aPost } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

// The console's workspace switcher (docs/console.md): the session remembers the workspace chosen,
// every page then shows that workspace's work with the member's role, and a person removed from
// it is back in their personal workspace from their next request.
const PASSWORD = 'correct horse battery';

describe('the workspace switcher', () => {
  let app: ConsoleApp;
  let ann: User;
  let teamId: string;
  let browser: ConsoleClient;

  const seed = async (ownerId: string, caption: string) => {
    const account = await app.t.store.accounts.saveAccount(anAccount(ownerId, { platform: 'threads' }));
    const post: Post = aPost(ownerId, account.id, { platforms: ['threads'], media: [], caption });
    await app.t.store.posts.insertPosts({
      ownerId,
      at: app.t.clock.now(),
      posts: [post],
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
    });
  };
  const options = (text: string) =>
    [
      ...(/<form class="switcher"(.*?)<\/form>/s.exec(text)?.[1] ?? '').matchAll(
        /<option value="([^"]+)"( selected)?>([^<]+)<\/option>/g,
      ),
    ].map((m) => `${m[3]}${m[2] === undefined ? '' : ' *'}`);

  beforeEach(async () => {
    app = await startConsoleApp();
    ann = await app.user('ann@example.com');
    const bob = await app.user('bob@example.com');
    teamId = (await createWorkspace(app.t.deps, { ownerUserId: bob.id, name: 'Bakery team' }))._unsafeUnwrap()
      .workspace.id;
    const now = app.t.clock.now();
    await app.t.store.workspaces.insertMember({
      workspaceId: teamId,
      userId: ann.id,
      role: 'contributor',
      accountIds: null,
      createdAt: now,
      updatedAt: now,
    });
    await seed(ann.id, 'Ann’s own post');
    await seed(teamId, 'The bakery’s post');
    browser = app.client();
    await browser.signIn(ann.email, PASSWORD);
    // A page first, so that the client has the session's anti-forgery token.
    await browser.get('/app');
  });
  afterEach(() => app.close());

  it('lists the person’s workspaces, personal first and current, with their role', async () => {
    const page = await browser.get('/app/posts');
    expect(options(page.text)).toEqual(['ann@example.com (personal) *', 'Bakery team (contributor)']);
    expect(page.text).toContain('<form class="switcher" method="post" action="/app/workspace">');
    expect(page.text).toContain('Ann’s own post');
    expect(page.text).not.toContain('The bakery’s post');
  });

  it('switches: every page then shows the team workspace’s work, with the member’s role', async () => {
    const switched = await browser.post('/app/workspace', { workspace: teamId });
    expect([switched.status, switched.headers.get('location')]).toEqual([303, '/app']);
    const posts = await browser.get('/app/posts');
    expect(posts.text).toContain('The bakery’s post');
    expect(posts.text).not.toContain('Ann’s own post');
    expect(options(posts.text)).toEqual(['ann@example.com (personal)', 'Bakery team (contributor) *']);
    // A contributor may not manage the workspace's webhooks: core's role check answers.
    const webhooks = await browser.get('/app/webhooks');
    expect(webhooks.status).toBe(403);
    // Another browser of the same person keeps its own workspace.
    const other = app.client();
    await other.signIn(ann.email, PASSWORD);
    expect((await other.get('/app/posts')).text).toContain('Ann’s own post');
  });

  it('refuses a workspace the person is not a member of, and changes nothing', async () => {
    const stranger = await app.user();
    const refused = await browser.post('/app/workspace', { workspace: stranger.id });
    expect(refused.status).toBe(404);
    expect(refused.text).toContain('That is not one of your workspaces, so nothing changed.');
    expect((await browser.get('/app/posts')).text).toContain('Ann’s own post');
    const forged = await browser.post('/app/workspace', { workspace: teamId, _csrf: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
    expect((await browser.get('/app/posts')).text).toContain('Ann’s own post');
  });

  it('a member removed is back in their personal workspace at their next request, and told why', async () => {
    await browser.post('/app/workspace', { workspace: teamId });
    // The membership alone goes first, as a crash right after it would leave things: the
    // session is still bound to the team, and its next request acts in the personal workspace.
    await app.t.store.workspaces.removeMember(teamId, ann.id);
    const next = await browser.get('/app/posts');
    expect(next.status).toBe(200);
    expect(next.text).toContain('You are no longer a member of the workspace you were in.');
    expect(next.text).toContain('Ann’s own post');
    expect(next.text).not.toContain('The bakery’s post');
    // The session was moved back, so the next page says nothing more.
    expect((await browser.get('/app/posts')).text).not.toContain('You are no longer a member');
  });

  it('removing a member through core moves their sessions there back to their personal workspace', async () => {
    await browser.post('/app/workspace', { workspace: teamId });
    (await removeMember(app.t.deps, OPERATOR, { workspaceId: teamId, userId: ann.id }))._unsafeUnwrap();
    const [session] = await app.t.store.oauth.listByAccount('ConsoleSession', ann.id);
    expect(session?.payload.workspaceId).toBe(ann.id);
    const next = await browser.get('/app/posts');
    expect(next.text).toContain('Ann’s own post');
    expect(next.text).not.toContain('The bakery’s post');
  });
});
