import { describe, expect, it } from 'vitest';
import type { PolicyInput, PolicyMedia, PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

const IMAGE = { contentType: 'image/jpeg', width: 1080, height: 1350 };
const VIDEO = { contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 30_000 };

function withMeta(instagram: unknown, media: readonly PolicyMedia[] = [IMAGE]): PolicyResult {
  return validatePostPolicy({
    caption: 'Spring drop',
    platforms: ['instagram'],
    media,
    platformMeta: { instagram },
  } as PolicyInput);
}

const errorsOf = (result: PolicyResult) => result.errors.map((e) => ({ code: e.code, field: e.field }));
const refused = (field: string) => [
  { code: 'invalid_instagram_option', field: `platformMeta.instagram.${field}` },
];

describe('Instagram settings', () => {
  it('accepts collaborators, tags and a location on an image', () => {
    const result = withMeta({
      collaborators: ['ana.b', 'studio_9', 'x'],
      userTags: [
        { username: 'ana.b', x: 0, y: 1 },
        { username: 'bo_c', x: 0.5, y: 0.25 },
      ],
      locationId: '110843418940484',
    });
    expect(result).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it('accepts tags per image slide of a carousel, and collaborators on its parent', () => {
    const result = withMeta(
      {
        collaborators: ['ana.b'],
        userTags: [
          { username: 'ana.b', x: 0.1, y: 0.1, mediaIndex: 0 },
          { username: 'ana.b', x: 0.9, y: 0.9, mediaIndex: 2 },
        ],
      },
      [IMAGE, VIDEO, IMAGE],
    );
    expect(result.ok).toBe(true);
  });

  it('accepts the reel options on a single video', () => {
    expect(withMeta({ shareToFeed: false, thumbOffset: 2500, collaborators: ['ana.b'] }, [VIDEO])).toEqual({
      ok: true,
      errors: [],
      warnings: [],
    });
  });

  it('refuses more than 3 collaborators, duplicates and handles that cannot be usernames', () => {
    expect(errorsOf(withMeta({ collaborators: ['a', 'b', 'c', 'd'] }))).toEqual(refused('collaborators'));
    expect(errorsOf(withMeta({ collaborators: ['Ana', 'ana'] }))).toEqual(refused('collaborators[1]'));
    for (const bad of ['.ana', 'ana.', 'a..b', 'ana b', 'x'.repeat(31), 'ana-b', '']) {
      expect(errorsOf(withMeta({ collaborators: [bad] })), bad).toEqual(refused('collaborators[0]'));
    }
    const at = withMeta({ collaborators: ['@ana'] });
    expect(at.errors[0]?.message).toContain('without the @: "ana"');
    expect(errorsOf(withMeta({ collaborators: 'ana' }))).toEqual(refused('collaborators'));
  });

  it('refuses tags outside the image, on a video slide or past the last slide', () => {
    expect(errorsOf(withMeta({ userTags: [{ username: 'ana', x: 1.2, y: 0.5 }] }))).toEqual(
      refused('userTags[0].x'),
    );
    expect(errorsOf(withMeta({ userTags: [{ username: 'ana', x: 0.5, y: -0.1 }] }))).toEqual(
      refused('userTags[0].y'),
    );
    expect(errorsOf(withMeta({ userTags: [{ username: 'ana', x: '0.5', y: 0.5 }] }))).toEqual(
      refused('userTags[0].x'),
    );
    const onVideo = withMeta({ userTags: [{ username: 'ana', x: 0.5, y: 0.5, mediaIndex: 1 }] }, [
      IMAGE,
      VIDEO,
    ]);
    expect(errorsOf(onVideo)).toEqual(refused('userTags[0].mediaIndex'));
    expect(onVideo.errors[0]?.message).toContain('images only');
    expect(errorsOf(withMeta({ userTags: [{ username: 'ana', x: 0.5, y: 0.5 }] }, [VIDEO]))).toEqual(
      refused('userTags[0].mediaIndex'),
    );
    expect(errorsOf(withMeta({ userTags: [{ username: 'ana', x: 0.5, y: 0.5, mediaIndex: 3 }] }))).toEqual(
      refused('userTags[0].mediaIndex'),
    );
    expect(errorsOf(withMeta({ userTags: [{ username: 'a b', x: 0.5, y: 0.5 }] }))).toEqual(
      refused('userTags[0].username'),
    );
    expect(
      errorsOf(
        withMeta({
          userTags: [
            { username: 'ana', x: 0.1, y: 0.1 },
            { username: 'ANA', x: 0.2, y: 0.2 },
          ],
        }),
      ),
    ).toEqual(refused('userTags[1].username'));
  });

  it('refuses more than 20 people tagged on one image', () => {
    const tags = Array.from({ length: 21 }, (_, i) => ({ username: `person${i}`, x: 0.5, y: 0.5 }));
    expect(errorsOf(withMeta({ userTags: tags }))).toEqual(refused('userTags'));
    expect(errorsOf(withMeta({ userTags: tags.slice(0, 20) }))).toEqual([]);
  });

  it('refuses a location that is not a Page id', () => {
    expect(errorsOf(withMeta({ locationId: 'Paris' }))).toEqual(refused('locationId'));
    expect(errorsOf(withMeta({ locationId: 110843418940484 }))).toEqual(refused('locationId'));
  });

  it('refuses the reel options on anything but a single video', () => {
    expect(errorsOf(withMeta({ shareToFeed: false }))).toEqual(refused('shareToFeed'));
    expect(errorsOf(withMeta({ thumbOffset: 100 }, [VIDEO, VIDEO]))).toEqual(refused('thumbOffset'));
    expect(errorsOf(withMeta({ shareToFeed: 'no' }, [VIDEO]))).toEqual(refused('shareToFeed'));
  });

  it('refuses a cover frame that is negative, fractional, past the end, or given with a cover image', () => {
    for (const thumbOffset of [-1, 1.5, 30_000]) {
      expect(errorsOf(withMeta({ thumbOffset }, [VIDEO])), String(thumbOffset)).toEqual(
        refused('thumbOffset'),
      );
    }
    const both = withMeta({ thumbOffset: 100, coverUrl: 'https://media.example/c.jpg' }, [VIDEO]);
    expect(both.errors[0]?.message).toContain('not both');
  });

  it('leaves other platforms alone', () => {
    const result = validatePostPolicy({
      caption: 'Hi',
      platforms: ['threads'],
      platformMeta: { instagram: { collaborators: ['a', 'b', 'c', 'd'] } },
    } as PolicyInput);
    expect(result.ok).toBe(true);
  });
});
