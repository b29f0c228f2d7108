import { anAccount, aPost } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

// A new person's first day: the zone from their browser, the Overview's steps, the key form.
describe("a new person's start", () => {
  let app: ConsoleApp;
  beforeEach(async () => {
    app = await startConsoleApp();
  });
  afterEach(() => app.close());

  const signIn = (email: string, timeZone: string) =>
    app.client().post('/app/sign-in', { email, password: PASSWORD, next: '/app', timeZone });

  it("takes the browser's zone at the first sign-in, says so once, and never overrides a chosen one", async () => {
    const user = await app.user();
    const browser = app.client();
    const first = await browser.post('/app/sign-in', {
      email: user.email,
      password: PASSWORD,
      next: '/app',
      timeZone: 'America/New_York',
    });
    expect([first.status, first.headers.get('location')]).toEqual([303, '/app?zone=browser']);
    expect((await app.t.store.users.getUser(user.id))?.timeZone).toBe('America/New_York');
    const overview = await browser.get('/app?zone=browser');
    expect(overview.text).toContain(
      'Times are shown in New York time (America/New_York) — change on Account.',
    );
    expect(overview.text).not.toContain('Is that your time zone?');
    // Set once: a browser elsewhere later changes nothing.
    const later = await signIn(user.email, 'Europe/Paris');
    expect(later.headers.get('location')).toBe('/app');
    expect((await app.t.store.users.getUser(user.id))?.timeZone).toBe('America/New_York');
  });

  it('without the script nothing changes, and the Overview asks', async () => {
    const user = await app.user();
    const browser = app.client();
    const signed = await browser.post('/app/sign-in', {
      email: user.email,
      password: PASSWORD,
      next: '/app',
      timeZone: '',
    });
    expect(signed.headers.get('location')).toBe('/app');
    expect((await app.t.store.users.getUser(user.id))?.timeZone).toBe('UTC');
    const overview = await browser.get('/app');
    expect(overview.text).toContain('Times are shown in UTC. Is that your time zone?');
    expect(overview.text).toContain('<a href="/app/account">Choose yours on Account</a>');
  });

  it('walks through connect, compose and schedule with done marks, and leaves when all are done', async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const fresh = await browser.get('/app');
    expect(fresh.text).toContain('Get started');
    expect(fresh.text).toContain('<a href="/app/connections">Connect an account</a>');
    expect(fresh.text).toContain('<a href="/app/compose">Write your first post</a>');
    const threads = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    expect((await browser.get('/app')).text).toContain(
      '<s>Connect an account</s> <span class="skip">(done)</span>',
    );
    const at = new Date('2026-02-01T09:00:00.000Z');
    await app.t.store.posts.insertPosts({
      ownerId: user.id,
      at: app.t.clock.now(),
      posts: [aPost(user.id, threads.id, { platforms: ['threads'], scheduledTime: at, dueAt: at })],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    expect((await browser.get('/app')).text).not.toContain('Get started');
  });

  it('offers every scope core knows on the key form, approval:request included, with its words', async () => {
    const user = await app.user();
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    const keys = await browser.get('/app/keys');
    for (const scope of ['*', 'svc:*', 'post:draft', 'approval:request', 'webhook:write'])
      expect(keys.text).toContain(`<input type="checkbox" name="scope" value="${scope}">`);
    expect(keys.text).toContain('send drafts for your review (agents)');
  });
});
