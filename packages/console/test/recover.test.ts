import { type ConnectedAccount, listApiKeys, type Post, type User } from '@svc/core';
import { anAccount, aPost } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';
// The test clock reads 2026-01-15T12:00Z; the person's zone is UTC.

const idsOf = (text: string) => [...text.matchAll(/data-media-id="(media_\w+)"/g)].map((m) => m[1]);

// Nothing typed is lost and every dead end has a way out, as a browser without JavaScript sees it.
describe('recovering in the console', () => {
  let app: ConsoleApp;
  let user: User;
  let browser: ConsoleClient;
  let instagram: ConnectedAccount;
  let threads: ConnectedAccount;

  const seed = async (post: Post) => {
    await app.t.store.posts.insertPosts({
      ownerId: post.ownerId,
      at: app.t.clock.now(),
      posts: [post],
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
    });
    return post;
  };
  const failedOnThreads = (overrides: Partial<Post> = {}) =>
    seed(
      aPost(user.id, threads.id, {
        platforms: ['threads'],
        media: [],
        status: 'failed',
        failedReason: 'Threads was away.',
        dueAt: null,
        scheduledTime: new Date('2026-01-15T11:00:00Z'),
        caption: 'Fresh bread',
        ...overrides,
      }),
    );
  const csrfOf = (text: string) => /name="_csrf" value="([^"]+)"/.exec(text)?.[1] ?? '';
  // The compose form as a browser sends it: multipart, with the chosen file among the fields.
  const sendCompose = async (
    path: string,
    fields: Record<string, string>,
    file: Uint8Array | null,
    headers: Record<string, string> = {},
  ) => {
    const csrf = csrfOf((await browser.get('/app/compose')).text);
    const form = new FormData();
    form.append('_csrf', csrf);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file !== null) form.append('file', new Blob([file]), 'photo.jpg');
    form.append('time', fields.time ?? '');
    const answer = await fetch(`${app.url}${path}`, {
      method: 'POST',
      body: form,
      headers: { origin: app.url, cookie: browser.cookie() ?? '', ...headers },
      redirect: 'manual',
    });
    return { status: answer.status, text: await answer.text(), headers: answer.headers };
  };
  const photo = () =>
    app.t.inspector.describe(new Uint8Array([0xff, 0xd8, 0xff, 7]), {
      contentType: 'image/jpeg',
      width: 1080,
      height: 1080,
    });

  beforeEach(async () => {
    app = await startConsoleApp();
    user = await app.user();
    instagram = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'instagram', handle: 'brand_ig' }),
    );
    threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'brand_th' }),
    );
    browser = app.client();
    await browser.signIn(user.email, PASSWORD);
  });
  afterEach(() => app.close());

  it('stores a file chosen but not uploaded before the checks, and keeps it and everything typed through a refusal', async () => {
    const compose = await browser.get('/app/compose');
    expect(compose.text).toContain('enctype="multipart/form-data"');
    const refused = await sendCompose(
      '/app/compose',
      {
        account: instagram.id,
        caption: 'Typed, then Schedule',
        title: 'Kept',
        action: 'schedule',
        time: '2020-01-01T09:00',
      },
      photo(),
    );
    expect(refused.status).toBe(400);
    const [kept] = idsOf(refused.text);
    expect(kept).toMatch(/^media_/);
    expect((await app.t.store.media.getMediaAsset(kept ?? ''))?.ownerId).toBe(user.id);
    expect(refused.text).toContain('Typed, then Schedule</textarea>');
    expect(refused.text).toContain('value="Kept"');
    expect(refused.text).toContain('value="2020-01-01T09:00"');
    expect(refused.text).toMatch(new RegExp(`value="${instagram.id}" data-platform="instagram" checked`));
    expect(refused.text).toContain(`name="media" value="${kept}"`);
    // The refusal is about the time, not about missing media, and leads back.
    const problems = /<ul role="alert">([\s\S]*?)<\/ul>/.exec(refused.text)?.[1] ?? '';
    expect(problems).toMatch(/future|later|past/i);
    expect(problems).not.toMatch(/photo|video|media/i);
    expect(refused.text).toContain('<a href="/app/posts">Back to the posts</a>');
    // Sent again with the kept slide and a good time: scheduled with it.
    const fixed = await sendCompose(
      '/app/compose',
      {
        account: instagram.id,
        caption: 'Typed, then Schedule',
        media: kept ?? '',
        action: 'schedule',
        time: '2026-02-01T09:00',
      },
      null,
    );
    expect(fixed.status).toBe(303);
    const postId = /\/app\/posts\/(post_\w+)/.exec(fixed.headers.get('location') ?? '')?.[1] ?? '';
    expect(
      (await app.t.store.posts.getPost(postId))?.media.map((m) => ('mediaId' in m ? m.mediaId : null)),
    ).toEqual([kept]);
  });

  it("answers the script's upload with JSON, and refuses a forged one", async () => {
    const stored = await sendCompose('/app/compose/upload', {}, photo(), { accept: 'application/json' });
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toContain('application/json');
    const slide = JSON.parse(stored.text);
    expect(slide).toMatchObject({ contentType: 'image/jpeg', width: 1080, height: 1080 });
    expect(slide.previewUrl).toBe(`/app/media/${slide.id}/thumb/160`);
    const form = new FormData();
    form.append('_csrf', 'forged');
    form.append('file', new Blob([photo()]), 'x.jpg');
    const forged = await fetch(`${app.url}/app/compose/upload`, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', origin: app.url, cookie: browser.cookie() ?? '' },
    });
    expect([forged.status, ((await forged.json()) as { code: string }).code]).toEqual([
      403,
      'validation_failed',
    ]);
  });

  it('retries a failed post, edits and retries it, and keeps what was typed when the edit is refused', async () => {
    const post = await failedOnThreads();
    const page = await browser.get(`/app/posts/${post.id}`);
    expect(page.text).toContain('>Retry</button>');
    expect(page.text).toContain('Edit and retry');
    expect(page.text).toContain(`href="/app/compose?from=${post.id}"`);
    const tooLong = 'x'.repeat(501);
    const refused = await browser.post(`/app/posts/${post.id}/retry`, {
      edit: '1',
      caption: tooLong,
      title: '',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(`${tooLong}</textarea>`);
    expect(refused.text).toContain('Threads takes at most 500');
    expect(refused.text).toContain(`<a href="/app/posts/${post.id}">Back to the post</a>`);
    expect((await app.t.store.posts.getPost(post.id))?.status).toBe('failed');
    const edited = await browser.post(`/app/posts/${post.id}/retry`, {
      edit: '1',
      caption: 'Fresh bread, again',
      title: '',
    });
    expect(edited.headers.get('location')).toBe(`/app/posts/${post.id}?done=retried`);
    expect(await app.t.store.posts.getPost(post.id)).toMatchObject({
      status: 'scheduled',
      caption: 'Fresh bread, again',
    });
    const history = (await browser.get(`/app/posts/${post.id}`)).text;
    expect(history).toContain('Sent to publish again');
    expect(history).toContain('Had its caption changed');
    const plain = await failedOnThreads({ id: 'post_plainretry', caption: 'Another' });
    await browser.get(`/app/posts/${plain.id}`);
    const retried = await browser.post(`/app/posts/${plain.id}/retry`, {});
    expect(retried.status).toBe(303);
    expect(await app.t.store.posts.getPost(plain.id)).toMatchObject({
      status: 'scheduled',
      caption: 'Another',
    });
  });

  it('duplicates a post into Compose without creating anything', async () => {
    const post = await failedOnThreads({ title: 'A title' });
    const journal = async () => (await app.t.store.events.listEvents(null, 1000)).length;
    const before = await journal();
    const page = await browser.get(`/app/compose?from=${post.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Fresh bread</textarea>');
    expect(page.text).toContain('value="A title"');
    expect(page.text).toMatch(new RegExp(`value="${threads.id}" data-platform="threads" checked`));
    expect(page.text).toContain(`<a href="/app/posts/${post.id}">Back to the post this one copies</a>`);
    expect(await journal()).toBe(before);
    // Another person's post opens an empty Compose.
    const other = await app.user();
    const intruder = app.client();
    await intruder.signIn(other.email, PASSWORD);
    expect((await intruder.get(`/app/compose?from=${post.id}`)).text).not.toContain('Fresh bread');
  });

  it('asks before revoking a key, saying what follows; a GET changes nothing', async () => {
    await browser.get('/app/keys');
    await browser.post('/app/keys', { name: 'n8n', scope: ['post:read'] });
    const [key] = (await listApiKeys(app.t.deps, user.email))._unsafeUnwrap();
    const list = await browser.get('/app/keys');
    expect(list.text).toContain(`<form class="inline" method="get" action="/app/keys/${key?.id}/revoke">`);
    const ask = await browser.get(`/app/keys/${key?.id}/revoke`);
    expect(ask.text).toContain('Revoke the key “n8n”?');
    expect(ask.text).toContain('Apps and scripts using this key stop working at once');
    expect(ask.text).toContain(`<form method="post" action="/app/keys/${key?.id}/revoke">`);
    expect((await listApiKeys(app.t.deps, user.email))._unsafeUnwrap()[0]?.revokedAt).toBeNull();
    const other = await app.user();
    const intruder = app.client();
    await intruder.signIn(other.email, PASSWORD);
    expect((await intruder.get(`/app/keys/${key?.id}/revoke`)).status).toBe(404);
    const revoked = await browser.post(`/app/keys/${key?.id}/revoke`, {});
    expect(revoked.headers.get('location')).toBe('/app/keys?done=revoked');
    for (const path of [
      `/app/posts/${(await failedOnThreads()).id}/delete`,
      `/app/connections/${threads.id}/disconnect`,
    ]) {
      const page = await browser.get(path);
      expect([path, page.status]).toEqual([path, 200]);
      expect(page.text).toContain(`<form method="post" action="${path}">`);
    }
  });

  it('refuses to disconnect an account posts wait for, as REST does, then disconnects it', async () => {
    const waiting = await seed(
      aPost(user.id, threads.id, {
        platforms: ['threads'],
        media: [],
        caption: 'Soon',
        scheduledTime: new Date('2026-02-01T09:00:00Z'),
      }),
    );
    const list = await browser.get('/app/connections');
    expect(list.text).toContain('aria-label="Disconnect @brand_th on Threads"');
    const refused = await browser.post(`/app/connections/${threads.id}/disconnect`, {});
    expect(refused.status).toBe(409);
    expect(refused.text).toMatch(/role="alert">1 post is still to go out to brand_th/);
    expect(refused.text).toContain(`<a href="/app/posts/${waiting.id}">Soon</a>`);
    expect((await app.t.store.accounts.getAccount(threads.id))?.status).toBe('active');
    await browser.get(`/app/posts/${waiting.id}`);
    await browser.post(`/app/posts/${waiting.id}/delete`, {});
    const done = await browser.post(`/app/connections/${threads.id}/disconnect`, {});
    expect(done.headers.get('location')).toBe('/app/connections?done=disconnected');
    expect((await app.t.store.accounts.getAccount(threads.id))?.status).toBe('inactive');
  });

  it("names the accounts a console-started connect returns with, only the person's own", async () => {
    const page = await browser.get(`/app/connections?connected=${instagram.id}`);
    expect(page.text).toContain('role="status">Instagram account @brand_ig connected.');
    const other = await app.user();
    const intruder = app.client();
    await intruder.signIn(other.email, PASSWORD);
    expect((await intruder.get(`/app/connections?connected=${instagram.id}`)).text).not.toContain('brand_ig');
  });

  it('records a move in the history as a sentence with both times', async () => {
    const post = await seed(
      aPost(user.id, threads.id, {
        platforms: ['threads'],
        media: [],
        caption: 'Moving',
        scheduledTime: new Date('2026-02-01T09:00:00Z'),
      }),
    );
    await browser.get(`/app/posts/${post.id}`);
    // A past time: the post's page again, with the time typed, why, and its ways on.
    const refused = await browser.post(`/app/posts/${post.id}/move`, { time: '2020-01-01T09:00' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Not moved: the post keeps its time.');
    expect(refused.text).toContain(
      'id="move-time" name="time" type="datetime-local" required value="2020-01-01T09:00"',
    );
    expect(refused.text).toContain('<a href="/app/posts">Back to the posts</a>');
    await browser.post(`/app/posts/${post.id}/move`, { time: '2026-02-03T14:30' });
    const page = await browser.get(`/app/posts/${post.id}`);
    expect(page.text).toMatch(/Was moved from [^<]*2026-02-01 09:00[^<]* to [^<]*2026-02-03 14:30/);
    // The overview's recent activity says it in a sentence too.
    expect((await browser.get('/app')).text).toMatch(
      /Post “Moving” was moved from 2026-02-01 09:00 UTC to 2026-02-03 14:30 UTC/,
    );
  });
});
