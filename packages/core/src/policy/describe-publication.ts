import { isImageType, isVideoType, PLATFORM_NAMES, type Platform } from '../kernel/index.js';
import type { PlatformRules } from './platform-limits.js';

/** What a post becomes on one platform. */
export type Publication = {
  readonly platform: Platform;
  /**
   * A stable word for the format, from the platform's rules: reel, carousel, photo, photo_set,
   * video, short, text; `none` when the slides make no post the platform takes (no media where
   * it needs some).
   */
  readonly format: string;
  /** How many slides are published there. */
  readonly slides: number;
  readonly description: string;
};

/** How a format reads in a sentence, and what a counted one counts. */
const FORMAT_WORDS: Readonly<Record<string, { readonly noun: string; readonly unit?: string }>> = {
  text: { noun: 'text post' },
  photo: { noun: 'photo post' },
  carousel: { noun: 'carousel', unit: 'slide' },
  photo_set: { noun: 'photo set', unit: 'photo' },
  reel: { noun: 'reel' },
  video: { noun: 'video post' },
  short: { noun: 'Short' },
};

/**
 * What will publish on a platform from the slides' types, by the platform's rules (the same ones
 * its adapter follows): a platform that publishes slide 1 only takes its format from slide 1;
 * several slides are a carousel where images and videos may mix, else a video leads to a video
 * post and photos to the platform's photo format.
 */
export function describePublication(
  platform: Platform,
  slides: readonly { readonly contentType: string }[],
  rules: PlatformRules,
): Publication {
  const { formats } = rules;
  const n = slides.length;
  const first = slides[0];
  const video = first !== undefined && isVideoType(first.contentType);
  const images = slides.filter((s) => isImageType(s.contentType)).length;
  let format: string | null;
  if (first === undefined) format = formats.text;
  else if (rules.firstSlideOnly) format = video ? formats.video : formats.photo;
  else if (rules.videoRequired) format = formats.video;
  else if (n > 1 && rules.allowsMixedMedia && formats.slides !== null) format = formats.slides;
  else if (video) format = formats.video;
  else format = n > 1 ? formats.slides : formats.photo;
  // Nothing publishes: say what is missing rather than name a format the platform refuses.
  if (format === null) {
    const needs = rules.videoRequired ? 'a video' : 'a photo or video';
    return {
      platform,
      format: 'none',
      slides: 0,
      description: `nothing yet: ${PLATFORM_NAMES[platform]} needs ${needs}`,
    };
  }
  const name = format;
  const counted = name === formats.slides;
  const count = n === 0 ? 0 : counted ? (rules.allowsMixedMedia ? n : images) : 1;
  const words = FORMAT_WORDS[name] ?? { noun: name.replace('_', ' ') };
  const what = `${counted && words.unit !== undefined ? `${count}-${words.unit} ` : ''}${rules.publishedOn} ${words.noun}`;
  const only =
    rules.firstSlideOnly && n > 1
      ? ` (first slide only; ${PLATFORM_NAMES[platform]} leaves out the other ${n - 1})`
      : '';
  return { platform, format: name, slides: count, description: `${article(what)} ${what}${only}` };
}

function article(phrase: string): string {
  return /^[aeiou8]/i.test(phrase) || /^1[18]-/.test(phrase) ? 'an' : 'a';
}
