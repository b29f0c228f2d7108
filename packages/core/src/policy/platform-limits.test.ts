import { describe, expect, it } from 'vitest';
import { ALLOWED_MEDIA_TYPES, PLATFORMS } from '../kernel/index.js';
import { DEFAULT_POLICY_CONFIG, mergePolicyConfig } from './platform-limits.js';

describe('DEFAULT_POLICY_CONFIG', () => {
  it('holds the spec limits and rules for every platform', () => {
    expect(DEFAULT_POLICY_CONFIG.captionMax).toBe(2200);
    expect(DEFAULT_POLICY_CONFIG.maxFileBytes).toBe(50 * 1024 * 1024);
    expect(DEFAULT_POLICY_CONFIG.allowedMediaTypes).toEqual(ALLOWED_MEDIA_TYPES);
    expect(Object.keys(DEFAULT_POLICY_CONFIG.platforms).sort()).toEqual([...PLATFORMS].sort());
    expect(DEFAULT_POLICY_CONFIG.platforms.instagram.maxSlides).toBe(10);
    expect(DEFAULT_POLICY_CONFIG.platforms.tiktok.maxSlides).toBe(35);
    expect(DEFAULT_POLICY_CONFIG.platforms.youtube.titleMax).toBe(100);
    expect(DEFAULT_POLICY_CONFIG.platforms.tiktok.titleMax).toBe(150);
  });

  it('only names platform media types the service accepts', () => {
    for (const platform of PLATFORMS) {
      const rules = DEFAULT_POLICY_CONFIG.platforms[platform];
      for (const type of [...rules.imageTypes, ...rules.videoTypes]) {
        expect(ALLOWED_MEDIA_TYPES as readonly string[]).toContain(type);
      }
    }
  });
});

describe('mergePolicyConfig', () => {
  it('changes only the fields given, platform rules field by field', () => {
    const config = mergePolicyConfig({ maxFileBytes: 10, platforms: { instagram: { hashtagsMax: 5 } } });
    expect(config.maxFileBytes).toBe(10);
    expect(config.captionMax).toBe(2200);
    expect(config.platforms.instagram.hashtagsMax).toBe(5);
    expect(config.platforms.instagram.mentionsMax).toBe(20);
    expect(config.platforms.tiktok).toEqual(DEFAULT_POLICY_CONFIG.platforms.tiktok);
    expect(DEFAULT_POLICY_CONFIG.platforms.instagram.hashtagsMax).toBe(30);
  });

  it('merges onto another base', () => {
    const base = mergePolicyConfig({ captionMax: 3000 });
    expect(mergePolicyConfig({ platforms: { threads: { linksMax: 1 } } }, base).captionMax).toBe(3000);
  });
});
