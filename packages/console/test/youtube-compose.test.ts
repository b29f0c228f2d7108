import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { youtubeFormFields, youtubeMetaOf } from '../src/youtube-form-meta.js';
import { composeWithoutPlatform, type PlatformCompose, startPlatformCompose } from './platform-compose.js';

// Issue 37: Compose shows the YouTube settings under YouTube, sends them as platformMeta.youtube,
// and says a refusal next to its field; the audience has no default choice.
describe('YouTube settings in Compose', () => {
  let c: PlatformCompose;
  let video: string;

  beforeEach(async () => {
    c = await startPlatformCompose('youtube', 'maker');
    video = await c.media();
  });
  afterEach(() => c.app.close());

  it('shows the fields only when a YouTube channel is connected, the audience undecided', async () => {
    const page = await c.browser.get('/app/compose');
    expect(page.text).toContain('<fieldset id="youtube-options"><legend>YouTube</legend>');
    expect(page.text).toMatch(
      /<select id="yt-kids" name="yt-kids"><option value="" selected>Choose…<\/option>/,
    );
    expect(await composeWithoutPlatform()).not.toContain('youtube-options');
  });

  it('sends the settings as platformMeta.youtube', async () => {
    await c.browser.get('/app/compose');
    const sent = await c.browser.post('/app/compose', {
      account: c.account.id,
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
    const post = await c.sentPost(sent);
    expect(post?.platformMeta).toEqual({
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
    const copy = await c.browser.get(`/app/compose?from=${post?.id}`);
    expect(copy.text).toContain('<option value="unlisted" selected>');
    expect(copy.text).toContain('value="music, live set"');
  });

  it('keeps the form and says why when a setting is refused', async () => {
    await c.browser.get('/app/compose');
    const refused = await c.browser.post('/app/compose', {
      account: c.account.id,
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
