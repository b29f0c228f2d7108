import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Across workspaces through the console and review links (docs/teams.md, "Credentials and
// rules"), against a real server on SQLite: a member of workspace A, with every role, signed in and
// acting in A, gets the 404 page for B's post, media and approval, cannot decide B's approval or
// delete B's media, and never sees B's post in A's lists; a review link of A neither shows nor
// decides a post of B. B's things are unchanged afterwards.
const PASSWORD = 'a console password';
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));
const ROLES = ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const;
const B_CAPTION = 'Bea’s secret launch, not for Ann’s team';

/** A browser's cookie and anti-forgery token, kept the way a browser keeps them, over fetch. */
function visitor(base: string) {
  let cookie = '';
  let csrf = '';
  const keep = (res: Response) => {
    const set = res.headers.get('set-cookie');
    if (set !== null) cookie = set.split(';')[0] ?? cookie;
  };
  return {
    async get(path: string) {
      const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
      keep(res);
      const text = await res.text();
      csrf = /name="_csrf" value="([^"]+)"/.exec(text)?.[1] ?? csrf;
      return { status: res.status, text, location: res.headers.get('location') };
    },
    async post(path: string, fields: Record<string, string>) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        body: new URLSearchParams({ _csrf: csrf, ...fields }),
        headers: { cookie, origin: base },
        redirect: 'manual',
      });
      keep(res);
      return { status: res.status, text: await res.text(), location: res.headers.get('location') };
    },
  };
}

describe('a member of one workspace reaches nothing of another through the console or a review link', () => {
  let server: SandboxServer;
  let annKey: string;
  let beaKey: string;
  let annId = '';
  let aPost = '';
  let aMedia = '';
  let bPending = '';
  let bMedia = '';

  const setPassword = async (email: string) => {
    await server.setPassword(email, PASSWORD);
  };
  const draftAwaitingReview = async (key: string, profileId: string, caption: string, mediaId: string) => {
    const made = await server.call('/api/v1/drafts', key, {
      method: 'POST',
      json: { caption, mediaIds: [mediaId], scheduledTime: '2031-05-13T09:30:00Z', profileIds: [profileId] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const asked = await server.call(`/api/v1/posts/${made.body.id}/approval`, key, { method: 'POST' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    return made.body.id as string;
  };
  /** B's post and media as B's owner reads them: what no member of A may have changed. */
  const bState = async () => ({
    post: (await server.call(`/api/v1/posts/${bPending}`, beaKey)).body.status,
    approval: (await server.call(`/api/v1/posts/${bPending}/approval`, beaKey)).body.status,
    media: (await server.call(`/api/v1/media/${bMedia}`, beaKey)).status,
  });

  beforeAll(async () => {
    server = await startSandboxServer();
    let accounts: Record<string, string>;
    ({ key: annKey, accounts } = await seedUser(server, ['instagram']));
    await setPassword('ann@example.com');
    aMedia = await server.upload(annKey, new Uint8Array(JPEG), 'a.jpg');
    aPost = await draftAwaitingReview(annKey, accounts.instagram ?? '', 'Ann’s team post', aMedia);
    await server.cli(['users', 'create', '--email', 'bea@example.com', '--plan', 'paid']);
    const bAccount = await server.cli([
      'accounts',
      'connect-sandbox',
      '--email',
      'bea@example.com',
      '--platform',
      'instagram',
      '--handle',
      'bea_shop',
    ]);
    beaKey = (await server.cli(['keys', 'create', '--email', 'bea@example.com', '--scopes', '*'])).json.key;
    bMedia = await server.upload(beaKey, new Uint8Array(JPEG), 'b.jpg');
    bPending = await draftAwaitingReview(beaKey, bAccount.json.id, B_CAPTION, bMedia);
    annId = (await server.call('/api/v1/workspace', annKey)).body.id;
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      const email = `${role}@example.com`;
      const added = await server.cli([
        'members',
        'add',
        '--owner-email',
        'ann@example.com',
        '--email',
        email,
        '--role',
        role,
      ]);
      expect(added.code, added.stderr).toBe(0);
      await setPassword(email);
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it.each(ROLES)(
    'a %s of A gets the 404 page for B’s post, media and approval',
    async (role) => {
      const email = role === 'owner' ? 'ann@example.com' : `${role}@example.com`;
      const browser = visitor(server.url);
      await browser.get('/app/sign-in');
      const signed = await browser.post('/app/sign-in', { email, password: PASSWORD, next: '/app' });
      expect(signed.status).toBe(303);
      await browser.get('/app');
      if (role !== 'owner') {
        const switched = await browser.post('/app/workspace', { workspace: annId });
        expect(switched.location).toBe('/app');
        await browser.get('/app');
      }
      // Acting in A: A's post and media are there, so a 404 below is about B, not about the session.
      expect((await browser.get(`/app/posts/${aPost}`)).status).toBe(200);
      expect((await browser.get(`/app/media/${aMedia}/thumb/160`)).status).toBe(200);

      const page = await browser.get(`/app/posts/${bPending}`);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain(B_CAPTION);
      expect((await browser.get(`/app/media/${bMedia}/thumb/160`)).status).toBe(404);
      for (const list of ['/app/posts', '/app/approvals', '/app/media', '/app/calendar?month=2031-05']) {
        const listed = await browser.get(list);
        expect(listed.status, list).toBe(200);
        expect(listed.text, list).not.toContain(B_CAPTION);
        expect(listed.text, list).not.toContain(bMedia);
      }
      const decided = await browser.post(`/app/approvals/${bPending}`, {
        decision: 'approve',
        note: 'sneaky',
      });
      // Roles that may not decide are refused before the id is looked up: still nothing of B's.
      expect(decided.status).toBe(role === 'contributor' || role === 'viewer' ? 403 : 404);
      expect(decided.text).not.toContain(B_CAPTION);
      const deleted = await browser.post(`/app/media/${bMedia}/delete`, {});
      expect(deleted.status).toBe(404);
      expect(await bState()).toEqual({ post: 'pending_approval', approval: 'awaiting_review', media: 200 });
    },
    60_000,
  );

  it('a review link of A neither shows nor decides a post of B', async () => {
    const link = await server.call('/api/v1/review-links', annKey, {
      method: 'POST',
      json: { postIds: [aPost], label: 'A only' },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    // B's post cannot be put in A's link in the first place.
    const mixed = await server.call('/api/v1/review-links', annKey, {
      method: 'POST',
      json: { postIds: [aPost, bPending] },
    });
    expect(mixed.status).toBe(404);
    expect(mixed.body.code).toBe('post_not_found');

    const client = visitor(server.url);
    await client.get(new URL(link.body.url).pathname);
    const review = await client.get('/review');
    expect(review.status).toBe(200);
    expect(review.text).toContain('Ann’s team post');
    expect(review.text).not.toContain(B_CAPTION);
    expect((await client.get(`/review/media/${bMedia}/thumb/480`)).status).toBe(404);
    const decided = await client.post('/review/decide', {
      postId: bPending,
      decision: 'reject',
      note: 'not yours to decide',
    });
    expect(decided.status).toBeGreaterThanOrEqual(400);
    expect(decided.text).not.toContain(B_CAPTION);
    expect(await bState()).toEqual({ post: 'pending_approval', approval: 'awaiting_review', media: 200 });
    // A's own post is still the link's to decide.
    expect((await server.call(`/api/v1/posts/${aPost}`, annKey)).body.status).toBe('pending_approval');
  }, 60_000);
});
