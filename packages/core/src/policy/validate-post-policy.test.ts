import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../kernel/index.js';
import { DEFAULT_POLICY_CONFIG, mergePolicyConfig } from './platform-limits.js';
import { found, messageOf } from './policy-test-support.js';
import { POLICY_WARNING_CODES, type PolicyInput, type PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

const MB = 1024 * 1024;
const JPEG = { contentType: 'image/jpeg', width: 1080, height: 1350, sizeBytes: MB };
const VIDEO = { contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 30_000, sizeBytes: 10 * MB };

function all(result: PolicyResult) {
  return [...result.errors, ...result.warnings];
}

describe('validatePostPolicy: a valid post', () => {
  it('passes on all five platforms with no errors and no warnings', () => {
    const result = validatePostPolicy({
      caption: 'Morning run by the river',
      title: 'Morning run',
      platforms: ['instagram', 'tiktok', 'youtube', 'threads', 'facebook'],
      media: [VIDEO],
      platformMeta: {
        tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' },
        youtube: { madeForKids: false },
      },
    });
    expect(result).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it('is ok with warnings only', () => {
    const result = validatePostPolicy({
      caption: 'Read example.com',
      platforms: ['instagram'],
      media: [JPEG],
    });
    expect(result.ok).toBe(true);
    expect(found(result, 'link_not_clickable')).toHaveLength(1);
  });
});

describe('validatePostPolicy: platforms', () => {
  it('reports missing_platforms for an empty list', () => {
    const result = validatePostPolicy({ caption: 'Hi', platforms: [] });
    expect(found(result, 'missing_platforms')).toEqual([
      { code: 'missing_platforms', severity: 'error', platform: null, field: 'platforms' },
    ]);
    expect(messageOf(result, 'missing_platforms')).toContain('instagram, tiktok, youtube, threads, facebook');
  });

  it('passes with one supported platform', () => {
    expect(validatePostPolicy({ caption: 'Hi', platforms: ['threads'] }).ok).toBe(true);
  });

  it('reports each unknown platform at its index and lists the supported ones', () => {
    const result = validatePostPolicy({ caption: 'Hi', platforms: ['threads', 'twitter', 'Instagram'] });
    expect(found(result, 'unsupported_platform')).toEqual([
      { code: 'unsupported_platform', severity: 'error', platform: null, field: 'platforms[1]' },
      { code: 'unsupported_platform', severity: 'error', platform: null, field: 'platforms[2]' },
    ]);
    expect(result.errors[0]?.message).toContain('Use instagram, tiktok, youtube, threads, facebook');
    expect(result.errors[1]?.message).toContain('use "instagram"');
  });

  it('checks a platform given twice once', () => {
    const result = validatePostPolicy({ caption: 'a'.repeat(501), platforms: ['threads', 'threads'] });
    expect(found(result, 'caption_too_long')).toEqual([
      { code: 'caption_too_long', severity: 'error', platform: 'threads', field: 'caption' },
    ]);
  });
});

describe('validatePostPolicy: content', () => {
  it('reports missing_content without caption and media', () => {
    const result = validatePostPolicy({ caption: '  \n ', platforms: ['threads'] });
    expect(found(result, 'missing_content')).toEqual([
      { code: 'missing_content', severity: 'error', platform: null, field: 'caption' },
    ]);
    expect(messageOf(result, 'missing_content')).toContain('add a caption, media or both');
  });

  it('accepts media without caption, or a caption without media', () => {
    expect(found(validatePostPolicy({ platforms: ['threads'], media: [{}] }), 'missing_content')).toEqual([]);
    expect(found(validatePostPolicy({ caption: '.', platforms: ['threads'] }), 'missing_content')).toEqual(
      [],
    );
  });

  it('caps the caption at 2,200 code points service-wide', () => {
    const ok = validatePostPolicy({ caption: 'a'.repeat(2200), platforms: ['facebook'] });
    expect(ok.ok).toBe(true);
    // 2,200 emoji are 4,400 UTF-16 units but 2,200 characters.
    expect(validatePostPolicy({ caption: '😀'.repeat(2200), platforms: ['facebook'] }).ok).toBe(true);
    const result = validatePostPolicy({ caption: 'a'.repeat(2201), platforms: ['facebook'] });
    expect(found(result, 'caption_too_long')).toEqual([
      { code: 'caption_too_long', severity: 'error', platform: null, field: 'caption' },
    ]);
    expect(messageOf(result, 'caption_too_long')).toContain('Shorten it by 1');
  });
});

describe('validatePostPolicy: media types and sizes (service-wide)', () => {
  it('accepts every allowed type, and a slide of unknown type', () => {
    const types = [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'video/mp4',
      'video/quicktime',
      'video/webm',
    ];
    const result = validatePostPolicy({
      caption: 'x',
      platforms: ['threads'],
      media: [...types.map((contentType) => ({ contentType })), {}, { contentType: null }],
    });
    expect(all(result).filter((i) => i.platform === null)).toEqual([]);
  });

  it('refuses AVIF and HEIC variants with re-export instructions', () => {
    const types = ['image/avif', 'image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];
    const result = validatePostPolicy({
      caption: 'x',
      platforms: ['threads'],
      media: types.map((contentType) => ({ contentType })),
    });
    expect(found(result, 'unsupported_media_type')).toEqual(
      types.map((_, i) => ({
        code: 'unsupported_media_type',
        severity: 'error',
        platform: null,
        field: `media[${i}]`,
      })),
    );
    expect(result.errors[0]?.message).toContain('Export the image as JPEG or PNG');
    expect(result.errors[1]?.message).toContain('Camera > Formats > Most Compatible');
  });

  it('refuses other types listing the accepted ones', () => {
    const result = validatePostPolicy({
      caption: 'x',
      platforms: ['threads'],
      media: [{ contentType: 'application/pdf' }],
    });
    expect(found(result, 'unsupported_media_type')).toEqual([
      { code: 'unsupported_media_type', severity: 'error', platform: null, field: 'media[0]' },
    ]);
    expect(messageOf(result, 'unsupported_media_type')).toContain('JPEG, PNG, WebP, GIF, MP4, MOV or WebM');
  });

  it('reads content types case-insensitively, without parameters, and image/jpg as JPEG', () => {
    const media = [{ contentType: 'IMAGE/JPEG; charset=binary' }, { contentType: 'image/jpg' }];
    expect(validatePostPolicy({ caption: 'x', platforms: ['instagram'], media }).errors).toEqual([]);
  });

  it('takes files up to exactly 50 MB and refuses one byte more', () => {
    const at = validatePostPolicy({ caption: 'x', platforms: ['threads'], media: [{ sizeBytes: 50 * MB }] });
    expect(at.ok).toBe(true);
    const over = validatePostPolicy({
      caption: 'x',
      platforms: ['threads'],
      media: [{}, { sizeBytes: 50 * MB + 1 }],
    });
    expect(found(over, 'media_too_large')).toEqual([
      { code: 'media_too_large', severity: 'error', platform: null, field: 'media[1]' },
    ]);
    expect(messageOf(over, 'media_too_large')).toContain('at most 50 MB');
  });

  it('warns once when photos of a set have different pixel sizes, naming the shapes', () => {
    const result = validatePostPolicy({
      caption: 'x',
      platforms: ['tiktok'],
      title: 't',
      platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
      media: [
        { contentType: 'image/jpeg', width: 1080, height: 1350 },
        { contentType: 'image/jpeg', width: 1080, height: 1920 },
        { contentType: 'image/jpeg', width: 1080, height: 1350 },
      ],
    });
    expect(found(result, 'mixed_image_sizes')).toEqual([
      { code: 'mixed_image_sizes', severity: 'warning', platform: null, field: 'media' },
    ]);
    const message = messageOf(result, 'mixed_image_sizes');
    expect(message).toContain('1080x1350 (4:5) on slides 1 and 3');
    expect(message).toContain('1080x1920 (9:16) on slide 2');
    expect(message).toContain('padded');
  });

  it('does not warn for photos of one size, unknown sizes or videos', () => {
    const result = validatePostPolicy({
      caption: 'x',
      platforms: ['threads'],
      media: [JPEG, JPEG, { contentType: 'image/jpeg' }, { ...VIDEO, width: 1920, height: 1080 }],
    });
    expect(found(result, 'mixed_image_sizes')).toEqual([]);
  });
});

describe('validatePostPolicy: everything at once', () => {
  it('returns every issue of a post that breaks many rules, service-wide errors first', () => {
    const result = validatePostPolicy({
      caption: `${'a'.repeat(2300)} #x`,
      platforms: ['instagram', 'tiktok', 'youtube', 'myspace'],
      media: [{ contentType: 'image/heic', sizeBytes: 60 * MB }],
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.code, e.platform])).toEqual([
      ['unsupported_platform', null],
      ['caption_too_long', null],
      ['unsupported_media_type', null],
      ['media_too_large', null],
      ['media_too_large', 'instagram'],
      ['title_required', 'tiktok'],
      ['media_too_large', 'tiktok'],
      ['privacy_level_required', 'tiktok'],
      ['title_required', 'youtube'],
      ['video_required', 'youtube'],
    ]);
  });

  it('gives every issue a known code, a severity matching it, and a message', () => {
    const result = validatePostPolicy({
      caption: 'Follow for follow! Mail a@b.com. https://x.com #a #b',
      platforms: ['threads', 'instagram', 'youtube'],
      media: [JPEG, { ...JPEG, width: 1000 }],
    });
    expect(result.warnings.length).toBeGreaterThan(3);
    for (const issue of result.errors) expect(ERROR_CODES as readonly string[]).toContain(issue.code);
    for (const issue of result.warnings)
      expect(POLICY_WARNING_CODES as readonly string[]).toContain(issue.code);
    for (const issue of all(result)) expect(issue.message.length).toBeGreaterThan(20);
  });
});

describe('validatePostPolicy: odd input', () => {
  const odd: unknown[] = [
    null,
    undefined,
    {},
    'instagram',
    { platforms: 'instagram' },
    { platforms: [null, 1, {}, ['x'], 'tiktok'], caption: 42, title: {} },
    { platforms: ['tiktok'], platformMeta: { tiktok: 'yes' } },
    { platforms: ['tiktok'], platformMeta: { tiktok: { privacyLevel: 7 } } },
    {
      platforms: ['instagram'],
      media: [null, 1, 'x', [], { sizeBytes: Number.NaN, width: -1, durationMs: Infinity }],
    },
    {
      platforms: ['instagram'],
      media: [{ contentType: 'constructor' }, { contentType: '' }, { contentType: 5 }],
    },
    { platforms: ['youtube'], media: [{ contentType: 'video/mp4', width: 0, height: Number.NaN }] },
    { platforms: ['threads'], hashtags: [1, null, '#', '##'], caption: '\uD800#\uDFFF @ # http:// +' },
    // biome-ignore lint/suspicious/noSparseArray: holes are odd input too
    { platforms: ['instagram', , 'threads'], media: [, {}] },
  ];

  it.each(odd.map((input, i) => [i, input]))('never throws (case %i)', (_, input) => {
    const result = validatePostPolicy(input as PolicyInput);
    expect(typeof result.ok).toBe('boolean');
    expect(result.ok).toBe(result.errors.length === 0);
    for (const issue of all(result)) expect(issue.message).not.toBe('');
  });

  it('reports non-string platforms and holes as unsupported', () => {
    const result = validatePostPolicy({ platforms: [null, 'tiktok'] as unknown as string[], caption: 'x' });
    expect(found(result, 'unsupported_platform')).toEqual([
      { code: 'unsupported_platform', severity: 'error', platform: null, field: 'platforms[0]' },
    ]);
  });

  it('takes time linear in the caption length (no catastrophic backtracking)', () => {
    // Timed as a ratio within one run, so a busy machine does not matter: four times the text
    // must take about four times as long; a quadratic pattern takes about sixteen.
    const units = ['a', '1 ', 'a.', '#', '@a', 'a@', '+1', 'ab12 ', '😀', 'http://', '- '];
    const timeFor = (length: number) => {
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        for (const unit of units) {
          const caption = unit.repeat(Math.ceil(length / unit.length));
          validatePostPolicy({
            caption,
            title: caption,
            platforms: ['instagram', 'tiktok', 'youtube', 'threads', 'facebook'],
          });
        }
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    timeFor(2_000); // warm up the JIT
    const ratio = timeFor(60_000) / timeFor(15_000);
    expect(ratio).toBeLessThan(9);
  });

  it('handles huge inputs', () => {
    const media = Array.from({ length: 200_000 }, () => ({ contentType: 'image/heic' }));
    const result = validatePostPolicy({
      caption: `${'😀 #tag '.repeat(100_000)}`,
      platforms: ['instagram'],
      media,
    });
    expect(found(result, 'unsupported_media_type')).toHaveLength(200_000);
    expect(found(result, 'too_many_slides')).toHaveLength(1);
  });
});

describe('validatePostPolicy: configuration', () => {
  const input: PolicyInput = {
    caption: '#a #b #c #d #e #f',
    platforms: ['instagram'],
    media: [JPEG],
  };

  it('uses the defaults when no config is given', () => {
    expect(validatePostPolicy(input)).toEqual(validatePostPolicy(input, DEFAULT_POLICY_CONFIG));
    expect(validatePostPolicy(input).ok).toBe(true);
  });

  it('applies a custom Instagram hashtag cap of 5', () => {
    const config = mergePolicyConfig({ platforms: { instagram: { hashtagsMax: 5 } } });
    const result = validatePostPolicy(input, config);
    expect(found(result, 'too_many_hashtags')).toEqual([
      { code: 'too_many_hashtags', severity: 'error', platform: 'instagram', field: 'caption' },
    ]);
    expect(messageOf(result, 'too_many_hashtags')).toContain('at most 5');
    expect(validatePostPolicy({ ...input, caption: '#a #b #c #d #e' }, config).ok).toBe(true);
  });

  it('applies a custom file size cap and media type list', () => {
    const config = mergePolicyConfig({ maxFileBytes: 1000, allowedMediaTypes: ['image/jpeg'] });
    const result = validatePostPolicy(
      { caption: 'x', platforms: ['threads'], media: [{ contentType: 'image/png', sizeBytes: 1001 }] },
      config,
    );
    expect(found(result, 'unsupported_media_type', 'media_too_large')).toEqual([
      { code: 'unsupported_media_type', severity: 'error', platform: null, field: 'media[0]' },
      { code: 'media_too_large', severity: 'error', platform: null, field: 'media[0]' },
    ]);
  });
});
