import { describe, expect, it } from 'vitest';
import { found } from './policy-test-support.js';
import type { PolicyInput, PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

const VIDEO = { contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 30_000 };

function withMeta(tiktok: unknown, platforms = ['tiktok']): PolicyResult {
  return validatePostPolicy({
    caption: 'Hi',
    title: 'T',
    platforms,
    media: [VIDEO],
    platformMeta: { tiktok },
  } as PolicyInput);
}

describe('TikTok settings', () => {
  it.each(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'])(
    'accepts the privacy level %s',
    (privacyLevel) => {
      expect(withMeta({ privacyLevel }).ok).toBe(true);
    },
  );

  it.each([undefined, null, {}, { privacyLevel: '' }, { privacyLevel: '  ' }])(
    'requires a privacy level (%j)',
    (tiktok) => {
      const result = withMeta(tiktok);
      expect(found(result)).toEqual([
        {
          code: 'privacy_level_required',
          severity: 'error',
          platform: 'tiktok',
          field: 'platformMeta.tiktok.privacyLevel',
        },
      ]);
      expect(result.errors[0]?.message).toContain('PUBLIC_TO_EVERYONE');
    },
  );

  it('requires it when platformMeta is absent altogether', () => {
    const result = validatePostPolicy({ caption: 'Hi', title: 'T', platforms: ['tiktok'], media: [VIDEO] });
    expect(result.errors.map((e) => e.code)).toEqual(['privacy_level_required']);
  });

  it('refuses an unknown level, listing the known ones and hinting at upper case', () => {
    const result = withMeta({ privacyLevel: 'public_to_everyone' });
    expect(found(result)).toEqual([
      {
        code: 'invalid_privacy_level',
        severity: 'error',
        platform: 'tiktok',
        field: 'platformMeta.tiktok.privacyLevel',
      },
    ]);
    const message = result.errors[0]?.message ?? '';
    expect(message).toContain('PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR, SELF_ONLY');
    expect(message).toContain('Did you mean PUBLIC_TO_EVERYONE?');
    expect(message).toContain('checked when the post is scheduled');
    expect(withMeta({ privacyLevel: 42 }).errors.map((e) => e.code)).toEqual(['invalid_privacy_level']);
  });

  it('needs a brand choice when commercial content is disclosed', () => {
    const base = { privacyLevel: 'PUBLIC_TO_EVERYONE', commercialContentDisclosure: true };
    expect(found(withMeta(base))).toEqual([
      {
        code: 'commercial_disclosure_incomplete',
        severity: 'error',
        platform: 'tiktok',
        field: 'platformMeta.tiktok.commercialContentDisclosure',
      },
    ]);
    expect(found(withMeta({ ...base, brandOrganicOptIn: false, brandContentOptIn: false }))).toHaveLength(1);
    expect(withMeta({ ...base, brandOrganicOptIn: true }).ok).toBe(true);
    expect(withMeta({ ...base, brandContentOptIn: true }).ok).toBe(true);
    expect(withMeta({ privacyLevel: 'SELF_ONLY', commercialContentDisclosure: false }).ok).toBe(true);
  });

  it('refuses private branded content', () => {
    const result = withMeta({
      privacyLevel: 'SELF_ONLY',
      commercialContentDisclosure: true,
      brandContentOptIn: true,
    });
    expect(found(result)).toEqual([
      {
        code: 'branded_content_private',
        severity: 'error',
        platform: 'tiktok',
        field: 'platformMeta.tiktok.privacyLevel',
      },
    ]);
    expect(result.errors[0]?.message).toContain('other than SELF_ONLY');
    expect(
      withMeta({ privacyLevel: 'SELF_ONLY', brandOrganicOptIn: true, commercialContentDisclosure: true }).ok,
    ).toBe(true);
  });

  it('takes the AI-generated label (isAigc) on a video, true or false', () => {
    expect(withMeta({ privacyLevel: 'PUBLIC_TO_EVERYONE', isAigc: true }).ok).toBe(true);
    expect(withMeta({ privacyLevel: 'PUBLIC_TO_EVERYONE', isAigc: false }).ok).toBe(true);
  });

  it('refuses isAigc on a photo post, where TikTok has no such field, and a non-boolean', () => {
    const photo = validatePostPolicy({
      caption: 'Hi',
      title: 'T',
      platforms: ['tiktok'],
      media: [{ contentType: 'image/jpeg', width: 1080, height: 1920 }],
      platformMeta: { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE', isAigc: true } },
    });
    const [refusal, ...others] = photo.errors;
    expect([refusal?.code, refusal?.field, others.length]).toEqual([
      'invalid_tiktok_option',
      'platformMeta.tiktok.isAigc',
      0,
    ]);
    expect(refusal?.message).toContain('on videos only');
    const notBoolean = withMeta({ privacyLevel: 'PUBLIC_TO_EVERYONE', isAigc: 'yes' });
    expect(notBoolean.errors.map((e) => [e.code, e.message])).toEqual([
      ['invalid_tiktok_option', 'isAigc must be true or false.'],
    ]);
  });

  it('ignores TikTok settings when TikTok is not a target', () => {
    expect(withMeta({ privacyLevel: 'nope' }, ['threads']).ok).toBe(true);
  });
});
