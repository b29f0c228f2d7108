import { type ConnectedAccount, createDraft, type Post, type User } from '@svc/core';
import { aMediaAsset, anAccount, aPost, seedMediaAsset } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, ownerOf, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';
// The test clock reads 2026-01-15T12:00Z; the person's zone is UTC.
const at = (iso: string) => new Date(iso);
const minute = (n: number) => new Date(Date.parse('2026-01-15T11:00:00Z') + n * 60_000);

/** The posts a page links to, in page order. */
const postIdsOf = (text: string) =>
  [...text.matchAll(/<a href="\/app\/posts\/(post_\w+)">/g)].map((m) => m[1]);

describe('the Posts pages', () => {
  let app: ConsoleApp;
  let user: User;
  let browser: ConsoleClient;
  let instagram: ConnectedAccount;
  let threads: ConnectedAccount;
  let threads2: ConnectedAccount;

  const seed = async (...posts: Post[]) => {
    await app.t.store.posts.insertPosts({
      ownerId: posts[0]?.ownerId ?? user.id,
      at: app.t.clock.now(),
      posts,
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
    });
    return posts;
  };
  const onThreads = (overrides: Partial<Post>) =>
    aPost(user.id, threads.id, { platforms: ['threads'], media: [], ...overrides });
  const stored = async (id: string) => app.t.store.posts.getPost(id);

  beforeEach(async () => {
    app = await startConsoleApp();
    user = await app.user();
    instagram = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'instagram', handle: 'brand_ig' }),
    );
    threads = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'brand_th' }),
    );
    threads2 = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'threads', handle: 'second_th' }),
    );
    browser = app.client();
    await browser.signIn(user.email, PASSWORD);
  });
  afterEach(() => app.close());

  describe('the list', () => {
    let ids: Record<'sale' | 'half' | 'review' | 'recap' | 'failed', string>;
    beforeEach(async () => {
      const [sale, half, review, recap, failed] = await seed(
        aPost(user.id, instagram.id, { createdAt: minute(1), caption: 'Spring sale starts' }),
        onThreads({
          createdAt: minute(2),
          status: 'draft',
          caption: '50% off everything',
          scheduledTime: null,
          dueAt: null,
        }),
        aPost(user.id, threads2.id, {
          createdAt: minute(3),
          platforms: ['threads'],
          status: 'pending_approval',
          caption: '500 reasons to come',
          dueAt: null,
        }),
        onThreads({
          createdAt: minute(4),
          status: 'posted',
          caption: 'It is over',
          title: 'Sale recap',
          dueAt: null,
        }),
        aPost(user.id, instagram.id, {
          createdAt: minute(5),
          status: 'failed',
          caption: 'Nope',
          failedReason: 'Instagram refused the image.',
          dueAt: null,
        }),
      );
      ids = {
        sale: sale?.id ?? '',
        half: half?.id ?? '',
        review: review?.id ?? '',
        recap: recap?.id ?? '',
        failed: failed?.id ?? '',
      };
    });
    const listed = async (query: string) => postIdsOf((await browser.get(`/app/posts?${query}`)).text);

    it('offers every status, every platform and the person’s accounts, and a text field', async () => {
      const page = await browser.get('/app/posts');
      expect(page.status).toBe(200);
      expect(postIdsOf(page.text)).toEqual([ids.failed, ids.recap, ids.review, ids.half, ids.sale]);
      for (const status of ['draft', 'pending_approval', 'scheduled', 'posted', 'failed'])
        expect(page.text).toContain(`<option value="${status}">`);
      expect(page.text).toContain('<option value="pending_approval">Awaiting review</option>');
      expect(page.text).toContain('<option value="youtube">YouTube</option>');
      expect(page.text).toContain(`<option value="${threads2.id}">Threads @second_th</option>`);
      expect(page.text).toContain('<input id="q" name="q" type="text" maxlength="100" value="">');
    });

    it('filters by each of status, platform, account and text alone', async () => {
      expect(await listed('status=draft')).toEqual([ids.half]);
      expect(await listed('status=pending_approval')).toEqual([ids.review]);
      expect(await listed('status=failed')).toEqual([ids.failed]);
      expect(await listed('platform=threads')).toEqual([ids.recap, ids.review, ids.half]);
      expect(await listed('platform=instagram')).toEqual([ids.failed, ids.sale]);
      expect(await listed(`account=${threads.id}`)).toEqual([ids.recap, ids.half]);
      expect(await listed(`account=${threads2.id}`)).toEqual([ids.review]);
      // In the caption or the title, whatever the case.
      expect(await listed('q=SALE')).toEqual([ids.recap, ids.sale]);
    });

    it('takes % and _ in the text literally', async () => {
      expect(await listed(`q=${encodeURIComponent('50%')}`)).toEqual([ids.half]);
      expect(await listed(`q=${encodeURIComponent('%')}`)).toEqual([ids.half]);
      expect(await listed('q=_')).toEqual([]);
      expect(await listed('q=500')).toEqual([ids.review]);
    });

    it('combines the filters, shows them chosen, and says when nothing matches', async () => {
      const page = await browser.get(
        `/app/posts?status=posted&platform=threads&account=${threads.id}&q=sale`,
      );
      expect(postIdsOf(page.text)).toEqual([ids.recap]);
      expect(page.text).toContain('<option value="posted" selected>');
      expect(page.text).toContain('<option value="threads" selected>');
      expect(page.text).toContain(`<option value="${threads.id}" selected>`);
      expect(page.text).toContain('name="q" type="text" maxlength="100" value="sale"');
      expect(page.text).toContain('<a href="/app/posts">Clear the filters</a>');
      expect(await listed(`platform=threads&q=${encodeURIComponent('%')}`)).toEqual([ids.half]);
      expect(await listed('status=draft&platform=instagram')).toEqual([]);
      const none = await browser.get(`/app/posts?status=scheduled&account=${threads2.id}`);
      expect(postIdsOf(none.text)).toEqual([]);
      expect(none.text).toContain('No post matches these filters.');
    });

    it('ignores filters that are not the person’s to choose', async () => {
      const other = await app.user();
      const theirs = await app.t.store.accounts.saveAccount(anAccount(other.id, { platform: 'threads' }));
      expect(await listed(`account=${theirs.id}`)).toHaveLength(5);
      expect(await listed('status=deleted&platform=myspace')).toHaveLength(5);
      const long = await browser.get(`/app/posts?q=${'s'.repeat(150)}`);
      expect(long.status).toBe(200);
      expect(long.text).toContain(`value="${'s'.repeat(100)}"`);
    });

    it('keeps the filters in the link to older posts', async () => {
      await seed(
        ...Array.from({ length: 30 }, (_, i) =>
          onThreads({ createdAt: minute(10 + i), caption: `Flash sale number ${i}` }),
        ),
      );
      const first = await browser.get('/app/posts?platform=threads&q=flash+sale');
      expect(postIdsOf(first.text)).toHaveLength(25);
      const next = /<a href="(\/app\/posts\?[^"]+)">Older posts<\/a>/
        .exec(first.text)?.[1]
        ?.replace(/&#38;/g, '&');
      expect(next).toMatch(/^\/app\/posts\?platform=threads&q=flash\+sale&cursor=/);
      const second = await browser.get(next ?? '');
      expect(postIdsOf(second.text)).toHaveLength(5);
      expect(second.text).not.toContain('Older posts');
    });

    it('says when there is no post at all', async () => {
      const other = await app.user();
      const stranger = app.client();
      await stranger.signIn(other.email, PASSWORD);
      expect((await stranger.get('/app/posts')).text).toContain('No posts yet.');
    });
  });

  describe("a post's page", () => {
    it('shows the media it publishes: previews, type and size, and the JPEG copies made for the platform', async () => {
      const png = await seedMediaAsset(app.t.store.media, aMediaAsset(user.id, { contentType: 'image/png' }));
      const jpeg = await seedMediaAsset(
        app.t.store.media,
        aMediaAsset(user.id, { contentType: 'image/jpeg', sizeBytes: 1536, width: 1080, height: 1350 }),
      );
      const video = await seedMediaAsset(
        app.t.store.media,
        aMediaAsset(user.id, {
          contentType: 'video/mp4',
          sizeBytes: 5 * 1024 * 1024,
          width: null,
          height: null,
          durationMs: 12_000,
        }),
      );
      const [post] = await seed(
        aPost(user.id, instagram.id, {
          media: [
            { kind: 'asset', mediaId: jpeg.id, derivedFrom: png.id },
            { kind: 'asset', mediaId: video.id },
            { kind: 'link', url: 'https://cdn.example/c.jpg' },
          ],
        }),
      );
      const page = await browser.get(`/app/posts/${post?.id}`);
      expect(page.text).toContain('What Instagram publishes, in order.');
      expect(page.text).toContain(
        `<img src="/app/media/${jpeg.id}/thumb/160" alt="Slide 1" width="77" height="96" loading="lazy" decoding="async" class="thumb">`,
      );
      expect(page.text).toContain(
        'image/jpeg, 2 KB, 1080×1350</span><span>a JPEG copy made for Instagram</span>',
      );
      expect(page.text).toContain('role="img" aria-label="Video"');
      expect(page.text).toContain('<span class="muted">video/mp4, 5.0 MB, 12 s</span></li>');
      expect(page.text).toContain('Slide 3: a link the platform reads itself');
      // A link has no file of the person's to reorder: the Edit form leaves the slides alone.
      expect(page.text).toContain('Some slides are links');
    });

    it('edits a scheduled post: the store has the new caption, title and time', async () => {
      const [post] = await seed(
        onThreads({
          caption: 'Winter sale',
          scheduledTime: at('2026-01-20T09:30:00Z'),
          dueAt: at('2026-01-20T09:30:00Z'),
        }),
      );
      const id = post?.id ?? '';
      const page = await browser.get(`/app/posts/${id}`);
      expect(page.text).toContain('<h2 id="edit-heading">Edit this post</h2>');
      expect(page.text).toContain('Winter sale</textarea>');
      expect(page.text).toContain(
        'id="edit-time" name="time" type="datetime-local" value="2026-01-20T09:30" required',
      );
      const saved = await browser.post(`/app/posts/${id}/edit`, {
        caption: 'Winter sale, one more day',
        title: 'Last day',
        time: '2026-01-21T10:00',
        media: '',
      });
      expect([saved.status, saved.headers.get('location')]).toEqual([303, `/app/posts/${id}?done=edited`]);
      expect(await stored(id)).toMatchObject({
        status: 'scheduled',
        caption: 'Winter sale, one more day',
        title: 'Last day',
        scheduledTime: at('2026-01-21T10:00:00Z'),
        dueAt: at('2026-01-21T10:00:00Z'),
      });
      const after = await browser.get(`/app/posts/${id}?done=edited`);
      expect(after.text).toContain('<p role="status">Saved: the post now reads as you edited it.</p>');
      // The same values again change nothing.
      const again = await browser.post(`/app/posts/${id}/edit`, {
        caption: 'Winter sale, one more day',
        title: 'Last day',
        time: '2026-01-21T10:00',
        media: '',
      });
      expect(again.headers.get('location')).toBe(`/app/posts/${id}?done=unchanged`);
      expect((await stored(id))?.version).toBe(1);
    });

    it('edits a draft, which stays a draft, and can take its time away', async () => {
      const draft = (
        await createDraft(app.t.deps, ownerOf(user), { caption: 'Teaser', profileIds: [threads.id] })
      )._unsafeUnwrap();
      const page = await browser.get(`/app/posts/${draft.id}`);
      expect(page.text).toContain('<h2 id="edit-heading">Edit this draft</h2>');
      expect(page.text).toContain('empty: right after approval');
      const saved = await browser.post(`/app/posts/${draft.id}/edit`, {
        caption: 'Teaser, reworded',
        title: '',
        time: '2026-02-01T08:00',
        media: '',
      });
      expect(saved.headers.get('location')).toBe(`/app/posts/${draft.id}?done=edited`);
      expect(await stored(draft.id)).toMatchObject({
        status: 'draft',
        caption: 'Teaser, reworded',
        scheduledTime: at('2026-02-01T08:00:00Z'),
        dueAt: null,
      });
      await browser.get(`/app/posts/${draft.id}`);
      await browser.post(`/app/posts/${draft.id}/edit`, {
        caption: 'Teaser, reworded',
        title: '',
        time: '',
        media: '',
      });
      expect((await stored(draft.id))?.scheduledTime).toBeNull();
    });

    it("reorders a draft's slides without JavaScript, saved only with the form", async () => {
      const a = await seedMediaAsset(app.t.store.media, aMediaAsset(user.id));
      const b = await seedMediaAsset(app.t.store.media, aMediaAsset(user.id));
      const draft = (
        await createDraft(app.t.deps, ownerOf(user), {
          caption: 'Two photos',
          profileIds: [instagram.id],
          mediaIds: [a.id, b.id],
        })
      )._unsafeUnwrap();
      await browser.get(`/app/posts/${draft.id}`);
      const fields = { caption: 'Two photos, swapped', title: '', time: '' };
      const moved = await browser.post(`/app/posts/${draft.id}/edit`, {
        ...fields,
        media: `${a.id},${b.id}`,
        slide: 'up:1',
      });
      expect(moved.status).toBe(200);
      expect(moved.text).toContain(`name="media" value="${b.id},${a.id}"`);
      expect(moved.text).toContain('Two photos, swapped</textarea>');
      expect((await stored(draft.id))?.caption).toBe('Two photos');
      await browser.post(`/app/posts/${draft.id}/edit`, { ...fields, media: `${b.id},${a.id}` });
      expect(await stored(draft.id)).toMatchObject({
        caption: 'Two photos, swapped',
        media: [
          { kind: 'asset', mediaId: b.id },
          { kind: 'asset', mediaId: a.id },
        ],
      });
    });

    it('shows a refused edit again with what was typed and each issue, and changes nothing', async () => {
      const [post] = await seed(onThreads({ caption: 'Short', scheduledTime: at('2026-01-20T09:30:00Z') }));
      const id = post?.id ?? '';
      await browser.get(`/app/posts/${id}`);
      const long = `${'x'.repeat(501)} #one`;
      const refused = await browser.post(`/app/posts/${id}/edit`, {
        caption: long,
        title: 'Kept',
        time: '2026-01-20T09:30',
        media: '',
      });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('<p role="alert">Not saved: nothing was changed.</p>');
      expect(refused.text).toMatch(
        /<ul role="alert"><li>The caption measures 506 characters[^<]*Threads takes at most 500/,
      );
      expect(refused.text).toContain(`${long}</textarea>`);
      expect(refused.text).toContain('id="edit-title" name="title" type="text" maxlength="200" value="Kept"');
      expect(await stored(id)).toMatchObject({ caption: 'Short', title: null, version: 0 });
      // A time in the past is refused too, said back in the person's zone.
      await browser.get(`/app/posts/${id}`);
      const past = await browser.post(`/app/posts/${id}/edit`, {
        caption: 'Short',
        title: '',
        time: '2020-01-01T00:00',
        media: '',
      });
      expect(past.status).toBe(400);
      expect(past.text).toContain('That time has passed (Wed 1 Jan, 00:00 UTC time). Pick a later time.');
    });

    it('offers no edit form on a posted post or one awaiting review, and refuses an edit sent anyway', async () => {
      const [posted, review] = await seed(
        onThreads({
          status: 'posted',
          publishedAt: minute(0),
          permalink: 'https://threads.example/p/1',
          dueAt: null,
        }),
        onThreads({ status: 'pending_approval', dueAt: null }),
      );
      for (const post of [posted, review]) {
        const page = await browser.get(`/app/posts/${post?.id}`);
        expect(page.status).toBe(200);
        expect(page.text).not.toContain('edit-heading');
        expect(page.text).not.toContain(`action="/app/posts/${post?.id}/edit"`);
      }
      const refused = await browser.post(`/app/posts/${posted?.id}/edit`, {
        caption: 'Rewritten history',
        title: '',
        time: '',
        media: '',
      });
      expect(refused.status).toBe(409);
      expect(refused.text).toContain('Only drafts and scheduled posts can be edited');
      expect((await stored(posted?.id ?? ''))?.caption).toBe('Hello');
    });

    it("finds no other person's post, to read or to edit", async () => {
      const [post] = await seed(onThreads({ caption: 'Mine alone' }));
      const other = await app.user();
      const intruder = app.client();
      await intruder.signIn(other.email, PASSWORD);
      const page = await intruder.get(`/app/posts/${post?.id}`);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain('Mine alone');
      await intruder.get('/app/posts');
      const edit = await intruder.post(`/app/posts/${post?.id}/edit`, {
        caption: 'Taken over',
        title: '',
        time: '',
        media: '',
      });
      expect(edit.status).toBe(404);
      expect((await stored(post?.id ?? ''))?.caption).toBe('Mine alone');
    });
  });
});
