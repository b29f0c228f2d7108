// How a post will look in a platform's feed, for Compose's preview: the title shown above it, the
// caption cut where the platform folds it behind "more", and how slide 1 is framed. Pure, and in
// `@svc/core/policy` so the compose page's script draws the same preview as the server.

import type { Platform } from '../kernel/index.js';
import { isPhotoPost, normalizePolicyInput } from './normalize-policy-input.js';
import type { PlatformRules } from './platform-limits.js';
import type { PolicyInput } from './policy-types.js';

/**
 * Characters of the caption a feed shows before it folds the rest behind "more". UNCERTAIN: the
 * apps fold by lines on the reader's screen, and none documents a figure; these are the widely
 * quoted ones (Instagram ~125, Facebook ~477 on a Page post, TikTok ~100 under a video). Threads
 * shows its whole 500; a YouTube Short's feed shows its title and keeps the description (the
 * caption) behind the "…" panel, so none of it shows.
 */
export const FEED_CAPTION_CHARS: Readonly<Record<Platform, number | null>> = {
  instagram: 125,
  facebook: 477,
  tiktok: 100,
  threads: null,
  youtube: 0,
};

/** At most `max` UTF-16 units: the text, or its start cut at a word with an ellipsis. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max - 1) break;
    kept += char;
  }
  const space = kept.search(/\s\S*$/);
  const cut = space > max / 2 ? kept.slice(0, space) : kept;
  return `${cut.trimEnd()}…`;
}

/** How slide 1 shows: its own shape, or the nearest the platform takes (the rest cropped away). */
export type FeedFrame = {
  /** Width over height of slide 1. */
  readonly slideRatio: number;
  /** Width over height of the frame the feed shows (slide 1's own, or the range's nearest end). */
  readonly frameRatio: number;
  /** Whether the frame cuts part of slide 1 away (its shape is outside the platform's range). */
  readonly cropped: boolean;
};

/** One platform's preview of a post. */
export type FeedPreview = {
  readonly platform: Platform;
  /** The title shown with the post (a YouTube Short's, a TikTok photo post's); null where none shows. */
  readonly title: string | null;
  /** The caption the feed shows before "more" (all of it when `folded` is false). */
  readonly caption: string;
  /** Whether the feed folds part of the caption behind "more". */
  readonly folded: boolean;
  /** How slide 1 is framed; null without an image of known size as slide 1. */
  readonly frame: FeedFrame | null;
  /** Slides the post publishes here (only slide 1 where the platform takes one). */
  readonly slides: number;
};

// Rounded as the aspect check rounds, so the usual 1200x628 counts as 1.91:1.
const rounded = (ratio: number) => Math.round(ratio * 100) / 100;

function frameOf(input: ReturnType<typeof normalizePolicyInput>, rules: PlatformRules): FeedFrame | null {
  const first = input.media[0];
  if (first === undefined || first.kind !== 'image' || !first.width || !first.height) return null;
  const slideRatio = first.width / first.height;
  const range = rules.imageAspectRatio;
  if (range === null) return { slideRatio, frameRatio: slideRatio, cropped: false };
  const shape = rounded(slideRatio);
  if (shape >= range.min && shape <= range.max) return { slideRatio, frameRatio: slideRatio, cropped: false };
  return { slideRatio, frameRatio: shape < range.min ? range.min : range.max, cropped: true };
}

/**
 * The title a platform shows: YouTube's own; on TikTok a photo post's (the post's title, else the
 * caption's start cut at a word to the photo title's ceiling, as the publisher sends it) while a
 * video shows its caption alone (the caption is TikTok's video `title`).
 */
export function shownTitle(
  platform: Platform,
  post: { readonly title: string; readonly caption: string; readonly photos: boolean },
  rules: Pick<PlatformRules, 'photoTitleMax'>,
): string | null {
  const title = post.title.trim();
  if (platform === 'youtube') return title === '' ? null : title;
  if (platform !== 'tiktok' || !post.photos) return null;
  const text = title || post.caption.trim();
  return text === '' ? null : clipText(text, rules.photoTitleMax ?? text.length);
}

/** How `input` will look on `platform` with its rules (see each field). */
export function feedPreview(platform: Platform, input: PolicyInput, rules: PlatformRules): FeedPreview {
  const post = normalizePolicyInput(input);
  const photos = isPhotoPost(post.media);
  // A TikTok video without a caption shows its title in the caption's place, as the publisher sends it.
  const text = platform === 'tiktok' && !photos && post.caption.trim() === '' ? post.title : post.caption;
  const max = FEED_CAPTION_CHARS[platform];
  const folded = max !== null && text.length > max;
  return {
    platform,
    title: shownTitle(platform, { title: post.title, caption: post.caption, photos }, rules),
    caption: !folded ? text : max === 0 ? '' : clipText(text, max),
    folded,
    frame: frameOf(post, rules),
    slides: rules.firstSlideOnly ? Math.min(post.media.length, 1) : post.media.length,
  };
}
