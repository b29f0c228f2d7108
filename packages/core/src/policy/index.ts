// `@svc/core/policy`: the content policy alone, free of Node and of the rest of the core, so a
// browser can run the server's very rules (the console's compose page bundles it).
export { isPlatform, PLATFORM_NAMES, PLATFORMS, type Platform } from '../domain/platform.js';
export {
  checkContentPolicy,
  type MixedImageSizes,
  publishesPhotoSets,
} from './check-content-policy.js';
export { describePublication, type Publication } from './describe-publication.js';
export {
  DEFAULT_POLICY_CONFIG,
  type PlatformRules,
  type PolicyConfig,
} from './platform-limits.js';
export { policyConfigFromJson, policyConfigToJson } from './policy-config-json.js';
export type { PolicyInput, PolicyIssue, PolicyMedia, PolicyResult } from './policy-types.js';
export { type TextCounter, textCounters } from './text-counters.js';
export { validatePostPolicy } from './validate-post-policy.js';
