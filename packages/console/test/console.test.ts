import { authenticateApiKey, automationEvent, createDraft, listApiKeys, requestApproval } from '@svc/core';
import {
  aMediaAsset,
  anAccount,
  anAutomation,
  aPost,
  createRecordingPlatformGateway,
  seedMediaAsset,
  seedPublishedPosts,
} from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, ownerOf, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

describe('the console', () => {
  let app: ConsoleApp;
  beforeEach(async () => {
    app = await startConsoleApp();
  });
  afterEach(() => app.close());

  it('sends a signed-out person to sign in, then back where they were going', async () => {
    const user = await app.user();
    const browser = app.client();
    const first = await browser.get('/app/keys');
    expect([first.status, first.headers.get('location')]).toEqual([303, '/app/sign-in?next=%2Fapp%2Fkeys']);
    const form = await browser.get('/app/sign-in?next=%2Fapp%2Fkeys');
    expect(form.text).toContain('name="next" value="/app/keys"');
    const wrong = await browser.post('/app/sign-in', {
      email: user.email,
      password: 'not it at all',
      next: '/app/keys',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('The email or password is not right.');
    const signedIn = await browser.post('/app/sign-in', {
      email: user.email.toUpperCase(),
      password: PASSWORD,
      next: '/app/keys',
    });
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, '/app/keys']);
    // The whole site (the sandbox's pages read it), and the cookie of earlier versions removed.
    expect(signedIn.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^svc_console=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/),
      'svc_console=; Path=/app; HttpOnly; SameSite=Lax; Max-Age=0',
    ]);
    const page = await browser.get('/app/keys');
    expect(page.status).toBe(200);
    expect(page.text).toContain(user.email);
    // Sessions are stored hashed: the cookie's token is nowhere in the store.
    const token = browser.cookie()?.split('=')[1] ?? '';
    expect(await app.t.store.oauth.find('ConsoleSession', token)).toBeNull();
  });

  it('never sends anyone to another site after signing in', async () => {
    const user = await app.user();
    for (const next of ['https://evil.example/', '//evil.example/app', '/app/../../x', '/elsewhere']) {
      const signedIn = await app
        .client()
        .post('/app/sign-in', { email: user.email, password: PASSWORD, next });
      expect(signedIn.headers.get('location'), next).toBe('/app');
    }
  });

  it('answers every page with a strict Content-Security-Policy and no framing', async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    for (const path of [
      '/app',
      '/app/posts',
      '/app/approvals',
      '/app/keys',
      '/app/account',
      '/app/sign-in',
      '/app/nowhere',
    ]) {
      const page = await browser.get(path);
      expect(page.headers.get('content-security-policy'), path).toContain("default-src 'none'");
      expect(page.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.text, path).not.toMatch(/<script>|style="/);
    }
  });

  it('refuses a change without the anti-forgery token, or from another site, and changes nothing', async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    await browser.get('/app/keys');
    const forged = await browser.post('/app/keys', { _csrf: 'guessed', scope: '*' });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('This form has expired');
    const crossSite = await browser.post('/app/keys', { scope: '*' }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await listApiKeys(app.t.deps, user.email))._unsafeUnwrap()).toEqual([]);
  });

  it('ends a session after 12 idle hours and refuses its forms', async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    await browser.get('/app/keys');
    app.t.clock.advance(11 * 3_600_000);
    expect((await browser.get('/app/keys')).status).toBe(200);
    app.t.clock.advance(12 * 3_600_000 + 1);
    expect((await browser.get('/app/keys')).status).toBe(303);
    const late = await browser.post('/app/keys', { scope: '*' });
    expect(late.status).toBe(401);
    expect(late.text).toContain('Your session has ended, so nothing was changed.');
    expect((await listApiKeys(app.t.deps, user.email))._unsafeUnwrap()).toEqual([]);
  });

  it('signs out for good', async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    await browser.get('/app');
    const stolen = browser.cookie();
    const out = await browser.post('/app/sign-out', {});
    expect([out.status, out.headers.get('location')]).toEqual([303, '/app/sign-in']);
    const replay = await fetch(`${app.url}/app`, { headers: { cookie: stolen ?? '' }, redirect: 'manual' });
    expect(replay.status).toBe(303);
  });

  it("changing the password signs out the person's other browsers and keeps this one and the agents", async () => {
    const user = await app.user();
    const other = await app.user();
    const [here, elsewhere, someoneElse] = [app.client(), app.client(), app.client()];
    for (const [browser, email] of [
      [here, user.email],
      [elsewhere, user.email],
      [someoneElse, other.email],
    ] as const)
      await browser.signIn(email, PASSWORD);
    const later = new Date(app.t.clock.now().getTime() + 86_400_000);
    await app.t.store.oauth.upsert('Session', 'oauth_session', { uid: 'u1', accountId: user.id }, later);
    await app.t.store.oauth.upsert(
      'Grant',
      'grant_bot',
      { accountId: user.id, clientId: 'client_bot' },
      later,
    );
    await app.t.store.oauth.upsert(
      'AccessToken',
      'token_bot',
      { grantId: 'grant_bot', accountId: user.id },
      later,
    );
    await here.get('/app/account');
    const wrong = await here.post('/app/account/password', {
      current: 'not it at all',
      password: 'a brand new secret',
      confirm: 'a brand new secret',
    });
    expect(wrong.status).toBe(400);
    expect((await elsewhere.get('/app/account')).status).toBe(200);
    const changed = await here.post('/app/account/password', {
      current: PASSWORD,
      password: 'a brand new secret',
      confirm: 'a brand new secret',
    });
    expect(changed.headers.get('location')).toBe('/app/account?done=password');
    expect((await here.get('/app/account?done=password')).text).toContain('Your password was changed.');
    expect((await elsewhere.get('/app/account')).status).toBe(303);
    expect((await someoneElse.get('/app/account')).status).toBe(200);
    // The OAuth sign-in page's session ends too; the agent the person approved keeps its token.
    expect(await app.t.store.oauth.find('Session', 'oauth_session')).toBeNull();
    expect(await app.t.store.oauth.find('AccessToken', 'token_bot')).not.toBeNull();
    expect(await app.t.store.oauth.find('Grant', 'grant_bot')).not.toBeNull();
    expect((await elsewhere.signIn(user.email, PASSWORD)).status).toBe(401);
    expect((await elsewhere.signIn(user.email, 'a brand new secret')).status).toBe(303);
  });

  it('creates a key shown once, lists it without the secret, and revokes it', async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    await browser.get('/app/keys');
    const created = await browser.post('/app/keys', { name: 'n8n', scope: ['post:read', 'post:write'] });
    expect(created.status).toBe(201);
    const key = /svc_key_[A-Za-z0-9]+\.[A-Za-z0-9_-]{43}/.exec(created.text)?.[0] ?? '';
    expect(key).not.toBe('');
    const listed = await browser.get('/app/keys');
    expect(listed.text).toContain('n8n');
    expect(listed.text).not.toContain(key.split('.')[1]);
    const [record] = (await listApiKeys(app.t.deps, user.email))._unsafeUnwrap();
    expect(record?.scopes).toEqual(['post:read', 'post:write']);
    const revoked = await browser.post(`/app/keys/${record?.id}/revoke`, {});
    expect([revoked.status, revoked.headers.get('location')]).toEqual([303, '/app/keys?done=revoked']);
    expect((await listApiKeys(app.t.deps, user.email))._unsafeUnwrap()[0]?.revokedAt).not.toBeNull();
    const noScope = await browser.post('/app/keys', { name: 'empty' });
    expect(noScope.status).toBe(400);
    expect(noScope.text).toContain('role="alert"');
  });

  it("shows a key's last use, written at most once a minute", async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    await browser.get('/app/keys');
    const created = await browser.post('/app/keys', { name: 'n8n', scope: 'post:read' });
    const key = /svc_key_[A-Za-z0-9]+\.[A-Za-z0-9_-]{43}/.exec(created.text)?.[0] ?? '';
    const page = await browser.get('/app/keys');
    expect(page.text).toContain('<th scope="col">Last used</th>');
    expect(page.text).toMatch(/data-label="Last used"><span class="muted">never<\/span>/);
    // What REST runs on every request with the key.
    const used = app.t.clock.now();
    expect((await authenticateApiKey(app.t.deps, `Bearer ${key}`)).isOk()).toBe(true);
    const lastUse = async () => (await listApiKeys(app.t.deps, user.email))._unsafeUnwrap()[0]?.lastUsedAt;
    expect(await lastUse()).toEqual(used);
    expect((await browser.get('/app/keys')).text).toContain(
      `data-label="Last used"><time datetime="${used.toISOString()}"`,
    );
    app.t.clock.advance(30_000);
    await authenticateApiKey(app.t.deps, `Bearer ${key}`);
    expect(await lastUse()).toEqual(used);
    app.t.clock.advance(31_000);
    await authenticateApiKey(app.t.deps, `Bearer ${key}`);
    expect(await lastUse()).toEqual(app.t.clock.now());
  });

  it("cannot revoke another person's key", async () => {
    const owner = await app.user();
    const other = await app.user();
    const ownerBrowser = app.client();
    await ownerBrowser.signIn(owner.email, PASSWORD);
    await ownerBrowser.get('/app/keys');
    await ownerBrowser.post('/app/keys', { scope: '*' });
    const [key] = (await listApiKeys(app.t.deps, owner.email))._unsafeUnwrap();
    const intruder = app.client();
    await intruder.signIn(other.email, PASSWORD);
    await intruder.get('/app/keys');
    expect((await intruder.post(`/app/keys/${key?.id}/revoke`, {})).status).toBe(404);
    expect((await listApiKeys(app.t.deps, owner.email))._unsafeUnwrap()[0]?.revokedAt).toBeNull();
  });

  it('approves or rejects an approval request from the Approvals page', async () => {
    const user = await app.user();
    const actor = ownerOf(user);
    const threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'studio' }),
    );
    const draft = (
      await createDraft(app.t.deps, actor, {
        caption: 'Spring sale',
        name: 'Spring',
        profileIds: [threads.id],
      })
    )._unsafeUnwrap();
    (await requestApproval(app.t.deps, actor, { postId: draft.id, note: 'for Monday' }))._unsafeUnwrap();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/approvals');
    expect(page.text).toContain('Spring sale');
    expect(page.text).toContain('for Monday');
    const rejected = await browser.post(`/app/approvals/${draft.id}`, {
      decision: 'reject',
      note: 'Add a photo',
    });
    expect([rejected.status, rejected.headers.get('location')]).toEqual([
      303,
      `/app/posts/${draft.id}?done=rejected`,
    ]);
    const post = await browser.get(`/app/posts/${draft.id}?done=rejected`);
    expect(post.text).toContain('Rejected: the post is back to draft');
    expect((await app.t.store.posts.getPost(draft.id))?.status).toBe('draft');

    const again = await requestApproval(app.t.deps, actor, { postId: draft.id });
    if (again.isErr()) throw new Error(JSON.stringify(again.error));
    await browser.get('/app/approvals');
    const approved = await browser.post(`/app/approvals/${draft.id}`, { decision: 'approve' });
    expect(approved.headers.get('location')).toBe(`/app/posts/${draft.id}?done=approved`);
    expect((await app.t.store.posts.getPost(draft.id))?.status).toBe('scheduled');
    const history = (await browser.get(`/app/posts/${draft.id}`)).text;
    expect(history).toMatch(
      /Review requested[\s\S]*Rejected[\s\S]*Review requested[\s\S]*Approved[\s\S]*Scheduled/,
    );
    expect((await browser.get('/app/approvals')).text).toContain('No post waits for your review.');
  });

  it('shows a queued draft as going to the next free slot, and approves drafts into the queue', async () => {
    const user = await app.user();
    const actor = ownerOf(user);
    const threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'bakery' }),
    );
    const schedule = { timeZone: 'UTC', slots: [{ day: 'mon' as const, time: '09:00' }] };
    await app.t.store.postingSlots.replacePostingSchedule(threads.id, schedule, app.t.clock.now());
    const save = async (input: { queue?: boolean; scheduledTime?: string }, caption: string) => {
      const draft = (
        await createDraft(app.t.deps, actor, { caption, profileIds: [threads.id], ...input })
      )._unsafeUnwrap();
      (await requestApproval(app.t.deps, actor, { postId: draft.id }))._unsafeUnwrap();
      return draft;
    };
    const queued = await save({ queue: true }, 'Queued loaf');
    const timed = await save({ scheduledTime: '2026-06-01T10:00:00Z' }, 'Timed loaf');
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = (await browser.get('/app/approvals')).text;
    const card = (id: string) =>
      page.slice(page.indexOf(`post-${id}`), page.indexOf('</section>', page.indexOf(`post-${id}`)));
    expect(card(queued.id)).toContain('next free slot when approved');
    expect(card(queued.id)).toContain('>Approve into the queue</button>');
    expect(card(queued.id)).not.toContain('value="queue"');
    expect(card(timed.id)).toContain('scheduled ');
    expect(card(timed.id)).toContain('value="queue"');
    expect((await browser.get(`/app/posts/${queued.id}`)).text).toContain(
      'the next free slot, when approved',
    );

    // Slots removed meanwhile: refused, the draft still waits.
    await app.t.store.postingSlots.replacePostingSchedule(
      threads.id,
      { ...schedule, slots: [] },
      app.t.clock.now(),
    );
    const refused = await browser.post(`/app/approvals/${queued.id}`, { decision: 'approve' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('no posting slots');
    expect((await app.t.store.posts.getPost(queued.id))?.status).toBe('pending_approval');

    await app.t.store.postingSlots.replacePostingSchedule(threads.id, schedule, app.t.clock.now());
    await browser.get('/app/approvals');
    const approved = await browser.post(`/app/approvals/${queued.id}`, { decision: 'approve' });
    expect(approved.headers.get('location')).toBe(`/app/posts/${queued.id}?done=approved`);
    // The test clock's Thursday 2026-01-15: the next Monday 09:00, then the one after.
    expect((await app.t.store.posts.getPost(queued.id))?.scheduledTime).toEqual(
      new Date('2026-01-19T09:00:00.000Z'),
    );
    await browser.get('/app/approvals');
    await browser.post(`/app/approvals/${timed.id}`, { decision: 'queue' });
    expect((await app.t.store.posts.getPost(timed.id))?.scheduledTime).toEqual(
      new Date('2026-01-26T09:00:00.000Z'),
    );
  });

  it("refuses to decide another person's approval request, revealing nothing", async () => {
    const owner = await app.user();
    const actor = ownerOf(owner);
    const threads = await app.t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    const draft = (
      await createDraft(app.t.deps, actor, { caption: 'Mine', profileIds: [threads.id] })
    )._unsafeUnwrap();
    (await requestApproval(app.t.deps, actor, { postId: draft.id }))._unsafeUnwrap();
    const other = await app.user();
    const browser = app.client();
    await browser.signIn(other.email, PASSWORD);
    await browser.get('/app/approvals');
    const refused = await browser.post(`/app/approvals/${draft.id}`, { decision: 'approve' });
    expect(refused.status).toBe(404);
    expect(refused.text).toContain(`Post ${draft.id} not found.`);
    expect((await app.t.store.posts.getPost(draft.id))?.status).toBe('pending_approval');
    expect((await browser.get(`/app/posts/${draft.id}`)).status).toBe(404);
  });

  it('lists connections, flags one to reconnect, and starts a connection at its connect link', async () => {
    await app.close();
    app = await startConsoleApp({ platforms: { instagram: createRecordingPlatformGateway('instagram') } });
    const user = await app.user();
    await app.t.store.accounts.saveAccount(anAccount(user.id, { handle: 'fine_shop' }));
    await app.t.store.accounts.saveAccount(
      anAccount(user.id, { handle: 'stale_shop', needsReconnect: true }),
    );
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/connections');
    expect(page.text).toContain('@fine_shop');
    expect(page.text).toContain('Needs reconnecting');
    expect(page.text.match(/>Reconnect</g)).toHaveLength(1);
    const started = await browser.post('/app/connections', { platform: 'instagram' });
    expect(started.status).toBe(303);
    const requestId =
      /^\/connect\/(conn_\w+)\?from=console$/.exec(started.headers.get('location') ?? '')?.[1] ?? '';
    expect((await app.t.store.connectionRequests.getConnectionRequest(requestId))?.ownerId).toBe(user.id);
    const unavailable = await browser.post('/app/connections', { platform: 'tiktok' });
    expect(unavailable.status).toBe(409);
  });

  it('shows the billing summary', async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/billing');
    expect(page.text).toContain('none recorded');
    expect(page.text).toContain('No billing event yet.');
  });

  it('pauses, resumes, exports and deletes an automation', async () => {
    await app.close();
    app = await startConsoleApp({ platforms: { instagram: createRecordingPlatformGateway('instagram') } });
    const user = await app.user();
    const account = await app.t.store.accounts.saveAccount(
      anAccount(user.id, {
        sealedCredentials: app.t.deps.secretBox.seal(JSON.stringify({ accessToken: 'a' })),
      }),
    );
    const automation = anAutomation(user.id, account.id);
    await app.t.store.automations.createAutomation(automation, [
      automationEvent('automation.created', automation, app.t.clock.now()),
    ]);
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/automations');
    expect(page.text).toContain('Price in DM');
    expect(page.text).toContain('0 matched');
    await browser.post(`/app/automations/${automation.id}/pause`, {});
    expect((await app.t.store.automations.getAutomation(automation.id))?.state).toBe('paused');
    await browser.get('/app/automations');
    await browser.post(`/app/automations/${automation.id}/resume`, {});
    expect((await app.t.store.automations.getAutomation(automation.id))?.state).toBe('live');
    const file = await browser.get(`/app/automations/${automation.id}/template`);
    expect(file.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(file.text)).toMatchObject({ svcTemplate: 1, name: 'Price in DM', keyword: 'price' });
    await browser.get('/app/automations');
    const removed = await browser.post(`/app/automations/${automation.id}/delete`, {});
    expect(removed.headers.get('location')).toBe('/app/automations?done=deleted');
    expect(await app.t.store.automations.getAutomation(automation.id)).toBeNull();
  });

  it("lists deleted posts with the days left, and restores only the person's own", async () => {
    const user = await app.user();
    const threads = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    const draft = (
      await createDraft(app.t.deps, ownerOf(user), { caption: 'Bring me back', profileIds: [threads.id] })
    )._unsafeUnwrap();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    await browser.get(`/app/posts/${draft.id}`);
    await browser.post(`/app/posts/${draft.id}/delete`, {});
    app.t.clock.advance(3 * 86_400_000);
    await browser.signIn(user.email, PASSWORD); // three days on, the session had ended
    const page = await browser.get('/app/deleted');
    expect(page.text).toContain('Bring me back');
    expect(page.text).toContain('27 day(s)');
    const other = await app.user();
    const intruder = app.client();
    await intruder.signIn(other.email, PASSWORD);
    expect((await intruder.get('/app/deleted')).text).not.toContain('Bring me back');
    expect((await intruder.post(`/app/deleted/${draft.id}/restore`, {})).status).toBe(404);
    const restored = await browser.post(`/app/deleted/${draft.id}/restore`, {});
    expect(restored.headers.get('location')).toBe(`/app/posts/${draft.id}?done=restored`);
    expect((await app.t.store.posts.getPost(draft.id))?.deletedAt).toBeNull();
    expect((await browser.get('/app/deleted')).text).toContain('No deleted post can be restored.');
  });

  it('lists the media library with where each file is used, and deletes only unused files', async () => {
    const user = await app.user();
    const threads = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    const used = await seedMediaAsset(app.t.store.media, aMediaAsset(user.id, { contentType: 'image/jpeg' }));
    const spare = await seedMediaAsset(app.t.store.media, aMediaAsset(user.id, { contentType: 'video/mp4' }));
    const draft = (
      await createDraft(app.t.deps, ownerOf(user), {
        caption: 'With a photo',
        profileIds: [threads.id],
        mediaIds: [used.id],
      })
    )._unsafeUnwrap();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/media');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`/app/posts/${draft.id}`);
    expect(page.text).toContain('Not used');
    const refused = await browser.post(`/app/media/${used.id}/delete`, {});
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Back to the media library');
    const other = await app.user();
    const intruder = app.client();
    await intruder.signIn(other.email, PASSWORD);
    expect((await intruder.get('/app/media')).text).toContain('The library is empty.');
    expect((await intruder.post(`/app/media/${spare.id}/delete`, {})).status).toBe(404);
    const deleted = await browser.post(`/app/media/${spare.id}/delete`, {});
    expect(deleted.headers.get('location')).toBe('/app/media?done=deleted');
    expect(await app.t.store.media.getMediaAsset(spare.id)).toBeNull();
    expect((await browser.get('/app/media?done=deleted')).text).toContain(
      'The file was deleted from the library.',
    );
  });

  it('shows analytics for the chosen window', async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/analytics?days=90');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<option value="90" selected>');
    expect(page.text).toContain('Nothing was published in this window.');
  });

  it('charts views and engagement per day and platform, with a legend and the numbers as a table', async () => {
    const user = await app.user();
    const instagram = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'instagram' }));
    const tiktok = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'tiktok' }));
    // The test clock reads 2026-01-15T12:00Z: a 7-day window is 9 to 15 January.
    await seedPublishedPosts(app.t.store, app.t.clock.now(), [
      {
        post: aPost(user.id, instagram.id, { id: 'post_an1', platforms: ['instagram'] }),
        publishedAt: new Date('2026-01-10T09:00:00Z'),
        metrics: { views: 1200, likes: 80, comments: 4 },
      },
      {
        post: aPost(user.id, tiktok.id, { id: 'post_an2', platforms: ['tiktok'] }),
        publishedAt: new Date('2026-01-14T18:00:00Z'),
        metrics: { views: 5000, likes: 300, shares: 20 },
      },
    ]);
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/analytics?days=7');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/\sstyle=/);
    expect(page.text).toContain('aria-label="Views per day and platform, 9 Jan to 15 Jan;');
    expect(page.text).toContain('Engagement per day, by publishing day');
    expect(page.text.match(/<polyline [^>]*class="series series-instagram"/g)).toHaveLength(2);
    expect(page.text.match(/<polyline [^>]*class="series series-tiktok"/g)).toHaveLength(2);
    expect(page.text).toMatch(/<ul class="legend"[^>]*><li>.*?Instagram<\/li><li>.*?TikTok<\/li><\/ul>/);
    // The tables: one row per day, zeros where nothing was published.
    expect(page.text).toContain('<summary>Views per day as a table</summary>');
    expect(page.text).toContain(
      '<th scope="col">Day</th><th scope="col">Instagram</th><th scope="col">TikTok</th>',
    );
    expect(page.text).toContain('<tr><th scope="row">2026-01-09</th><td>0</td><td>0</td></tr>');
    expect(page.text).toContain('<tr><th scope="row">2026-01-10</th><td>1200</td><td>0</td></tr>');
    expect(page.text).toContain('<tr><th scope="row">2026-01-14</th><td>0</td><td>5000</td></tr>');
    expect(page.text).toContain('<tr><th scope="row">2026-01-14</th><td>0</td><td>320</td></tr>');
    // The rest of the page stays: comparisons and top posts.
    expect(page.text).toContain('Compared with the period before');
    expect(page.text).toContain('<a href="/app/posts/post_an2">Hello</a>: 320 engagement');
  });

  it('shows the month on the calendar and moves a scheduled post from its page', async () => {
    const user = await app.user();
    const threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'cal' }),
    );
    const at = new Date('2026-01-20T09:30:00.000Z');
    await app.t.store.posts.insertPosts({
      ownerId: user.id,
      at: app.t.clock.now(),
      posts: [
        aPost(user.id, threads.id, {
          id: 'post_cal1',
          platforms: ['threads'],
          caption: 'Winter sale',
          scheduledTime: at,
          dueAt: at,
        }),
      ],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const month = await browser.get('/app/calendar?month=2026-01');
    expect(month.text).toContain('Calendar: January 2026');
    expect(month.text).toContain('09:30');
    expect(month.text).toContain('Winter sale');
    expect(month.text).toContain('<span class="visually-hidden">Tuesday </span>20</span>');
    expect((await browser.get('/app/calendar?month=2026-02')).text).not.toContain('Winter sale');
    const week = await browser.get('/app/calendar/week?week=2026-01-21');
    expect(week.text).toContain('Calendar: week of 19 January 2026');
    expect(week.text).toMatch(
      /Tuesday 20 January<\/h2>\s*<ul class="day-posts"><li class="entry" data-move-form="move-week-post_cal1" data-accounts="[^"]+"><a href="\/app\/posts\/post_cal1"/,
    );
    expect((await browser.get('/app/calendar/week?week=2026-01-26')).text).not.toContain('Winter sale');
    await browser.get('/app/posts/post_cal1');
    const moved = await browser.post('/app/posts/post_cal1/move', { time: '2026-01-22T14:00' });
    expect(moved.headers.get('location')).toBe('/app/posts/post_cal1?done=moved');
    expect((await app.t.store.posts.getPost('post_cal1'))?.scheduledTime).toEqual(
      new Date('2026-01-22T14:00:00.000Z'),
    );
    await browser.get('/app/posts/post_cal1');
    const past = await browser.post('/app/posts/post_cal1/move', { time: '2020-01-01T00:00' });
    expect(past.status).toBe(400);
    expect(past.text).toContain('role="alert"');
  });

  it("shows slide 1 of each post on the calendar: a photo's thumbnail, a video's mark", async () => {
    const user = await app.user();
    const threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'pics' }),
    );
    const photo = await seedMediaAsset(
      app.t.store.media,
      aMediaAsset(user.id, { contentType: 'image/jpeg', width: 1080, height: 1350 }),
    );
    const video = await seedMediaAsset(app.t.store.media, aMediaAsset(user.id, { contentType: 'video/mp4' }));
    const at = new Date('2026-03-10T09:00:00.000Z');
    await app.t.store.posts.insertPosts({
      ownerId: user.id,
      at: app.t.clock.now(),
      posts: [
        aPost(user.id, threads.id, {
          id: 'post_pic1',
          platforms: ['threads'],
          caption: 'With a photo',
          media: [{ kind: 'asset', mediaId: photo.id }],
          scheduledTime: at,
          dueAt: at,
        }),
        aPost(user.id, threads.id, {
          id: 'post_vid1',
          platforms: ['threads'],
          caption: 'With a video',
          media: [{ kind: 'asset', mediaId: video.id }],
          scheduledTime: at,
          dueAt: at,
        }),
      ],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const week = (await browser.get('/app/calendar/week?week=2026-03-10')).text;
    const entry = (id: string) =>
      new RegExp(`<a href="/app/posts/${id}" class="entry-link">(.*?)</a>`).exec(week)?.[1] ?? '';
    // The photo by its thumbnail (never the file), the alt empty since the link's text names the post.
    expect(entry('post_pic1')).toMatch(
      new RegExp(`^<img src="/app/media/${photo.id}/thumb/160" alt="" width="45" height="56" loading="lazy"`),
    );
    // No poster frame is made of a video: a neutral mark that says "Video".
    expect(entry('post_vid1')).toMatch(/^<svg class="thumb placeholder"[^>]*role="img" aria-label="Video"/);
  });

  it("moves a post from the calendar's Move to… form through core's edit, and shows a refusal on the calendar", async () => {
    const user = await app.user();
    const threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'mover' }),
    );
    const at = new Date('2026-01-20T09:30:00.000Z');
    await app.t.store.posts.insertPosts({
      ownerId: user.id,
      at: app.t.clock.now(),
      posts: [
        aPost(user.id, threads.id, {
          id: 'post_mv1',
          platforms: ['threads'],
          caption: 'Moving day',
          scheduledTime: at,
          dueAt: at,
        }),
        aPost(user.id, threads.id, {
          id: 'post_mv2',
          status: 'posted',
          platforms: ['threads'],
          caption: 'Already out',
          scheduledTime: at,
          publishedAt: at,
          dueAt: null,
        }),
      ],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const month = await browser.get('/app/calendar?month=2026-01');
    // A scheduled post offers its form (in the grid and in the phone's agenda); a published one none.
    expect(month.text).toContain('action="/app/calendar/posts/post_mv1/move" id="move-grid-post_mv1"');
    expect(month.text).toContain('id="move-agenda-post_mv1"');
    expect(month.text).not.toContain('/app/calendar/posts/post_mv2/move');
    expect(month.text).toContain('<span class="visually-hidden">Threads</span>');
    expect(month.text).toContain('<td data-day="2026-01-20"');
    const moved = await browser.post('/app/calendar/posts/post_mv1/move', {
      date: '2026-01-23',
      time: '09:30',
      view: 'month:2026-01',
    });
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe('/app/calendar?month=2026-01&done=moved');
    expect((await app.t.store.posts.getPost('post_mv1'))?.scheduledTime).toEqual(
      new Date('2026-01-23T09:30:00.000Z'),
    );
    // Core's edit recorded it, as a move from the post's page is.
    const journal = await app.t.store.events.listEvents(null, 1000);
    expect(journal.some((e) => e.type === 'post.edited' && e.subjectId === 'post_mv1')).toBe(true);
    expect((await browser.get('/app/calendar?month=2026-01&done=moved')).text).toContain('Moved: the post');
    // A past day is refused by core: the week shows again, with why, the form open as typed.
    const past = await browser.post('/app/calendar/posts/post_mv1/move', {
      date: '2020-01-02',
      time: '08:15',
      view: 'week:2026-01-19',
    });
    expect(past.status).toBe(400);
    expect(past.text).toContain('Calendar: week of 19 January 2026');
    expect(past.text).toContain('Not moved: the post keeps its time.');
    expect(past.text).toMatch(/<ul role="alert"><li>That time has passed/);
    expect(past.text).toContain('<details class="move" open>');
    expect(past.text).toContain('value="2020-01-02"');
    expect(past.text).toContain('value="08:15"');
    expect((await app.t.store.posts.getPost('post_mv1'))?.scheduledTime).toEqual(
      new Date('2026-01-23T09:30:00.000Z'),
    );
    // A published post is history: core refuses to move it.
    const posted = await browser.post('/app/calendar/posts/post_mv2/move', {
      date: '2026-01-25',
      time: '10:00',
      view: 'month:2026-01',
    });
    expect(posted.status).toBe(409);
    expect(posted.text).toContain('Calendar: January 2026');
  });

  it('composes a text post, a draft and a review request, and refuses an upload without the form token', async () => {
    const user = await app.user();
    const threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'words' }),
    );
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/compose');
    expect(page.text).toContain('Threads @words');
    const scheduled = await browser.post('/app/compose', {
      account: threads.id,
      caption: 'Hello from the console',
      action: 'schedule',
    });
    expect(scheduled.status).toBe(303);
    const postId = /\/app\/posts\/(post_\w+)/.exec(scheduled.headers.get('location') ?? '')?.[1] ?? '';
    expect(await app.t.store.posts.getPost(postId)).toMatchObject({
      status: 'scheduled',
      caption: 'Hello from the console',
      platforms: ['threads'],
    });
    await browser.get('/app/compose');
    const empty = await browser.post('/app/compose', { caption: 'No account', action: 'schedule' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Not scheduled.');
    expect(empty.text).toContain('No account');
    await browser.get('/app/compose');
    const review = await browser.post('/app/compose', {
      account: threads.id,
      caption: 'Check me',
      action: 'approval',
    });
    const draftId = /\/app\/posts\/(post_\w+)/.exec(review.headers.get('location') ?? '')?.[1] ?? '';
    expect((await app.t.store.posts.getPost(draftId))?.status).toBe('pending_approval');
    const form = new FormData();
    form.append('_csrf', 'forged');
    form.append('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), 'x.jpg');
    const forged = await fetch(`${app.url}/app/compose/upload`, {
      method: 'POST',
      body: form,
      headers: { origin: app.url, cookie: browser.cookie() ?? '' },
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
  });

  it('keeps everything typed across an upload, and moves and removes slides without JavaScript', async () => {
    const user = await app.user();
    const threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'slides' }),
    );
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/compose');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    // A whole form, as a browser sends it from the Upload button: fields before and after the file.
    const upload = async (media: string, bytes: Uint8Array, name = 'photo.jpg') => {
      const form = new FormData();
      form.append('_csrf', csrf);
      form.append('media', media);
      form.append('account', threads.id);
      form.append('caption', 'Typed before the upload');
      form.append('file', new Blob([bytes]), name);
      form.append('title', 'Kept too');
      form.append('time', '2031-05-01T10:00');
      const answer = await fetch(`${app.url}/app/compose/upload`, {
        method: 'POST',
        body: form,
        headers: { origin: app.url, cookie: browser.cookie() ?? '' },
        redirect: 'manual',
      });
      return { status: answer.status, text: await answer.text() };
    };
    const photo = (n: number) =>
      app.t.inspector.describe(new Uint8Array([0xff, 0xd8, 0xff, n]), {
        contentType: 'image/jpeg',
        width: 40,
        height: 30,
      });
    const first = await upload('', photo(1));
    expect(first.status, first.text.match(/role="alert">[^<]*/)?.[0]).toBe(200);
    expect(first.text).toContain('Typed before the upload</textarea>');
    expect(first.text).toContain('value="Kept too"');
    expect(first.text).toContain('value="2031-05-01T10:00"');
    expect(first.text).toMatch(new RegExp(`value="${threads.id}" data-platform="threads" checked`));
    const idsOf = (text: string) => [...text.matchAll(/data-media-id="(media_\w+)"/g)].map((m) => m[1]);
    const [a] = idsOf(first.text);
    const second = await upload(a ?? '', photo(2));
    const [, b] = idsOf(second.text);
    expect(idsOf(second.text)).toEqual([a, b]);
    // The page opens with the checks the script would draw: counters and what will publish.
    expect(second.text).toContain('Threads caption <span class="counter-value">23 / 500 characters</span>');
    expect(second.text).toContain('a Threads photo post (first slide only');
    const fields = { account: threads.id, caption: 'Still here', media: `${a},${b}` };
    const moved = await browser.post('/app/compose', { ...fields, slide: 'up:1' });
    expect(moved.status).toBe(200);
    expect(idsOf(moved.text)).toEqual([b, a]);
    expect(moved.text).toContain('Still here</textarea>');
    expect(moved.text).toContain(`name="media" value="${b},${a}"`);
    const removed = await browser.post('/app/compose', { ...fields, media: `${b},${a}`, slide: 'remove:0' });
    expect(idsOf(removed.text)).toEqual([a]);
    // Out of range or malformed: nothing moves.
    const odd = await browser.post('/app/compose', { ...fields, slide: 'down:1' });
    expect(idsOf(odd.text)).toEqual([a, b]);
    // The Upload button with no file chosen (a browser sends an empty part without a name).
    const none = await upload(a ?? '', new Uint8Array(), '');
    expect(none.status).toBe(400);
    expect(none.text).toContain('Choose a photo or video to upload first.');
    expect(idsOf(none.text)).toEqual([a]);
    expect(none.text).toContain('Typed before the upload</textarea>');
  });

  it('lists the agents a person approved and revokes one with its tokens', async () => {
    const user = await app.user();
    const later = new Date(app.t.clock.now().getTime() + 86_400_000);
    await app.t.store.oauth.upsert(
      'Client',
      'client_bot',
      { client_id: 'client_bot', client_name: 'Scheduling bot' },
      null,
    );
    await app.t.store.oauth.upsert(
      'Grant',
      'grant_bot',
      { accountId: user.id, clientId: 'client_bot', resources: { x: 'mcp:read' } },
      later,
    );
    await app.t.store.oauth.upsert(
      'AccessToken',
      'token_bot',
      { grantId: 'grant_bot', accountId: user.id },
      later,
    );
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const page = await browser.get('/app/agents');
    expect(page.text).toContain('Scheduling bot');
    expect(page.text).toContain('mcp:read');
    expect(page.text).toMatch(/data-label="Last used"><span class="muted">never<\/span>/);
    // What the tool endpoint records when the agent's token lets a call in.
    const used = app.t.clock.now();
    await app.t.store.oauth.recordUse('Grant', 'grant_bot', used, new Date(0));
    expect((await browser.get('/app/agents')).text).toContain(
      `data-label="Last used"><time datetime="${used.toISOString()}"`,
    );
    const other = await app.user();
    const intruder = app.client();
    await intruder.signIn(other.email, PASSWORD);
    expect((await intruder.get('/app/agents')).text).toContain('No agent is approved.');
    expect((await intruder.post('/app/agents/grant_bot/revoke', {})).status).toBe(404);
    const revoked = await browser.post('/app/agents/grant_bot/revoke', {});
    expect(revoked.headers.get('location')).toBe('/app/agents?done=revoked');
    expect(await app.t.store.oauth.find('AccessToken', 'token_bot')).toBeNull();
    expect((await browser.get('/app/agents')).text).toContain('No agent is approved.');
  });
});
