import { type ErrorCode, PLATFORM_NAMES, type Platform } from '../kernel/index.js';
import type { NormalizedPost } from './normalize-policy-input.js';
import type { PlatformRules, PolicyConfig } from './platform-limits.js';
import { policyError, policyWarning } from './policy-issue.js';
import type { PolicyIssue, PolicyWarningCode } from './policy-types.js';
import { countCodePoints, measureText, TEXT_COUNTING_UNITS } from './text-metrics.js';

/** What the text rules need to know about a post, worked out once for every platform. */
export type TextFacts = {
  /** Media present and every slide a known image: TikTok then publishes a photo post. */
  readonly isPhotoPost: boolean;
  /** The service-wide caption cap already failed. */
  readonly captionCapExceeded: boolean;
  readonly hashtags: readonly string[];
  readonly mentions: readonly string[];
  /** Distinct links of the caption. */
  readonly links: readonly string[];
};

/** A platform's caption ceiling for this post (photo posts may have their own); null: none. */
export function captionLimit(rules: PlatformRules, isPhotoPost: boolean): number | null {
  return isPhotoPost && rules.photoCaptionMax !== null ? rules.photoCaptionMax : rules.captionMax;
}

/** A platform's title ceiling in characters for this post; null: none. */
export function titleLimit(rules: PlatformRules, isPhotoPost: boolean): number | null {
  return isPhotoPost && rules.photoTitleMax !== null ? rules.photoTitleMax : rules.titleMax;
}

/** `missing_content` and the service-wide caption cap (spec 2.2, 8), counted in code points. */
export function checkServiceText(post: NormalizedPost, config: PolicyConfig): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  if (post.caption.trim() === '' && post.media.length === 0) {
    issues.push(
      policyError(
        'missing_content',
        null,
        'caption',
        'The post has no caption and no media: add a caption, media or both.',
      ),
    );
  }
  const length = countCodePoints(post.caption);
  if (length > config.captionMax) {
    issues.push(
      policyError(
        'caption_too_long',
        null,
        'caption',
        `The caption is ${fmt(length)} characters; the service takes at most ${fmt(config.captionMax)}. Shorten it by ${fmt(length - config.captionMax)}.`,
      ),
    );
  }
  return issues;
}

/** Caption and title rules of one platform, then its hashtag, mention and link rules. */
export function checkPlatformText(
  platform: Platform,
  rules: PlatformRules,
  post: NormalizedPost,
  facts: TextFacts,
  config: PolicyConfig,
): PolicyIssue[] {
  const on: TextCheck = { platform, name: PLATFORM_NAMES[platform], rules, post, facts, config };
  return [...checkCaption(on), ...checkTitle(on), ...checkTagsAndLinks(on)];
}

/** What each text rule of one platform reads. */
type TextCheck = {
  readonly platform: Platform;
  /** The platform's name, for sentences. */
  readonly name: string;
  readonly rules: PlatformRules;
  readonly post: NormalizedPost;
  readonly facts: TextFacts;
  readonly config: PolicyConfig;
};

function checkCaption({ platform, name, rules, post, facts, config }: TextCheck): PolicyIssue[] {
  const { caption } = post;
  const issues: PolicyIssue[] = [];
  const max = captionLimit(rules, facts.isPhotoPost);
  // A platform counting like the service with a ceiling at least as high adds nothing to the
  // service-wide error, so it is not repeated.
  const redundant =
    facts.captionCapExceeded &&
    rules.captionCounting === 'code_points' &&
    max !== null &&
    max >= config.captionMax;
  if (max !== null && !redundant) {
    const length = measureText(caption, rules.captionCounting);
    if (length > max) {
      const what =
        facts.isPhotoPost && rules.photoCaptionMax !== null ? `${name} photo posts take` : `${name} takes`;
      issues.push(
        policyError(
          'caption_too_long',
          platform,
          'caption',
          `The caption measures ${fmt(length)} ${TEXT_COUNTING_UNITS[rules.captionCounting]}; ${what} at most ${fmt(max)}. Shorten it by ${fmt(length - max)}.`,
        ),
      );
    }
  }
  issues.push(
    ...forbiddenChars(
      platform,
      'caption',
      caption,
      rules.captionForbiddenChars,
      'the caption (it becomes the description)',
    ),
  );
  return issues;
}

