import type { Platform } from '../kernel/index.js';
import { policyError } from './policy-issue.js';
import type { PolicyIssue } from './policy-types.js';
import { collectHashtags, countCodePoints, extractLinks } from './text-metrics.js';

/** What a platform's comment may hold: characters, and links or hashtags where the platform counts them. */
export type FirstCommentLimits = {
  /** Unicode code points. */
  readonly maxChars: number;
  /** Null: the platform sets no limit of its own. */
  readonly maxLinks: number | null;
  readonly maxHashtags: number | null;
};

/**
 * The platforms that take a first comment, with their documented limits: Instagram's comments
 * are capped as captions (2,200, 30 hashtags); a Facebook comment holds 8,000 characters; a
 * Threads reply is a post (500, at most 5 links since 2025-12-22); a YouTube comment 10,000.
 */
export const FIRST_COMMENT_LIMITS: Readonly<Partial<Record<Platform, FirstCommentLimits>>> = {
  instagram: { maxChars: 2200, maxLinks: null, maxHashtags: 30 },
  facebook: { maxChars: 8000, maxLinks: null, maxHashtags: null },
  threads: { maxChars: 500, maxLinks: 5, maxHashtags: null },
  youtube: { maxChars: 10_000, maxLinks: null, maxHashtags: null },
};

/**
 * `platformMeta.<platform>.firstComment` for one targeted platform: text, not blank, within the
 * platform's limits. A platform that takes no first comment (TikTok) refuses one rather than
 * drop it silently.
 */
export function checkFirstComment(
  platform: Platform,
  platformMeta: Readonly<Record<string, unknown>> | null,
): PolicyIssue[] {
  const entry = platformMeta?.[platform];
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return [];
  const comment = (entry as Readonly<Record<string, unknown>>).firstComment;
  if (comment === undefined || comment === null) return [];
  const field = `platformMeta.${platform}.firstComment`;
  const limits = FIRST_COMMENT_LIMITS[platform];
  if (limits === undefined) {
    const which = Object.keys(FIRST_COMMENT_LIMITS).join(', ');
    return [
      policyError(
        'invalid_caption',
        platform,
        field,
        `A first comment is posted on ${which} only: remove ${field}.`,
      ),
    ];
  }
  if (typeof comment !== 'string' || comment.trim() === '') {
    return [
      policyError(
        'invalid_caption',
        platform,
        field,
        `${field} must be text: write the comment, or leave the field out.`,
      ),
    ];
  }
  const issues: PolicyIssue[] = [];
  const chars = countCodePoints(comment);
  if (chars > limits.maxChars) {
    issues.push(
      policyError(
        'caption_too_long',
        platform,
        field,
        `The first comment is ${chars} characters; ${platform} takes at most ${limits.maxChars}. Shorten it by ${chars - limits.maxChars}.`,
      ),
    );
  }
  const links = new Set(extractLinks(comment).map((link) => link.toLowerCase())).size;
  if (limits.maxLinks !== null && links > limits.maxLinks) {
    issues.push(
      policyError(
        'too_many_links',
        platform,
        field,
        `The first comment has ${links} links; ${platform} takes at most ${limits.maxLinks}. Remove ${links - limits.maxLinks}.`,
      ),
    );
  }
  const hashtags = collectHashtags(comment, []).length;
  if (limits.maxHashtags !== null && hashtags > limits.maxHashtags) {
    issues.push(
      policyError(
        'too_many_hashtags',
        platform,
        field,
        `The first comment has ${hashtags} hashtags; ${platform} takes at most ${limits.maxHashtags}. Remove ${hashtags - limits.maxHashtags}.`,
      ),
    );
  }
  return issues;
}
