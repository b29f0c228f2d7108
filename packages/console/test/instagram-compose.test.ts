import type { ConnectedAccount, User } from '@svc/core';
import { aMediaAsset, anAccount, seedMediaAsset } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instagramFormFields, instagramFormFieldsOf, instagramMetaOf } from '../src/instagram-form-meta.js';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

// Issue 37: Compose shows the Instagram settings under Instagram, sends them as
// platformMeta.instagram, and says a refusal next to its field.
describe('Instagram settings in Compose', () => {
  let app: ConsoleApp;
  let user: User;
  let browser: ConsoleClient;
  let account: ConnectedAccount;
  let photo: string;
  let reel: string;

  beforeEach(async () => {
    app = await startConsoleApp();
    user = await app.user(undefined, PASSWORD);
    account = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'instagram', handle: 'maker' }),
    );
    const image = aMediaAsset(user.id, { contentType: 'image/jpeg', width: 1080, height: 1350 });
    photo = (await seedMediaAsset(app.t.store.media, image)).id;
    const video = aMediaAsset(user.id, {
      contentType: 'video/mp4',
      width: 1080,
      height: 1920,
      durationMs: 20_000,
    });
    reel = (await seedMediaAsset(app.t.store.media, video)).id;
    browser = app.client();
    await browser.signIn(user.email, PASSWORD);
  });
  afterEach(() => app.close());

  it('shows the fields only when an Instagram account is connected', async () => {
    expect((await browser.get('/app/compose')).text).toContain(
      '<fieldset id="instagram-options"><legend>Instagram</legend>',
    );
    const other = await startConsoleApp();
    try {
      const ann = await other.user(undefined, PASSWORD);
      await other.t.store.accounts.saveAccount(anAccount(ann.id, { platform: 'threads' }));
      const client = other.client();
      await client.signIn(ann.email, PASSWORD);
      expect((await client.get('/app/compose')).text).not.toContain('instagram-options');
    } finally {
      await other.close();
    }
  });

  it('sends collaborators, tags and the location as platformMeta.instagram, and a copy shows them', async () => {
    await browser.get('/app/compose');
    const sent = await browser.post('/app/compose', {
      account: account.id,
      caption: 'Made in Compose',
      media: [photo, photo],
      'ig-collaborators': '@ana.b, studio_9',
      'ig-tags': 'ana.b 0.5 0.25\nbo 0.1 0.9 2',
      'ig-location': '110843418940484',
      action: 'draft',
    });
    expect(sent.status, sent.text).toBe(303);
    const postId = /\/app\/posts\/(post_\w+)/.exec(sent.headers.get('location') ?? '')?.[1] ?? '';
    expect((await app.t.store.posts.getPost(postId))?.platformMeta).toEqual({
      instagram: {
        collaborators: ['ana.b', 'studio_9'],
        userTags: [
          { username: 'ana.b', x: 0.5, y: 0.25 },
          { username: 'bo', x: 0.1, y: 0.9, mediaIndex: 1 },
        ],
        locationId: '110843418940484',
      },
    });
    const copy = await browser.get(`/app/compose?from=${postId}`);
    expect(copy.text).toContain('value="ana.b, studio_9"');
    expect(copy.text).toContain('ana.b 0.5 0.25\nbo 0.1 0.9 2</textarea>');
  });

  it('sends a reel kept off the feed with its cover frame in milliseconds', async () => {
    await browser.get('/app/compose');
    const sent = await browser.post('/app/compose', {
      account: account.id,
      caption: 'A reel',
      media: reel,
      'ig-share': 'no',
      'ig-cover-second': '2.5',
      action: 'draft',
    });
    expect(sent.status, sent.text).toBe(303);
    const postId = /\/app\/posts\/(post_\w+)/.exec(sent.headers.get('location') ?? '')?.[1] ?? '';
    expect((await app.t.store.posts.getPost(postId))?.platformMeta).toEqual({
      instagram: { shareToFeed: false, thumbOffset: 2500 },
    });
  });

  it('keeps the form and says why when a setting is refused', async () => {
    await browser.get('/app/compose');
    const refused = await browser.post('/app/compose', {
      account: account.id,
      caption: 'Made in Compose',
      media: photo,
      'ig-collaborators': 'a, b, c, d',
      'ig-tags': 'ana 1.5 0.5',
      action: 'schedule',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('at most 3 collaborators');
    expect(refused.text).toContain('x is a number from 0 to 1');
    expect(refused.text).toContain('value="a, b, c, d"');
  });

  it('turns the fields into options and back: empty ones left out, text that is no number kept for the policy', () => {
    const fields = (values: Record<string, string>) => instagramFormFields((name) => values[name] ?? null);
    expect(instagramMetaOf(fields({}))).toBeNull();
    expect(instagramMetaOf(fields({ 'ig-tags': 'ana left 0.5', 'ig-cover-second': 'soon' }))).toEqual({
      userTags: [{ username: 'ana', x: 'left', y: 0.5 }],
      thumbOffset: 'soon',
    });
    const meta = {
      collaborators: ['a'],
      userTags: [{ username: 'b', x: 0, y: 1, mediaIndex: 2 }],
      thumbOffset: 1500,
    };
    expect(instagramMetaOf(instagramFormFieldsOf(meta) as never)).toEqual(meta);
  });
});
