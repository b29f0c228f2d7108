import { describe, expect, it } from 'vitest';
import { mergePolicyConfig, type PolicyConfig } from './platform-limits.js';
import { CLEAN, found, messageOf } from './policy-test-support.js';
import type { PolicyInput, PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

const MB = 1024 * 1024;
const JPEG = { contentType: 'image/jpeg', width: 1080, height: 1350 };
const VIDEO = { contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 30_000 };
const TIKTOK = { title: 'T', platformMeta: { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } } };
const EXTRA: Record<string, object> = {
  tiktok: TIKTOK,
  youtube: { title: 'T', platformMeta: { youtube: { madeForKids: false } } },
};

function post(platform: string, media: readonly object[], config?: PolicyConfig): PolicyResult {
  return validatePostPolicy(
    {
      caption: 'Hi',
      platforms: [platform],
      media,
      ...EXTRA[platform],
    } as PolicyInput,
    config,
  );
}

/** The policy of a service that does not convert images, so platforms' own image rules apply. */
const NO_CONVERSION = mergePolicyConfig({ convertibleImageTypes: [] });

const clean = (result: PolicyResult) => expect(result).toEqual(CLEAN);
const slides = (n: number, slide: object) => Array.from({ length: n }, () => slide);

describe('required media', () => {
  it.each(['instagram', 'tiktok'])('%s needs media', (platform) => {
    const result = post(platform, []);
    expect(found(result, 'media_required')).toEqual([
      { code: 'media_required', severity: 'error', platform, field: 'media' },
    ]);
    expect(messageOf(result, 'media_required')).toContain('add media');
  });

  it('YouTube needs a video', () => {
    expect(found(post('youtube', []), 'video_required', 'media_required')).toEqual([
      { code: 'video_required', severity: 'error', platform: 'youtube', field: 'media' },
    ]);
  });

  it.each(['threads', 'facebook'])('%s takes text-only posts', (platform) => {
    clean(post(platform, []));
  });
});

describe('slide counts', () => {
  it('Instagram: 10 slides pass, 11 fail', () => {
    clean(post('instagram', slides(10, JPEG)));
    const result = post('instagram', slides(11, JPEG));
    expect(found(result, 'too_many_slides')).toEqual([
      { code: 'too_many_slides', severity: 'error', platform: 'instagram', field: 'media' },
    ]);
    expect(messageOf(result, 'too_many_slides')).toContain('at most 10 slides');
  });

  it('TikTok: 35 photos pass, 36 fail', () => {
    clean(post('tiktok', slides(35, JPEG)));
    expect(found(post('tiktok', slides(36, JPEG)), 'too_many_slides')).toEqual([
      { code: 'too_many_slides', severity: 'error', platform: 'tiktok', field: 'media' },
    ]);
  });

  it('TikTok: photos and a video cannot be mixed', () => {
    const result = post('tiktok', [VIDEO, JPEG]);
    expect(found(result, 'mixed_media', 'too_many_slides')).toEqual([
      { code: 'mixed_media', severity: 'error', platform: 'tiktok', field: 'media' },
    ]);
    expect(messageOf(result, 'mixed_media')).toContain('1 photo and 1 video');
  });

  it('TikTok: a video post holds exactly one video', () => {
    expect(found(post('tiktok', [VIDEO, VIDEO]), 'too_many_slides')).toEqual([
      { code: 'too_many_slides', severity: 'error', platform: 'tiktok', field: 'media' },
    ]);
    expect(found(post('tiktok', [VIDEO, {}]), 'too_many_slides')).toHaveLength(1);
    expect(messageOf(post('tiktok', [VIDEO, VIDEO]), 'too_many_slides')).toContain('exactly one video');
  });

  it('YouTube: exactly one video, never a photo', () => {
    clean(post('youtube', [VIDEO]));
    clean(post('youtube', [{}]));
    expect(found(post('youtube', [VIDEO, VIDEO]), 'too_many_slides', 'video_required')).toEqual([
      { code: 'too_many_slides', severity: 'error', platform: 'youtube', field: 'media' },
    ]);
    const photo = post('youtube', [JPEG]);
    expect(found(photo, 'video_required', 'unsupported_media_type')).toEqual([
      { code: 'video_required', severity: 'error', platform: 'youtube', field: 'media[0]' },
    ]);
    expect(messageOf(photo, 'video_required')).toContain('Use a video');
  });

  it.each(['threads', 'facebook'])(
    '%s publishes only the first slide (warning) and checks only that one',
    (platform) => {
      clean(post(platform, [JPEG]));
      const result = post(platform, [JPEG, { contentType: 'image/webp' }, VIDEO]);
      expect(result.ok).toBe(true);
      expect(found(result, 'only_first_slide')).toEqual([
        { code: 'only_first_slide', severity: 'warning', platform, field: 'media' },
      ]);
      expect(messageOf(result, 'only_first_slide')).toContain('Put the slide that matters most first');
    },
  );
});

