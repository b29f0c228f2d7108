import type { User } from '@svc/core';
import { anAccount, aPost, seedPublishedPosts } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

// Issue 35 item 4: the analytics page suggests posting slots per account, measured or platform
// defaults (labelled as such), and "Use these slots" makes them the account's slots. The test
// clock reads 2026-01-15T12:00Z; the person's zone is New York (UTC−5 in winter).
describe('suggested posting slots on the analytics page', () => {
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

  it('shows measured slots and platform defaults apart, and uses the measured ones on request', async () => {
    const instagram = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'instagram', handle: 'shop' }),
    );
    const youtube = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'youtube', handle: 'channel' }),
    );
    // Tuesdays 09:30 New York (engagement 80), Thursdays 17:10 (40), Saturdays 11:00 (20).
    const plan: [string[], string, number][] = [
      [['2025-12-16', '2025-12-23', '2025-12-30', '2026-01-06', '2026-01-13'], '14:30', 70],
      [['2025-12-18', '2025-12-25', '2026-01-01', '2026-01-08'], '22:10', 30],
      [['2025-12-20', '2025-12-27', '2026-01-03'], '16:00', 10],
    ];
    const seeds = plan.flatMap(([dates, time, likes]) =>
      dates.map((date) => ({
        post: aPost(user.id, instagram.id, { id: `post_${date}_${time.replace(':', '')}` }),
        publishedAt: new Date(`${date}T${time}:00Z`),
        metrics: { likes, comments: 10 },
      })),
    );
    await seedPublishedPosts(app.t.store, app.t.clock.now(), seeds);

    const page = await browser.get('/app/analytics');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="suggested-slots">Suggested posting slots</h2>');
    expect(page.text).toContain(
      '<strong>Measured</strong> on this account: 12 posts with figures in the last 90 days.',
    );
    expect(page.text).toContain('Tuesday 09:00 <span class="muted">(5 posts, 80 engagement per post)</span>');
    expect(page.text).toContain('Thursday 17:00');
    expect(page.text).toContain('Saturday 11:00');
    expect(page.text).toContain('<strong>Platform defaults</strong>, not measured: no post with figures');
    expect(page.text).toContain('general industry guidance, not measured on this account');
    expect(page.text).toContain(`action="/app/analytics/accounts/${youtube.id}/slots"`);

    const used = await browser.post(`/app/analytics/accounts/${instagram.id}/slots`, {
      timeZone: 'America/New_York',
    });
    expect(used.status).toBe(303);
    const location = used.headers.get('location') ?? '';
    expect(location).toBe(`/app/analytics?slots=${instagram.id}#suggested-slots`);
    const after = await browser.get(location);
    expect(after.text).toContain('The suggested slots are now the posting slots of @shop.');
    expect(await app.t.store.postingSlots.getPostingSchedule(instagram.id)).toEqual({
      timeZone: 'America/New_York',
      slots: [
        { day: 'tue', time: '09:00' },
        { day: 'thu', time: '17:00' },
        { day: 'sat', time: '11:00' },
      ],
    });
    expect(await app.t.store.postingSlots.getPostingSchedule(youtube.id)).toBeNull();
  });

  it('refuses a form without its anti-forgery token, and a zone that is not one, changing nothing', async () => {
    const instagram = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'instagram' }));
    await browser.get('/app/analytics');
    const forged = await browser.post(`/app/analytics/accounts/${instagram.id}/slots`, { _csrf: 'forged' });
    expect(forged.status).toBe(403);
    await browser.get('/app/analytics');
    const bad = await browser.post(`/app/analytics/accounts/${instagram.id}/slots`, {
      timeZone: 'Mars/Base',
    });
    expect(bad.status).toBe(409);
    expect(bad.text).toContain('Mars/Base is not a time zone');
    expect(await app.t.store.postingSlots.getPostingSchedule(instagram.id)).toBeNull();
  });
});
