import { describe, expect, it } from 'vitest';
import { checkContentPolicy } from './check-content-policy.js';
import { DEFAULT_POLICY_CONFIG } from './platform-limits.js';
import { policyConfigFromJson, policyConfigToJson } from './policy-config-json.js';
import { validatePostPolicy } from './validate-post-policy.js';

const photo = (width: number, height: number) => ({
  contentType: 'image/jpeg',
  width,
  height,
  sizeBytes: 1000,
});
const MIXED = {
  caption: 'Two shapes',
  platforms: ['instagram'],
  media: [photo(1080, 1350), photo(1080, 1080)],
};

describe('checkContentPolicy', () => {
  it('pads mixed photo sizes (a warning) or refuses them, by the surface’s choice', () => {
    const padded = checkContentPolicy(MIXED, DEFAULT_POLICY_CONFIG, 'pad');
    expect(padded.ok).toBe(true);
    expect(padded.warnings.map((w) => w.code)).toContain('mixed_image_sizes');
    const refused = checkContentPolicy(MIXED, DEFAULT_POLICY_CONFIG, 'refuse');
    expect(refused.ok).toBe(false);
    expect(refused.errors.map((e) => e.code)).toEqual(['mixed_image_sizes']);
  });

  it('does not refuse mixed sizes where only the first slide is published', () => {
    const threads = checkContentPolicy({ ...MIXED, platforms: ['threads'] }, DEFAULT_POLICY_CONFIG, 'refuse');
    expect(threads.errors).toEqual([]);
  });
});

describe('the policy configuration as JSON', () => {
  it('reads back with its patterns, so a browser applies the same prohibited-content rules', () => {
    const config = policyConfigFromJson(policyConfigToJson(DEFAULT_POLICY_CONFIG));
    expect(config).toEqual(DEFAULT_POLICY_CONFIG);
    const phishing = { caption: 'DM me your password to win', platforms: ['threads'] };
    const original = validatePostPolicy(phishing, DEFAULT_POLICY_CONFIG);
    expect(original.warnings.map((w) => w.code)).toContain('prohibited_content');
    expect(validatePostPolicy(phishing, config)).toEqual(original);
  });
});