describe('media types per platform', () => {
  it.each([
    ['instagram', 'video/webm', 'MP4'],
    ['threads', 'video/webm', 'MP4'],
  ])('%s refuses %s and says to export as %s', (platform, contentType, target) => {
    const result = post(platform, [{ contentType }]);
    expect(found(result, 'unsupported_media_type')).toEqual([
      { code: 'unsupported_media_type', severity: 'error', platform, field: 'media[0]' },
    ]);
    expect(messageOf(result, 'unsupported_media_type')).toContain(`Export it as ${target}`);
  });

  const converted = [
    ['instagram', 'image/png'],
    ['instagram', 'image/webp'],
    ['instagram', 'image/gif'],
    ['tiktok', 'image/png'],
    ['tiktok', 'image/gif'],
    ['threads', 'image/gif'],
    ['threads', 'image/webp'],
    ['facebook', 'image/webp'],
  ] as const;

  it.each(converted)('%s takes %s, which the service converts to JPEG', (platform, contentType) => {
    clean(post(platform, [{ contentType }]));
  });

  it.each(converted)(
    '%s refuses %s when the service does not convert, and says to export as JPEG',
    (platform, contentType) => {
      const result = post(platform, [{ contentType }], NO_CONVERSION);
      expect(found(result, 'unsupported_media_type')).toEqual([
        { code: 'unsupported_media_type', severity: 'error', platform, field: 'media[0]' },
      ]);
      expect(messageOf(result, 'unsupported_media_type')).toContain('Export it as JPEG');
    },
  );

  it.each([
    ['instagram', 'image/jpeg'],
    ['instagram', 'video/quicktime'],
    ['tiktok', 'image/webp'],
    ['tiktok', 'video/webm'],
    ['youtube', 'video/webm'],
    ['youtube', 'video/quicktime'],
    ['threads', 'image/png'],
    ['facebook', 'image/gif'],
    ['facebook', 'video/webm'],
  ])('%s accepts %s', (platform, contentType) => {
    clean(post(platform, [{ contentType }]));
  });
});

describe('image size per platform', () => {
  it.each([
    ['instagram', 8],
    ['threads', 8],
    ['tiktok', 20],
    ['facebook', 10],
  ])('%s takes images up to %i MB, larger ones once re-encoded by the service', (platform, mb) => {
    clean(post(platform, [{ ...JPEG, sizeBytes: mb * MB + 1 }]));
    clean(post(platform, [{ ...JPEG, sizeBytes: mb * MB }], NO_CONVERSION));
    const result = post(platform, [{ ...JPEG, sizeBytes: mb * MB + 1 }], NO_CONVERSION);
    expect(found(result, 'media_too_large')).toEqual([
      { code: 'media_too_large', severity: 'error', platform, field: 'media[0]' },
    ]);
    expect(messageOf(result, 'media_too_large')).toContain(`at most ${mb} MB`);
  });
});

