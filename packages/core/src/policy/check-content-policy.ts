import type { Platform } from '../kernel/index.js';
import { mixedImageSizesError } from './check-service-media.js';
import { normalizePolicyInput } from './normalize-policy-input.js';
import type { PlatformRules, PolicyConfig } from './platform-limits.js';
import type { PolicyInput, PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

/**
 * What to do with a photo set whose photos differ in size: pad them to the first one's size
 * (REST and the console, spec 8) or refuse (the tools: the agent's user can re-export, and
 * never saw the bars padding adds).
 */
export type MixedImageSizes = 'pad' | 'refuse';

/** Platforms that publish every photo of a set together, so the photos must share one size. */
export function publishesPhotoSets(rules: PlatformRules): boolean {
  return !rules.firstSlideOnly && (rules.maxSlides ?? 2) > 1 && rules.imageTypes.length > 0;
}

/**
 * The content policy as a surface applies it: `validatePostPolicy`, then, where mixed photo
 * sizes are refused rather than padded, that refusal. Pure, so the console runs it in the
 * browser as the person types, and post creation runs it again on the server.
 */
export function checkContentPolicy(
  input: PolicyInput,
  config: PolicyConfig,
  mixedImageSizes: MixedImageSizes,
): PolicyResult {
  const result = validatePostPolicy(input, config);
  if (!result.ok || mixedImageSizes === 'pad') return result;
  const post = normalizePolicyInput(input);
  const sets = post.platforms.some((p: Platform) => publishesPhotoSets(config.platforms[p]));
  const mixed = sets ? mixedImageSizesError(post.media) : null;
  return mixed === null ? result : { ok: false, errors: [mixed], warnings: result.warnings };
}
