import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// A client opens a review link in a real Chromium, without an account, against a real server on
// its SQLite file: the token leaves the address bar for a /review cookie, each post shows its
// per-platform preview with slide 1, and the client rejects one post with a note and approves
// another. Screenshots go to test-artifacts/review-links (and to SVC_SCREENS_DIR when set).
const ARTIFACTS = process.env.SVC_SCREENS_DIR ?? join(import.meta.dirname, '../test-artifacts/review-links');

async function photo(label: string, colour: string): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350">
<rect width="100%" height="100%" fill="${colour}"/><text x="50%" y="50%" font-size="120" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" fill="#fff">${label}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
}

describe('a review link in a browser', () => {
  let server: SandboxServer;
  let browser: Browser;
  let page: Page;
  let key: string;
  let url = '';
  const ids: string[] = [];
  const violations: string[] = [];
  const shot = (name: string) =>
    page.screenshot({ path: join(ARTIFACTS, `review-link-${name}.png`), fullPage: true });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    let accounts: Record<string, string>;
    ({ key, accounts } = await seedUser(server, ['threads', 'instagram']));
    const bread = await server.upload(key, await photo('Sourdough', '#b02a73'), 'bread.jpg');
    const menu = await server.upload(key, await photo('New menu', '#1461c9'), 'menu.jpg');
    for (const [caption, mediaId, time] of [
      ['Sourdough is back on Tuesday, fresh from 7 am. #bakery', bread, '2031-05-13T09:30:00Z'],
      ['Our spring menu starts Friday: asparagus, morels and rhubarb tart.', menu, '2031-05-16T12:00:00Z'],
    ] as const) {
      const draft = await server.call('/api/v1/drafts', key, {
        method: 'POST',
        json: { caption, mediaIds: [mediaId], scheduledTime: time, profileIds: [accounts.instagram] },
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      ids.push(draft.body.id);
      const asked = await server.call(`/api/v1/posts/${draft.body.id}/approval`, key, { method: 'POST' });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    }
    const link = await server.call('/api/v1/review-links', key, {
      method: 'POST',
      json: { from: '2031-05-12T00:00:00Z', to: '2031-05-19T00:00:00Z', label: 'Bakery, week 20' },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body.postIds).toEqual(ids);
    url = link.body.url;
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens without an account, the token gone from the address bar, each post previewed', async () => {
    expect(url).toMatch(/\/review\/svc_rev_/);
    await page.goto(url);
    await page.waitForURL(`${server.url}/review`);
    expect(page.url()).not.toContain('svc_rev_');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Posts to review: Bakery, week 20',
    );
    const posts = page.locator('section.review-post');
    expect(await posts.count()).toBe(2);
    expect(await posts.first().textContent()).toContain('Sourdough is back on Tuesday');
    expect(await posts.first().locator('.preview[data-platform="instagram"]').count()).toBe(1);
    // Slide 1 as Instagram frames it, served to the review session only.
    const frame = posts.first().locator('svg.preview-frame image');
    expect(await frame.count()).toBe(1);
    const src = (await frame.getAttribute('href')) ?? '';
    const image = await page.request.get(`${server.url}${src}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
    await shot('open');
  }, 60_000);

  it('rejects one post with a note and approves the other', async () => {
    const first = page.locator('section.review-post').first();
    await first
      .getByLabel('Note (what to change, if you reject)')
      .fill('Please use the photo with the baker.');
    await first.getByLabel('Your name (optional)').fill('Cleo from Bakery');
    await first.getByRole('button', { name: 'Reject' }).click();
    await page.waitForURL(`${server.url}/review?done=rejected`);
    expect(await page.getByRole('status').first().textContent()).toBe('Rejected, with your note.');
    expect(await page.locator('section.review-post').first().locator('.review-decision').textContent()).toBe(
      'Rejected by Cleo from Bakery: “Please use the photo with the baker.”',
    );
    await shot('rejected');

    const second = page.locator('section.review-post').nth(1);
    await second.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${server.url}/review?done=approved`);
    expect(await page.getByText('Every post here has been decided.').isVisible()).toBe(true);
    await shot('decided');

    const [rejected, approved] = await Promise.all(ids.map((id) => server.call(`/api/v1/posts/${id}`, key)));
    expect(rejected?.body.status).toBe('draft');
    expect(approved?.body.status).toBe('scheduled');
    const status = await server.call(`/api/v1/posts/${ids[0]}/approval`, key);
    expect(JSON.stringify(status.body)).toContain('Please use the photo with the baker.');
    expect(violations).toEqual([]);
  }, 60_000);

  it('refuses the link once revoked, clearly', async () => {
    const list = await server.call('/api/v1/review-links', key);
    const id = list.body.reviewLinks[0].id;
    expect((await server.call(`/api/v1/review-links/${id}`, key, { method: 'DELETE' })).status).toBe(200);
    await page.goto(`${server.url}/review`);
    expect(await page.getByRole('alert').textContent()).toContain('withdrawn');
    await shot('revoked');
  }, 60_000);

  it("shows the owner's links in the console, and offers one for the calendar's week", async () => {
    await server.setPassword('ann@example.com', 'a console password');
    const owner = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await owner.goto(`${server.url}/app/sign-in`);
    await owner.getByLabel('Email').fill('ann@example.com');
    await owner.getByLabel('Password').fill('a console password');
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.waitForURL(`${server.url}/app`);
    await owner.goto(`${server.url}/app/review-links`);
    const row = owner.locator('tbody tr').first();
    expect(await row.textContent()).toMatch(/Bakery, week 20.*2 of 2 decided.*revoked/s);
    await owner.screenshot({ path: join(ARTIFACTS, 'review-link-console.png'), fullPage: true });
    await owner.goto(`${server.url}/app/calendar/week?week=2031-05-12`);
    expect(await owner.getByRole('button', { name: 'Review link for this week' }).count()).toBe(1);
    await owner.close();
  }, 60_000);
});