describe('video duration per platform', () => {
  it.each([
    ['instagram', 3_000, 15 * 60_000],
    ['tiktok', 3_000, 600_000],
    ['youtube', null, 180_000],
    ['threads', null, 300_000],
  ] as const)('%s takes videos from %s ms to %i ms', (platform, min, max) => {
    clean(post(platform, [{ ...VIDEO, durationMs: max }]));
    const long = post(platform, [{ ...VIDEO, durationMs: max + 1 }]);
    expect(found(long, 'video_too_long', 'video_too_short')).toEqual([
      { code: 'video_too_long', severity: 'error', platform, field: 'media[0]' },
    ]);
    expect(messageOf(long, 'video_too_long')).toContain('Trim it');
    if (min !== null) {
      clean(post(platform, [{ ...VIDEO, durationMs: min }]));
      const short = post(platform, [{ ...VIDEO, durationMs: min - 1 }]);
      expect(found(short, 'video_too_long', 'video_too_short')).toEqual([
        { code: 'video_too_short', severity: 'error', platform, field: 'media[0]' },
      ]);
      expect(messageOf(short, 'video_too_short')).toContain('at least 3 s');
    } else {
      clean(post(platform, [{ ...VIDEO, durationMs: 1 }]));
    }
  });

  it('Facebook sets no duration limit', () => {
    clean(post('facebook', [{ ...VIDEO, durationMs: 3_600_000 }]));
  });

  it('checks the duration of a slide of unknown type, but not of a photo', () => {
    expect(found(post('threads', [{ durationMs: 300_001 }]), 'video_too_long')).toHaveLength(1);
    clean(post('threads', [{ ...JPEG, durationMs: 300_001 }]));
  });
});

describe('YouTube Shorts shape', () => {
  it('refuses a landscape video and accepts vertical and square ones', () => {
    const result = post('youtube', [{ ...VIDEO, width: 1920, height: 1080 }]);
    expect(found(result, 'not_a_short')).toEqual([
      { code: 'not_a_short', severity: 'error', platform: 'youtube', field: 'media[0]' },
    ]);
    expect(messageOf(result, 'not_a_short')).toContain('Export it vertical');
    clean(post('youtube', [{ ...VIDEO, width: 1080, height: 1080 }]));
    clean(post('youtube', [{ contentType: 'video/mp4' }]));
  });
});

describe('Instagram photo aspect ratio', () => {
  it.each([
    [1080, 1350],
    [1080, 1080],
    [1200, 628],
    [1080, 566],
  ])('accepts %ix%i', (width, height) => {
    clean(post('instagram', [{ ...JPEG, width, height }]));
  });

  it.each([
    [1080, 1360],
    [1080, 1920],
    [1080, 560],
  ])('refuses %ix%i', (width, height) => {
    const result = post('instagram', [{ ...JPEG, width, height }]);
    expect(found(result, 'aspect_ratio_unsupported')).toEqual([
      { code: 'aspect_ratio_unsupported', severity: 'error', platform: 'instagram', field: 'media[0]' },
    ]);
    expect(messageOf(result, 'aspect_ratio_unsupported')).toContain('Crop it to 4:5, 1:1 or 1.91:1');
  });

  it('checks a video slide 1 against the reel rules only', () => {
    clean(post('instagram', [VIDEO]));
  });
});

describe('Instagram carousel cropping', () => {
  it('warns when a video in the carousel has another ratio than slide 1', () => {
    const result = post('instagram', [JPEG, VIDEO]);
    expect(found(result, 'carousel_cropped')).toEqual([
      { code: 'carousel_cropped', severity: 'warning', platform: 'instagram', field: 'media' },
    ]);
    expect(messageOf(result, 'carousel_cropped')).toContain("slide 1's aspect ratio (4:5)");
    expect(messageOf(result, 'carousel_cropped')).toContain('slide 2 has');
  });

  it('leaves photos of other sizes to the padding warning', () => {
    const result = post('instagram', [JPEG, { ...JPEG, width: 1080, height: 1080 }]);
    expect(found(result, 'carousel_cropped', 'mixed_image_sizes')).toEqual([
      { code: 'mixed_image_sizes', severity: 'warning', platform: null, field: 'media' },
    ]);
  });

  it('does not warn for slides of one ratio or of unknown shape', () => {
    clean(post('instagram', [JPEG, { ...VIDEO, width: 1080, height: 1350 }, { contentType: 'video/mp4' }]));
  });
});
