import type { ConnectedAccount, User } from '@svc/core';
import { aMediaAsset, anAccount, seedMediaAsset } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { youtubeFormFields, youtubeMetaOf } from '../src/youtube-form-meta.js';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

// Issue 37: Compose shows the YouTube settings under YouTube, sends them as platformMeta.youtube,
// and says a refusal next to its field; the audience has no default choice.
describe('YouTube settings in Compose', () => {
  let app: ConsoleApp;
  let user: User;
  let browser: ConsoleClient;
  let channel: ConnectedAccount;
  let video: string;

  beforeEach(async () => {
    app = await startConsoleApp();
    user = await app.user(undefined, PASSWORD);
    channel = await app.t.store.accounts.saveAccount(
      anAccount(user.id, { platform: 'youtube', handle: 'maker' }),
    );
    const asset = aMediaAsset(user.id, {
      contentType: 'video/mp4',
      width: 1080,
      height: 1920,
      durationMs: 20_000,
    });
    video = (await seedMediaAsset(app.t.store.media, asset)).id;
    browser = app.client();
    await browser.signIn(user.email, PASSWORD);
  });
  afterEach(() => app.close());

  it('shows the fields only when a YouTube channel is connected, the audience undecided', async () => {
    const page = await browser.get('/app/compose');
    expect(page.text).toContain('<fieldset id="youtube-options"><legend>YouTube</legend>');
    expect(page.text).toMatch(
      /<select id="yt-kids" name="yt-kids"><option value="" selected>Choose…<\/option>/,
    );
    const other = await startConsoleApp();
    try {
      const ann = await other.user(undefined, PASSWORD);
      await other.t.store.accounts.saveAccount(anAccount(ann.id, { platform: 'threads' }));
      const client = other.client();
      await client.signIn(ann.email, PASSWORD);
      expect((await client.get('/app/compose')).text).not.toContain('youtube-options');
    } finally {
      await other.close();
    }
  });

  it('sends the settings as platformMeta.youtube', async () => {
    await browser.get('/app/compose');
    const sent = await browser.post('/app/compose', {
      account: channel.id,
      title: 'A Short',
      caption: 'Made in Compose',
      media: video,
      'yt-privacy': 'unlisted',
      'yt-kids': 'no',
      'yt-notify': 'no',
      'yt-category': '10',
      'yt-tags': 'music, live set',
      'yt-playlist': 'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf',
      'yt-language': 'fr',
      action: 'draft',
    });
    expect(sent.status, sent.text).toBe(303);
    const postId = /\/app\/posts\/(post_\w+)/.exec(sent.headers.get('location') ?? '')?.[1] ?? '';
    expect((await app.t.store.posts.getPost(postId))?.platformMeta).toEqual({
      youtube: {
        privacyStatus: 'unlisted',
        madeForKids: false,
        notifySubscribers: false,
        categoryId: '10',
        tags: ['music', 'live set'],
        playlistId: 'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf',
        defaultLanguage: 'fr',
      },
    });
    // A copy opens with the same settings.
    const copy = await browser.get(`/app/compose?from=${postId}`);
    expect(copy.text).toContain('<option value="unlisted" selected>');
    expect(copy.text).toContain('value="music, live set"');
  });

  it('keeps the form and says why when a setting is refused', async () => {
    await browser.get('/app/compose');
    const refused = await browser.post('/app/compose', {
      account: channel.id,
      title: 'A Short',
      caption: 'Made in Compose',
      media: video,
      'yt-kids': 'yes',
      'yt-tags': 'fine, <b>bold</b>',
      action: 'schedule',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('cannot be a YouTube tag');
    expect(refused.text).toContain('value="fine, &#60;b&#62;bold&#60;/b&#62;"');
  });

  it('turns the fields into options: empty ones left out, yes/no as booleans', () => {
    const fields = (values: Record<string, string>) => youtubeFormFields((name) => values[name] ?? null);
    expect(youtubeMetaOf(fields({}))).toBeNull();
    expect(youtubeMetaOf(fields({ 'yt-kids': 'yes', 'yt-tags': ' a ,, b ' }))).toEqual({
      madeForKids: true,
      tags: ['a', 'b'],
    });
  });
});
