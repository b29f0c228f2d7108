import { PLATFORMS } from '../kernel/index.js';
import { checkContent } from './check-content.js';
import { checkFacebookMeta } from './check-facebook-meta.js';
import { checkFirstComment } from './check-first-comment.js';
import { checkInstagramMeta } from './check-instagram-meta.js';
import { checkPlatformMedia } from './check-platform-media.js';
import { checkServiceMedia } from './check-service-media.js';
import { checkPlatformText, checkServiceText, type TextFacts } from './check-text.js';
import { checkThreadsMeta } from './check-threads-meta.js';
import { checkTiktokMeta } from './check-tiktok-meta.js';
import { checkYouTubeMeta } from './check-youtube-meta.js';
import { isPhotoPost, type NormalizedPost, normalizePolicyInput } from './normalize-policy-input.js';
import { DEFAULT_POLICY_CONFIG, type PlatformRules, type PolicyConfig } from './platform-limits.js';
import { policyError } from './policy-issue.js';
import type { PolicyInput, PolicyIssue, PolicyResult } from './policy-types.js';
import { collectHashtags, countCodePoints, extractLinks, extractMentions } from './text-metrics.js';

/**
 * Checks a post against the service's rules and those of every platform it targets, and returns
 * every error and warning at once. Pure and synchronous; never throws, whatever the input.
 * Errors come service-wide first, then per platform in the order given, so `errors[0]` is the
 * most general problem.
 */
export function validatePostPolicy(
  input: PolicyInput,
  config: PolicyConfig = DEFAULT_POLICY_CONFIG,
): PolicyResult {
  const post = normalizePolicyInput(input);
  let issues: PolicyIssue[] = [
    ...checkPlatforms(post),
    ...checkServiceText(post, config),
    ...checkServiceMedia(post.media, config),
  ];
  const facts = textFacts(post, config);
  for (const platform of post.platforms) {
    const rules: PlatformRules | undefined = config.platforms[platform];
    if (rules === undefined) continue;
    // concat, not push(...): a huge media list must not overflow the argument stack.
    issues = issues.concat(
      checkPlatformText(platform, rules, post, facts, config),
      checkPlatformMedia(platform, rules, post.media, config),
      platform === 'tiktok' ? checkTiktokMeta(post.tiktokMeta, post.media) : [],
      platform === 'facebook' ? checkFacebookMeta(post.platformMeta, post.media.length) : [],
      checkFirstComment(platform, post.platformMeta),
      platform === 'youtube' ? checkYouTubeMeta(post.youtubeMeta) : [],
      platform === 'instagram' ? checkInstagramMeta(instagramMetaOf(post), post.media) : [],
      platform === 'threads' ? checkThreadsMeta(post.threadsMeta) : [],
    );
  }
  issues = issues.concat(checkContent(post, config));
  const errors = issues.filter((i) => i.severity === 'error');
  const warnings = issues.filter((i) => i.severity === 'warning');
  return { ok: errors.length === 0, errors, warnings };
}

// `platformMeta.instagram` when it is an object (the check reads it defensively).
function instagramMetaOf(post: NormalizedPost): Readonly<Record<string, unknown>> | null {
  const entry = post.platformMeta?.instagram;
  return entry !== null && typeof entry === 'object' && !Array.isArray(entry)
    ? (entry as Readonly<Record<string, unknown>>)
    : null;
}

function checkPlatforms(post: NormalizedPost): PolicyIssue[] {
  if (post.givenPlatforms.length === 0) {
    return [
      policyError(
        'missing_platforms',
        null,
        'platforms',
        `No platform given: list one or more of ${PLATFORMS.join(', ')} in platforms.`,
      ),
    ];
  }
  const issues: PolicyIssue[] = [];
  post.givenPlatforms.forEach((value, index) => {
    if (typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value)) return;
    const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
    const hint = (PLATFORMS as readonly string[]).includes(lower)
      ? ` Identifiers are lower case: use "${lower}".`
      : '';
    issues.push(
      policyError(
        'unsupported_platform',
        null,
        `platforms[${index}]`,
        `${describePlatform(value)} is not a supported platform. Use ${PLATFORMS.join(', ')}.${hint}`,
      ),
    );
  });
  return issues;
}

function describePlatform(value: unknown): string {
  if (typeof value !== 'string') return `A value of type ${value === null ? 'null' : typeof value}`;
  const chars = [...value];
  return JSON.stringify(chars.length > 40 ? `${chars.slice(0, 39).join('')}…` : value);
}

function textFacts(post: NormalizedPost, config: PolicyConfig): TextFacts {
  const seen = new Set<string>();
  const links = extractLinks(post.caption).filter((link) => {
    const key = link.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    isPhotoPost: isPhotoPost(post.media),
    captionCapExceeded: countCodePoints(post.caption) > config.captionMax,
    hashtags: collectHashtags(post.caption, post.hashtags),
    mentions: extractMentions(post.caption),
    links,
  };
}
