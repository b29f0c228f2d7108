import type { User } from '@svc/core';
import { anAccount, aPost, seedPublishedPosts } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';
const HOSTILE =
  '<script>alert(1)</script> Spring & summer sale: everything in the shop at half price, this week only!';

// Issue 30: the analytics page said "When it works best (UTC)" to a person whose zone is
// America/New_York, and listed top posts by id. The test clock reads 2026-01-15T12:00Z.
describe("the analytics page in the person's zone, with captions", () => {
  let app: ConsoleApp;
  let user: User;
  let browser: ConsoleClient;
  beforeEach(async () => {
    app = await startConsoleApp();
    user = await app.user();
    browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    await browser.get('/app/account');
    await browser.post('/app/account/time-zone', { timeZone: 'America/New_York' });
  });
  afterEach(() => app.close());

  it('says when posts work best in the person’s zone, and names top posts by caption', async () => {
    const instagram = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'instagram' }));
    await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'youtube' }));
    // Ten posts: six on Tuesday 13 January at 14:xx UTC (09:xx in New York) doing well, four on
    // Wednesday at 20:xx UTC (15:xx in New York) doing less well.
    const seeds = Array.from({ length: 10 }, (_, i) => {
      const tuesday = i < 6;
      const at = tuesday
        ? `2026-01-13T14:${String(i * 5).padStart(2, '0')}:00Z`
        : `2026-01-14T20:${String(i * 5).padStart(2, '0')}:00Z`;
      return {
        post: aPost(user.id, instagram.id, {
          id: `post_best${i}`,
          platforms: ['instagram'],
          caption: i === 0 ? HOSTILE : `Post number ${i}`,
        }),
        publishedAt: new Date(at),
        // The post with the hostile caption does best of all.
        metrics: { views: 100, likes: i === 0 ? 60 : tuesday ? 50 + i : 5 + i, comments: 1 },
      };
    });
    await seedPublishedPosts(app.t.store, app.t.clock.now(), seeds);

    const page = await browser.get('/app/analytics?days=7');
    expect(page.status).toBe(200);
    expect(page.text).toContain('When it works best (New York time)');
    expect(page.text).not.toContain('(UTC)');
    // 14:00 UTC is 09:00 in New York in January; Tuesday stays Tuesday there.
    expect(page.text).toContain('Hour: 09:00–10:00 (6 posts)');
    expect(page.text).toContain('Weekday: Tuesday (6 posts)');
    expect(page.text).not.toContain('14:00–15:00');

    // Top posts by caption: escaped, cut to a preview, each a link to its post.
    expect(page.text).toContain(
      '<a href="/app/posts/post_best0">&#60;script&#62;alert(1)&#60;/script&#62; Spring &#38; summer sale: everything in the shop at half …</a>: 61 engagement',
    );
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toContain('<a href="/app/posts/post_best5">Post number 5</a>: 56 engagement');
    expect(page.text).not.toContain('post_best1"');
    expect(page.text).not.toMatch(/<a href="\/app\/posts\/post_best\d">post_best/);
    // A connected platform without posts says so, rather than being left out.
    expect(page.text).toMatch(/<h3>YouTube<\/h3><p class="muted">Nothing published in this window\.<\/p>/);
  });
});
