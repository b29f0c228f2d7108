import { join } from 'node:path';
import { mintSandboxAccount } from '@svc/sandbox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONSOLE_ARTIFACTS as ARTIFACTS,
  type ConsoleSandbox,
  startConsoleSandbox,
} from './console-sandbox.js';
import { settled } from './sandbox-server.js';
import { verticalVideo } from './vertical-video.js';

// Issue 37's TikTok audit rules in a real browser, one per step: the posting-limit message, no
// default privacy level (the creator's live choices only), interactions off until ticked and
// greyed where the creator turned them off, the disclosure's label and consent sentences, branded
// content never private, the AI label, and what reaches the TikTok simulator. Then Facebook's link
// preview. Screenshots are left in test-artifacts/console.
describe('TikTok audit rules and the Facebook link in Compose, in a browser', () => {
  let world: ConsoleSandbox & { readonly video: string };
  let openId: string;

  beforeAll(async () => {
    vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
    const started = await startConsoleSandbox(['tiktok', 'facebook'], { width: 1024, height: 900 });
    const video = await started.server.upload(
      started.key,
      verticalVideo({ durationMs: 10_000, totalBytes: 300 * 1024 }),
      'clip.mp4',
    );
    world = { ...started, video };
    openId = mintSandboxAccount({
      platform: 'tiktok',
      handle: 'ann_tiktok',
      secret: 'any',
      baseUrl: world.server.url,
      now: new Date(),
    }).platformAccountId;
  }, 60_000);
  afterAll(async () => {
    vi.resetConfig();
    await world?.close();
  });

  /** Schedules what Compose holds and waits for it to be published; the post as REST answers it. */
  async function scheduleAndPublish() {
    const { page, server } = world;
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Scheduled');
    const postId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const post = await settled(server, world.key, postId, 60_000);
    expect(post.status, post.failedReason).toBe('posted');
    return post;
  }

  const fieldset = () => world.page.locator('#tiktok-options');
  const visible = (text: string) => fieldset().getByText(text, { exact: true }).isVisible();

  it('says TikTok’s posting-limit message while the creator cannot post', async () => {
    const { page, server } = world;
    server.sandbox.control.setTikTokCreator(openId, { cannotPost: 'spam_risk_too_many_posts' });
    await page.goto(`${server.url}/app/compose?media=${world.video}`);
    const limit = fieldset().getByRole('alert');
    await expect.poll(() => limit.textContent()).toContain('Try again later');
    await fieldset().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'tiktok-compose-posting-limit.png'), fullPage: true });
    server.sandbox.control.setTikTokCreator(openId, { cannotPost: null });
  });

  it('follows the creator’s options and the disclosure rules, and the simulator gets the labels', async () => {
    const { page, server } = world;
    server.sandbox.control.setTikTokCreator(openId, {
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      commentDisabled: true,
      maxVideoPostDurationSec: 60,
    });
    await page.goto(`${server.url}/app/compose?media=${world.video}`);
    expect(await fieldset().getByRole('alert').count()).toBe(0);
    await page.getByRole('checkbox', { name: /TikTok @ann_tiktok/ }).check();
    await page.getByLabel('Caption', { exact: true }).fill('How the loaf rises');
    await page.getByLabel('Title (YouTube and TikTok)').fill('Bread');

    // No default privacy level: the person picks one of the creator's own.
    const privacy = page.getByLabel("TikTok: who can see it (the creator's own choices)");
    expect(await privacy.inputValue()).toBe('');
    expect(
      await privacy.locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value'))),
    ).toEqual(['', 'PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY']);
    expect(await fieldset().textContent()).toContain('Videos up to 60 seconds');

    // Interactions start off; comments are greyed, the creator turned them off.
    const comment = fieldset().getByRole('checkbox', { name: /Comment/ });
    expect(await comment.isDisabled()).toBe(true);
    expect(await fieldset().textContent()).toContain("turned off in @ann_tiktok's TikTok settings");
    const duet = fieldset().getByRole('checkbox', { name: /Duet/ });
    expect([await duet.isChecked(), await duet.isDisabled()]).toEqual([false, false]);

    // The disclosure: whom it promotes, then the label and consent TikTok words.
    const consent = "By posting, you agree to TikTok's Music Usage Confirmation.";
    expect(await visible(consent)).toBe(true);
    await fieldset()
      .getByRole('checkbox', { name: /Disclose commercial content/ })
      .check();
    expect(
      await visible('You need to indicate if your content promotes yourself, a third party, or both.'),
    ).toBe(true);
    await page.getByRole('checkbox', { name: /Your brand/ }).check();
    expect(await visible("Your video will be labeled as 'Promotional content'.")).toBe(true);
    await page.getByRole('checkbox', { name: /Branded content:/ }).check();
    expect(await visible("Your video will be labeled as 'Paid partnership'.")).toBe(true);
    expect(
      await visible("By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation."),
    ).toBe(true);
    expect(await visible(consent)).toBe(false);
    expect(await visible('Branded content visibility cannot be set to private.')).toBe(true);

    // Branded content cannot be private: the live checks refuse SELF_ONLY.
    const issues = page.locator('#issues');
    await privacy.selectOption('SELF_ONLY');
    await expect.poll(() => issues.textContent()).toContain('other than SELF_ONLY');
    await privacy.selectOption('FOLLOWER_OF_CREATOR');
    await duet.check();
    await fieldset()
      .getByRole('checkbox', { name: /AI-generated content/ })
      .check();
    await expect.poll(() => page.locator('#issues .error').count()).toBe(0);
    await fieldset().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'tiktok-compose-disclosure.png'), fullPage: true });

    const post = await scheduleAndPublish();
    expect(post.platformMeta.tiktok).toMatchObject({
      privacyLevel: 'FOLLOWER_OF_CREATOR',
      disableComment: true,
      disableDuet: false,
      disableStitch: true,
      commercialContentDisclosure: true,
      brandOrganicOptIn: true,
      brandContentOptIn: true,
      isAigc: true,
    });
    expect(server.sandbox.control.tiktokPublish(String(post.permalink).split('/').pop() ?? '')).toMatchObject(
      {
        privacyLevel: 'FOLLOWER_OF_CREATOR',
        brandContentToggle: true,
        brandOrganicToggle: true,
        isAigc: true,
      },
    );
  }, 120_000);

  it('sends a Facebook text post with its link preview, refusing a link that is no web address', async () => {
    const { page, server } = world;
    await page.goto(`${server.url}/app/compose`);
    await page.getByRole('checkbox', { name: /Facebook @ann_facebook/ }).check();
    await page.getByLabel('Caption', { exact: true }).fill('Our sourdough guide');
    const link = page.getByLabel('Facebook: link preview (text posts only; an http(s) address)');
    await link.fill('ftp://bea.example/guide');
    const issues = page.locator('#issues');
    await expect.poll(() => issues.textContent()).toContain('http(s) URL');
    await link.fill('https://bea.example/blog/sourdough');
    await expect.poll(() => page.locator('#issues .error').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'facebook-compose-link.png'), fullPage: true });
    const post = await scheduleAndPublish();
    expect(server.sandbox.control.published('facebook')).toEqual([
      expect.objectContaining({ permalink: post.permalink, link: 'https://bea.example/blog/sourdough' }),
    ]);
  }, 60_000);
});
