import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instagramFormFields, instagramFormFieldsOf, instagramMetaOf } from '../src/instagram-form-meta.js';
import { composeWithoutPlatform, type PlatformCompose, startPlatformCompose } from './platform-compose.js';

// Issue 37: Compose shows the Instagram settings under Instagram, sends them as
// platformMeta.instagram, and says a refusal next to its field.
describe('Instagram settings in Compose', () => {
  let c: PlatformCompose;
  let photo: string;

  beforeEach(async () => {
    c = await startPlatformCompose('instagram', 'maker');
    photo = await c.media({ contentType: 'image/jpeg', width: 1080, height: 1350 });
    await c.browser.get('/app/compose');
  });
  afterEach(() => c.app.close());

  const draft = (fields: Record<string, string | string[]>) =>
    c.browser.post('/app/compose', {
      account: c.account.id,
      caption: 'Made in Compose',
      action: 'draft',
      ...fields,
    });

  it('shows the fields only when an Instagram account is connected', async () => {
    expect((await c.browser.get('/app/compose')).text).toContain(
      '<fieldset id="instagram-options"><legend>Instagram</legend>',
    );
    expect(await composeWithoutPlatform()).not.toContain('instagram-options');
  });

  it('sends collaborators, tags and the location as platformMeta.instagram, and a copy shows them', async () => {
    const sent = await draft({
      media: [photo, photo],
      'ig-collaborators': '@ana.b, studio_9',
      'ig-tags': 'ana.b 0.5 0.25\nbo 0.1 0.9 2',
      'ig-location': '110843418940484',
    });
    expect(sent.status, sent.text).toBe(303);
    const post = await c.sentPost(sent);
    expect(post?.platformMeta).toEqual({
      instagram: {
        collaborators: ['ana.b', 'studio_9'],
        userTags: [
          { username: 'ana.b', x: 0.5, y: 0.25 },
          { username: 'bo', x: 0.1, y: 0.9, mediaIndex: 1 },
        ],
        locationId: '110843418940484',
      },
    });
    const copy = await c.browser.get(`/app/compose?from=${post?.id}`);
    expect(copy.text).toContain('value="ana.b, studio_9"');
    expect(copy.text).toContain('ana.b 0.5 0.25\nbo 0.1 0.9 2</textarea>');
  });

  it('sends a reel kept off the feed with its cover frame in milliseconds', async () => {
    const sent = await draft({ media: await c.media(), 'ig-share': 'no', 'ig-cover-second': '2.5' });
    expect(sent.status, sent.text).toBe(303);
    expect((await c.sentPost(sent))?.platformMeta).toEqual({
      instagram: { shareToFeed: false, thumbOffset: 2500 },
    });
  });

  it('keeps the form and says why when a setting is refused', async () => {
    const refused = await draft({
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
    expect(instagramMetaOf(instagramFormFieldsOf(meta))).toEqual(meta);
  });
});
