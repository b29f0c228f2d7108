import {
  formatBytes,
  formatDuration,
  mediaTypeName,
  orList,
  type PlatformRules,
  type PostingOptions,
  privacyLevelName,
  TEXT_COUNTING_UNITS,
} from '@svc/core';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * What a platform's rules allow, in one line: the caption limit, what the service makes of a
 * post there, and the files it takes. Read from the server's content policy, so a self-hoster's
 * own limits show; presentation only.
 */
export function platformRulesLine(rules: PlatformRules): string {
  const parts: string[] = [];
  parts.push(
    rules.captionMax === null
      ? 'No caption limit'
      : `Caption up to ${count(rules.captionMax)} ${TEXT_COUNTING_UNITS[rules.captionCounting]}`,
  );
  if (rules.titleRequired) {
    parts.push(rules.titleMax === null ? 'a title' : `a title of up to ${count(rules.titleMax)} characters`);
  }
  const formats = [
    rules.formats.text === null ? null : formatName(rules.formats.text),
    rules.formats.photo === null ? null : formatName(rules.formats.photo),
    rules.formats.slides === null || rules.formats.slides === rules.formats.photo
      ? null
      : formatName(rules.formats.slides),
    rules.formats.video === null ? null : formatName(rules.formats.video),
  ].filter((f): f is string => f !== null);
  const slides =
    rules.maxSlides !== null && rules.maxSlides > 1 ? `, up to ${count(rules.maxSlides)} slides` : '';
  const firstOnly = rules.firstSlideOnly ? ' (only the first slide is published)' : '';
  parts.push(`posts: ${formats.join(', ')}${slides}${firstOnly}`);
  if (rules.imageTypes.length > 0) {
    const size = rules.maxImageBytes === null ? '' : ` up to ${formatBytes(rules.maxImageBytes)}`;
    parts.push(`images: ${orList(rules.imageTypes.map(mediaTypeName))}${size}`);
  }
  if (rules.videoTypes.length > 0) {
    const length =
      rules.maxVideoMs === null
        ? ''
        : rules.minVideoMs === null
          ? ` up to ${formatDuration(rules.maxVideoMs)}`
          : `, ${formatDuration(rules.minVideoMs)} to ${formatDuration(rules.maxVideoMs)}`;
    const vertical = rules.requiresVerticalVideo ? ', vertical or square' : '';
    parts.push(`videos: ${orList(rules.videoTypes.map(mediaTypeName))}${length}${vertical}`);
  }
  return `${parts.join('; ')}.`;
}

// `photo_set` reads `photo set`; a YouTube `short` is a Short.
const formatName = (format: string) => (format === 'short' ? 'Short' : format.replace(/_/g, ' '));

/** A TikTok privacy level as a person reads it (core's vocabulary: `Everyone`, `Only me`). */
export function privacyLabel(level: string): string {
  return privacyLevelName(level);
}

/**
 * A TikTok creator's posting options as sentences: who posts may be shown to, which
 * interactions posts can turn off and which the creator turned off in the app, the longest video.
 */
export function postingOptionLines(options: PostingOptions): string[] {
  const levels = options.privacyLevels.map(privacyLabel);
  const interactions = [
    ['comments', options.commentDisabled],
    ['duets', options.duetDisabled],
    ['stitches', options.stitchDisabled],
  ] as const;
  const open = interactions.filter(([, disabled]) => !disabled).map(([name]) => name);
  const closed = interactions.filter(([, disabled]) => disabled).map(([name]) => name);
  const lines = [
    levels.length === 0 ? 'Posts can be shown to nobody right now.' : `Who can see posts: ${orList(levels)}.`,
  ];
  if (open.length > 0) lines.push(`${capitalised(andList(open))} can be turned off for each post.`);
  if (closed.length > 0) {
    lines.push(`${capitalised(andList(closed))} are off in the TikTok app, so posts keep them off.`);
  }
  lines.push(
    options.maxVideoDurationSec === null
      ? 'TikTok does not say how long a video may be.'
      : `Videos up to ${formatDuration(options.maxVideoDurationSec * 1000)}.`,
  );
  return lines;
}

function andList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
