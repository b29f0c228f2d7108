import { describe, expect, it } from 'vitest';
import type { PolicyInput, PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';
import { youtubeTagsLength } from './youtube-tags-length.js';

const VIDEO = { contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 30_000 };

function withMeta(youtube: unknown): PolicyResult {
  return validatePostPolicy({
    caption: 'Hi',
    title: 'A Short',
    platforms: ['youtube'],
    media: [VIDEO],
    platformMeta: { youtube },
  } as PolicyInput);
}

const errorsOf = (result: PolicyResult) => result.errors.map((e) => ({ code: e.code, field: e.field }));

describe('YouTube settings', () => {
  it('accepts every option as documented', () => {
    const result = withMeta({
      privacyStatus: 'unlisted',
      notifySubscribers: false,
      madeForKids: true,
      categoryId: '10',
      tags: ['music', 'live set', 'été'],
      playlistId: 'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf',
      defaultLanguage: 'pt-BR',
    });
    expect(result).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it.each(['public', 'unlisted', 'private'])('accepts the privacy status %s', (privacyStatus) => {
    expect(withMeta({ privacyStatus, madeForKids: false }).ok).toBe(true);
  });

  it('warns, without refusing, when the audience is not declared, and says what is sent instead', () => {
    const result = withMeta({ privacyStatus: 'public' });
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      expect.objectContaining({
        code: 'made_for_kids_undeclared',
        platform: 'youtube',
        field: 'platformMeta.youtube.madeForKids',
        message: expect.stringContaining('declared not made for kids'),
      }),
    ]);
  });

  it('warns when platformMeta.youtube is absent altogether, and only for YouTube', () => {
    expect(withMeta(undefined).warnings.map((w) => w.code)).toEqual(['made_for_kids_undeclared']);
    const threads = validatePostPolicy({ caption: 'Hi', platforms: ['threads'] });
    expect(threads.warnings).toEqual([]);
  });

  it.each([
    ['privacyStatus', { privacyStatus: 'PUBLIC' }, /Did you mean public\?/],
    ['privacyStatus', { privacyStatus: 'friends' }, /public, unlisted or private/],
    ['notifySubscribers', { notifySubscribers: 'no' }, /true or false/],
    ['madeForKids', { madeForKids: 0 }, /true or false/],
    ['categoryId', { categoryId: 'Music' }, /"22"/],
    ['categoryId', { categoryId: 22 }, /as a string/],
    ['tags', { tags: 'a,b' }, /list of strings/],
    ['tags[1]', { tags: ['ok', 'a<b'] }, /Tag 2/],
    ['tags[0]', { tags: ['  '] }, /non-empty/],
    ['tags', { tags: Array.from({ length: 101 }, () => 'abcd') }, /504 characters.*allows 500/],
    ['playlistId', { playlistId: 'https://youtube.com/playlist?list=PL1' }, /list=/],
    ['defaultLanguage', { defaultLanguage: 'English' }, /BCP-47/],
  ])('refuses a bad %s (%j)', (field, youtube, message) => {
    const result = withMeta({ madeForKids: false, ...youtube });
    expect(result.ok).toBe(false);
    expect(errorsOf(result)).toEqual([
      { code: 'invalid_youtube_option', field: `platformMeta.youtube.${field}` },
    ]);
    expect(result.errors[0]?.message).toMatch(message);
  });

  it('counts tags as YouTube does: commas between, quotes around tags with spaces', () => {
    expect(youtubeTagsLength([])).toBe(0);
    expect(youtubeTagsLength(['a', 'b c'])).toBe(1 + 1 + 5);
    // 100 tags of 4 characters and 99 commas: 499, then one more 'ab b' tag with its quotes: 506.
    const tags = Array.from({ length: 100 }, () => 'abcd');
    expect(youtubeTagsLength(tags)).toBe(499);
    expect(withMeta({ madeForKids: false, tags }).ok).toBe(true);
    expect(withMeta({ madeForKids: false, tags: [...tags, 'ab b'] }).ok).toBe(false);
  });
});
