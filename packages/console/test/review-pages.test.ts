import { createDraft, requestApproval, type User } from '@svc/core';
import { anAccount } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, ownerOf, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

describe("a client's review link", () => {
  let app: ConsoleApp;
  let owner: User;
  let threadsId: string;
  beforeEach(async () => {
    app = await startConsoleApp();
    owner = await app.user('owner@example.com');
    threadsId = (
      await app.t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads', handle: 'shop' }))
    ).id;
  });
  afterEach(() => app.close());

  const pending = async (caption: string, who: User = owner, profileId = threadsId): Promise<string> => {
    const draft = (
      await createDraft(app.t.deps, ownerOf(who), {
        caption,
        scheduledTime: '2026-01-20T09:00:00Z',
        profileIds: [profileId],
      })
    )._unsafeUnwrap();
    (await requestApproval(app.t.deps, ownerOf(who), { postId: draft.id }))._unsafeUnwrap();
    return draft.id;
  };

  /** The owner signs in and creates a link from the console; answers its address. */
  const createLink = async (fields: Record<string, string>): Promise<string> => {
    const console_ = app.client();
    await console_.signIn(owner.email, PASSWORD);
    await console_.get('/app/review-links');
    const created = await console_.post('/app/review-links', fields);
    expect(created.status).toBe(201);
    const url = /<p class="secret" id="new-link-value">([^<]+)<\/p>/.exec(created.text)?.[1];
    expect(url).toMatch(/\/review\/svc_rev_/);
    return new URL(url as string).pathname;
  };

  /** The client opens the link: the token is exchanged for the review cookie. */
  const open = async (path: string): Promise<{ client: ConsoleClient; page: string }> => {
    const client = app.client();
    const exchanged = await client.get(path);
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.get('referrer-policy')).toBe('no-referrer');
    expect(exchanged.text).toContain('<meta http-equiv="refresh" content="0; url=/review">');
    const page = await client.get('/review');
    expect(page.status).toBe(200);
    return { client, page: page.text };
  };

  it('exchanges the token for a strict cookie scoped to /review, then shows only its posts', async () => {
    const a = await pending('Spring menu launch');
    await pending('Not in the link');
    const path = await createLink({ postId: a });
    const raw = await fetch(`${app.url}${path}`, { redirect: 'manual' });
    const cookie = raw.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^svc_review=[A-Za-z0-9_-]+; Path=\/review; HttpOnly; SameSite=Strict; Max-Age=7200$/,
    );
    expect(raw.headers.get('cache-control')).toBe('no-store');
    const { client, page } = await open(path);
    expect(page).toContain('Spring menu launch');
    expect(page).not.toContain('Not in the link');
    expect(page).toContain('data-platform="threads"');
    expect(page).toContain('name="_csrf"');
    // The review cookie is nothing to the console: its pages still ask to sign in.
    const consolePage = await client.get('/app/posts');
    expect([consolePage.status, consolePage.headers.get('location')]).toEqual([
      303,
      '/app/sign-in?next=%2Fapp%2Fposts',
    ]);
    const journal = await app.t.store.events.recentEventsOf(owner.id, 10);
    expect(journal.filter((e) => e.type === 'review_link.opened')).toHaveLength(2);
  });

  it('rejects one post with a note and approves another, each once, with CSRF and the same origin', async () => {
    const a = await pending('First post');
    const b = await pending('Second post');
    const path = await createLink({
      from: '2026-01-19T00:00:00.000Z',
      to: '2026-01-26T00:00:00.000Z',
      label: 'Week 4',
    });
    const { client } = await open(path);
    const forged = await client.post('/review/decide', { _csrf: 'wrong', postId: a, decision: 'approve' });
    expect(forged.status).toBe(403);
    const elsewhere = await client.post(
      '/review/decide',
      { postId: a, decision: 'approve' },
      { origin: 'https://evil.example' },
    );
    expect(elsewhere.status).toBe(403);
    expect((await app.t.store.posts.getPost(a))?.status).toBe('pending_approval');

    const rejected = await client.post('/review/decide', {
      postId: a,
      decision: 'reject',
      note: 'Use the other photo',
      reviewerName: 'Cleo',
    });
    expect([rejected.status, rejected.headers.get('location')]).toEqual([303, '/review?done=rejected']);
    await client.get('/review');
    const approved = await client.post('/review/decide', { postId: b, decision: 'approve' });
    expect(approved.status).toBe(303);
    expect(await app.t.store.posts.getPost(a)).toMatchObject({ status: 'draft' });
    expect(await app.t.store.approvals.getLatestForPost(a)).toMatchObject({
      reviewerNote: 'Use the other photo',
    });
    expect(await app.t.store.posts.getPost(b)).toMatchObject({ status: 'scheduled' });
    const after = await client.get('/review');
    expect(after.text).toContain('Rejected by Cleo: “Use the other photo”');
    expect(after.text).toContain('Every post here has been decided.');
    const again = await client.post('/review/decide', { postId: a, decision: 'approve' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('Every post of this review link has been decided.');
    // Used up: opening the link again is refused, clearly.
    const reopened = await app.client().get(path);
    expect(reopened.status).toBe(410);
    expect(reopened.text).toContain('Every post of this review link has been decided.');
  });

  it("cannot decide another link's or another owner's post, and stops once revoked", async () => {
    const a = await pending('Mine');
    const other = await app.user('other@example.com');
    const theirAccount = await app.t.store.accounts.saveAccount(anAccount(other.id, { platform: 'threads' }));
    const theirs = await pending('Theirs', other, theirAccount.id);
    const path = await createLink({ postId: a });
    const { client } = await open(path);
    const foreign = await client.post('/review/decide', { postId: theirs, decision: 'reject' });
    expect(foreign.status).toBe(409);
    expect((await app.t.store.posts.getPost(theirs))?.status).toBe('pending_approval');

    const console_ = app.client();
    await console_.signIn(owner.email, PASSWORD);
    const list = await console_.get('/app/review-links');
    const id = /<code>(rev_[0-9A-Z]{26})<\/code>/.exec(list.text)?.[1] as string;
    await console_.get(`/app/review-links/${id}/revoke`);
    const revoked = await console_.post(`/app/review-links/${id}/revoke`, {});
    expect(revoked.status).toBe(303);
    const refused = await client.get('/review');
    expect(refused.status).toBe(410);
    expect(refused.text).toContain('withdrawn');
    expect((await app.client().get(path)).status).toBe(410);
    expect((await app.client().get('/review/svc_rev_nonsense')).status).toBe(404);
    expect((await app.client().get('/review/%E0%A4%A')).status).toBe(404);
    expect((await app.client().get('/review')).status).toBe(401);
  });

  it('is rate limited per address', async () => {
    const browser = app.client();
    let last = 0;
    for (let i = 0; i < 301; i++) last = (await browser.get('/review/svc_rev_nonsense')).status;
    expect(last).toBe(429);
  });
});
