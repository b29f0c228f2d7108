import { describe, expect, it } from 'vitest';
import { found } from './policy-test-support.js';
import type { PolicyInput, PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

const PHOTO = { contentType: 'image/jpeg', width: 1080, height: 1080 };

function facebookPost(facebook: unknown, media: PolicyInput['media'] = []): PolicyResult {
  return validatePostPolicy({
    caption: 'Our new article',
    platforms: ['facebook'],
    media,
    platformMeta: { facebook },
  } as PolicyInput);
}

const REFUSED = {
  code: 'invalid_facebook_option',
  severity: 'error',
  platform: 'facebook',
  field: 'platformMeta.facebook.link',
};

describe('Facebook link preview (platformMeta.facebook.link)', () => {
  it.each(['https://example.com/article?id=1', 'http://example.org/'])(
    'accepts %s on a text post',
    (link) => {
      expect(facebookPost({ link })).toEqual({ ok: true, errors: [], warnings: [] });
    },
  );

  it.each([
    'www.example.com',
    'ftp://example.com/file',
    'javascript:alert(1)',
    ' https://example.com',
    '',
    42,
  ])('refuses %j, asking for an http(s) URL', (link) => {
    const result = facebookPost({ link });
    expect(found(result)).toEqual([REFUSED]);
    expect(result.errors[0]?.message).toContain('http(s) URL');
  });

  it('refuses a link on a post with media: the preview card exists on text posts only', () => {
    const result = facebookPost({ link: 'https://example.com/' }, [PHOTO]);
    expect(found(result)).toEqual([REFUSED]);
    expect(result.errors[0]?.message).toContain('text posts only');
  });

  it('reads the link only when Facebook is a target', () => {
    const threads = validatePostPolicy({
      caption: 'Hi',
      platforms: ['threads'],
      platformMeta: { facebook: { link: 'nope' } },
    });
    expect(threads.ok).toBe(true);
  });
});