function checkTitle({ platform, name, rules, post, facts }: TextCheck): PolicyIssue[] {
  const { title } = post;
  const photo = facts.isPhotoPost && rules.photoTitleMax !== null;
  const max = titleLimit(rules, facts.isPhotoPost);
  const limit = max === null ? '' : ` of up to ${fmt(max)} characters`;
  if (title.trim() === '') {
    return rules.titleRequired
      ? [policyError('title_required', platform, 'title', `${name} needs a title: add a title${limit}.`)]
      : [];
  }
  const issues: PolicyIssue[] = [];
  const length = countCodePoints(title);
  if (max !== null && length > max) {
    const what = photo ? `${name} photo posts take a title` : `${name} takes a title`;
    issues.push(
      policyError(
        'title_too_long',
        platform,
        'title',
        `The title is ${fmt(length)} characters; ${what} of at most ${fmt(max)}. Shorten it by ${fmt(length - max)}.`,
      ),
    );
  }
  issues.push(...forbiddenChars(platform, 'title', title, rules.titleForbiddenChars, 'the title'));
  return issues;
}

function checkTagsAndLinks({ platform, name, rules, post, facts }: TextCheck): PolicyIssue[] {
  const tags = facts.hashtags.length;
  const mentions = facts.mentions.length;
  const links = facts.links.length;
  // Blame the list the caller controls separately when there is one; otherwise the caption.
  const tagField = post.hashtags.length > 0 ? 'hashtags' : 'caption';
  const error = (code: ErrorCode, field: string) => (message: string) =>
    policyError(code, platform, field, message);
  const warning = (code: PolicyWarningCode) => (message: string) =>
    policyWarning(code, platform, tagField, message);
  // Each count the platform caps (a null cap: none), and the finding once the count passes it.
  const ceilings: readonly Ceiling[] = [
    [
      tags,
      rules.hashtagsMax,
      error('too_many_hashtags', tagField),
      (max) =>
        `The post has ${fmt(tags)} distinct hashtags (caption and hashtags together); ${name} takes at most ${fmt(max)}. Remove ${fmt(tags - max)}.`,
    ],
    [
      tags,
      rules.hashtagsIgnoredAbove,
      warning('hashtags_ignored'),
      (max) =>
        `The post has ${fmt(tags)} hashtags; ${name} ignores every hashtag of a video that has more than ${fmt(max)}. Keep at most ${fmt(max)}.`,
    ],
    [
      tags,
      rules.topicTagsMax,
      warning('single_topic_tag'),
      (max) =>
        `${name} uses only ${max === 1 ? 'one tag' : `${max} tags`} per post as a topic; ${tags - max === 1 ? 'the other hashtag stays' : `the other ${fmt(tags - max)} hashtags stay`} plain text. Keep the hashtag that matters most.`,
    ],
    [
      mentions,
      rules.mentionsMax,
      error('too_many_mentions', 'caption'),
      (max) =>
        `The caption mentions ${fmt(mentions)} distinct accounts; ${name} allows at most ${fmt(max)} @-mentions. Remove ${fmt(mentions - max)}.`,
    ],
    [
      links,
      rules.linksMax,
      error('too_many_links', 'caption'),
      (max) =>
        `The caption has ${fmt(links)} distinct links; ${name} takes at most ${fmt(max)} per post. Remove ${fmt(links - max)}.`,
    ],
  ];
  const issues = ceilings.flatMap(([count, max, issue, message]) =>
    max !== null && count > max ? [issue(message(max))] : [],
  );
  if (!rules.linksClickable && links > 0) {
    issues.push(
      policyWarning(
        'link_not_clickable',
        platform,
        'caption',
        `Links in the caption are not clickable on ${name} (found ${shorten(facts.links[0] ?? '')}${links > 1 ? ` and ${links - 1} more` : ''}). Put the link ${rules.linkAdvice}.`,
      ),
    );
  }
  return issues;
}

/** A count, the platform's cap on it (null: none), the finding, and its words for the cap passed. */
type Ceiling = readonly [
  count: number,
  max: number | null,
  issue: (message: string) => PolicyIssue,
  message: (max: number) => string,
];

/** The error for the characters of `chars` that `text` (the caption or the title) holds, if any. */
function forbiddenChars(
  platform: Platform,
  field: 'caption' | 'title',
  text: string,
  chars: string,
  where: string,
): PolicyIssue[] {
  const forbidden = [...new Set(chars)].filter((c) => text.includes(c));
  if (forbidden.length === 0) return [];
  return [
    policyError(
      field === 'caption' ? 'invalid_caption' : 'invalid_title',
      platform,
      field,
      `${PLATFORM_NAMES[platform]} does not allow ${quoteList(forbidden)} in ${where}. Remove them or write them out in words.`,
    ),
  ];
}

function quoteList(chars: readonly string[]): string {
  return chars.map((c) => `"${c}"`).join(' or ');
}

function shorten(link: string): string {
  const chars = [...link];
  return chars.length > 40 ? `${chars.slice(0, 39).join('')}…` : link;
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
