import type { Platform } from '../kernel/index.js';
import { captionLimit, titleLimit } from './check-text.js';
import { isPhotoPost, normalizePolicyInput } from './normalize-policy-input.js';
import type { PolicyConfig } from './platform-limits.js';
import type { PolicyInput } from './policy-types.js';
import {
  countCodePoints,
  countGraphemes,
  hasEmoji,
  measureText,
  TEXT_COUNTING_UNITS,
  type TextCounting,
} from './text-metrics.js';

/** How much of one ceiling a post uses: what a compose form shows beside the caption and title. */
export type TextCounter = {
  /** The platform whose ceiling it is; null for the service's own caption cap. */
  readonly platform: Platform | null;
  readonly field: 'caption' | 'title';
  /** The text's measure in the platform's own unit. */
  readonly used: number;
  readonly max: number;
  /** How the platform counts (emoji weigh more on some). */
  readonly counting: TextCounting;
  /** The unit as a person reads it (`characters`, `characters, most emoji counting 2`). */
  readonly unit: string;
  /** The text's length as a person counts it (grapheme clusters), whatever the platform's unit. */
  readonly characters: number;
  /** Whether the text holds an emoji, the usual reason a platform's count differs. */
  readonly emoji: boolean;
};

// What every counter of a text says about the text itself, whichever ceiling it is measured against.
const personCount = (text: string) => ({ characters: countGraphemes(text), emoji: hasEmoji(text) });

/**
 * The caption and title ceilings a post is measured against, counted the way each platform
 * counts (the same ceilings and counting `validatePostPolicy` applies, so a counter over its
 * maximum is exactly a `caption_too_long` or `title_too_long`). Without a platform, the service's
 * own caption cap.
 */
export function textCounters(input: PolicyInput, config: PolicyConfig): TextCounter[] {
  const post = normalizePolicyInput(input);
  if (post.platforms.length === 0) {
    return [
      {
        platform: null,
        field: 'caption',
        used: countCodePoints(post.caption),
        max: config.captionMax,
        counting: 'code_points',
        unit: TEXT_COUNTING_UNITS.code_points,
        ...personCount(post.caption),
      },
    ];
  }
  const photo = isPhotoPost(post.media);
  return post.platforms.flatMap((platform) => {
    const rules = config.platforms[platform];
    const counters: TextCounter[] = [];
    const caption = captionLimit(rules, photo);
    if (caption !== null) {
      counters.push({
        platform,
        field: 'caption',
        used: measureText(post.caption, rules.captionCounting),
        max: caption,
        counting: rules.captionCounting,
        unit: TEXT_COUNTING_UNITS[rules.captionCounting],
        ...personCount(post.caption),
      });
    }
    const title = titleLimit(rules, photo);
    if (title !== null) {
      counters.push({
        platform,
        field: 'title',
        used: countCodePoints(post.title),
        max: title,
        counting: 'code_points',
        unit: TEXT_COUNTING_UNITS.code_points,
        ...personCount(post.title),
      });
    }
    return counters;
  });
}
