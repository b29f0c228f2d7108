import type { ConnectedAccount, Post, User } from '@svc/core';
import { anAccount, aPost } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';
const LATER = new Date('2026-01-20T09:00:00Z');

// The group page without JavaScript: plain forms, refusals shown on the page with what was typed.
describe("a group's page", () => {
  let app: ConsoleApp;
  let user: User;
  let browser: ConsoleClient;
  let threads: ConnectedAccount;
  let facebook: ConnectedAccount;
  let members: Post[];

  beforeEach(async () => {
    app = await startConsoleApp();
    user = await app.user();
    threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'th' }),
    );
    facebook = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'facebook', handle: 'fb' }),
    );
    members = [
      aPost(user.id, threads.id, {
        id: 'post_g1',
        groupId: 'grp_1',
        platforms: ['threads'],
        media: [],
        scheduledTime: LATER,
        dueAt: LATER,
      }),
      aPost(user.id, facebook.id, {
        id: 'post_g2',
        groupId: 'grp_1',
        platforms: ['facebook'],
        media: [],
        scheduledTime: LATER,
        dueAt: LATER,
      }),
    ];
    await app.t.store.posts.insertPosts({
      ownerId: user.id,
      at: app.t.clock.now(),
      posts: members,
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
    });
    browser = app.client();
    await browser.signIn(user.email, PASSWORD);
  });
  afterEach(() => app.close());

  it("leads from one platform's post back to the whole", async () => {
    const page = await browser.get('/app/posts/post_g1');
    expect(page.text).toContain('<a href="/app/groups/grp_1">the same post on Facebook</a>');
  });

  it('refuses an edit one platform cannot take, naming it, keeping what was typed and changing nothing', async () => {
    await browser.get('/app/groups/grp_1');
    const long = `Long ${'words '.repeat(120)}`;
    const refused = await browser.post('/app/groups/grp_1/edit', { caption: long, title: '' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('The Threads post (post_g1) refused, so nothing in the group was changed');
    expect(refused.text).toContain(long.trim());
    for (const post of members) expect((await app.t.store.posts.getPost(post.id))?.caption).toBe('Hello');
  });

  it('deletes every member with one form and says so on Posts; the group is then not found', async () => {
    await browser.get('/app/groups/grp_1');
    // The page's button asks first, naming what follows.
    const asked = await browser.get('/app/groups/grp_1/delete');
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('What is already published stays published.');
    const deleted = await browser.post('/app/groups/grp_1/delete', {});
    expect(deleted.headers.get('location')).toBe('/app/posts?done=deleted');
    expect((await browser.get('/app/posts?done=deleted')).text).toContain('The post was deleted');
    for (const post of members) expect((await app.t.store.posts.getPost(post.id))?.deletedAt).not.toBeNull();
    expect((await browser.get('/app/groups/grp_1')).status).toBe(404);
  });
});
