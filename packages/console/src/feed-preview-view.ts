import {
  FEED_CAPTION_CHARS,
  type FeedPreview,
  feedPreview,
  PLATFORM_NAMES,
  type Platform,
  type PlatformRules,
  type PolicyInput,
  ratioName,
} from '@svc/core/policy';

// Compose's per-platform preview in words and sizes, shared by the page the server renders and
// the script that redraws it as the person types (browser/compose-checks.ts). Every rule (where
// the feed folds the caption, which title shows, how slide 1 is framed) is core's `feedPreview`.

/** The width of a preview's picture, in CSS pixels. */
export const PREVIEW_WIDTH = 200;

/** One platform's preview as a page draws it. */
export type PreviewView = {
  readonly platform: Platform;
  readonly title: string | null;
  readonly caption: string;
  /** "more", where the feed folds the rest of the caption. */
  readonly folded: boolean;
  /** Slide 1 as the feed frames it, when it is a photo of known size with an address to show. */
  readonly frame: {
    readonly src: string;
    readonly width: number;
    readonly height: number;
    readonly label: string;
  } | null;
  /** What a person should know that the picture does not say. */
  readonly notes: readonly string[];
};

/** The preview of `input` on `platform`; `firstSlideSrc` is slide 1's picture (null: none to show). */
export function previewView(
  platform: Platform,
  input: PolicyInput,
  rules: PlatformRules,
  firstSlideSrc: string | null,
): PreviewView {
  const preview: FeedPreview = feedPreview(platform, input, rules);
  const name = PLATFORM_NAMES[platform];
  const notes: string[] = [];
  const shown = FEED_CAPTION_CHARS[platform];
  if (preview.folded)
    notes.push(
      shown === 0
        ? `${name} keeps the caption behind the “…” of the video; the feed shows the title.`
        : `About ${shown} characters show in the feed; the rest opens with “more”.`,
    );
  const slides = input.media?.length ?? 0;
  if (slides > preview.slides) notes.push(`${name} publishes slide 1 only, of ${slides}.`);
  const frame = preview.frame;
  if (frame?.cropped && rules.imageAspectRatio !== null) {
    notes.push(
      `Slide 1 is ${ratioName(frame.slideRatio, 1)}; ${name} takes ${ratioName(rules.imageAspectRatio.min, 1)} to ${ratioName(rules.imageAspectRatio.max, 1)}. Crop it before scheduling: shown here as a centred ${ratioName(frame.frameRatio, 1)} crop would keep it.`,
    );
  }
  if (platform === 'youtube' && preview.title === null) notes.push(`No title yet: ${name} needs one.`);
  return {
    platform,
    title: preview.title,
    caption: preview.caption,
    folded: preview.folded,
    frame:
      frame === null || firstSlideSrc === null
        ? null
        : {
            src: firstSlideSrc,
            width: PREVIEW_WIDTH,
            height: Math.round(PREVIEW_WIDTH / frame.frameRatio),
            label: `Slide 1 as ${name} shows it${frame.cropped ? `, cropped to ${ratioName(frame.frameRatio, 1)}` : ''}`,
          },
    notes,
  };
}
