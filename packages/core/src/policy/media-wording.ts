const TYPE_NAMES: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
  'image/heic-sequence': 'HEIC',
  'image/heif-sequence': 'HEIF',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
};

/** A short name for a MIME type (`image/jpeg` → `JPEG`); unknown types are shown as given. */
export function mediaTypeName(contentType: string): string {
  return Object.hasOwn(TYPE_NAMES, contentType) ? (TYPE_NAMES[contentType] ?? contentType) : contentType;
}

/** Names joined for a sentence: `A`, `A or B`, `A, B or C`. */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** A size in MB with one decimal (1 MB = 1,048,576 bytes, as the limits are set). */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb * 10) / 10 : Math.round(mb * 100) / 100} MB`;
}

/** A duration such as `2.5 s`, `3 min` or `3 min 0.5 s`. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round((seconds - minutes * 60) * 10) / 10;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

const NAMED_RATIOS: readonly (readonly [string, number])[] = [
  ['9:16', 9 / 16],
  ['2:3', 2 / 3],
  ['3:4', 3 / 4],
  ['4:5', 4 / 5],
  ['1:1', 1],
  ['5:4', 5 / 4],
  ['4:3', 4 / 3],
  ['3:2', 3 / 2],
  ['16:9', 16 / 9],
  ['1.91:1', 1.91],
];

/** A width/height ratio by its usual name when it has one (`4:5`), else as `0.56:1`. */
export function ratioName(width: number, height: number): string {
  const ratio = width / height;
  const named = NAMED_RATIOS.find(([, value]) => Math.abs(ratio - value) / value < 0.01);
  return named?.[0] ?? `${Math.round(ratio * 100) / 100}:1`;
}

/** A pixel size with its ratio: `1080x1350 (4:5)`. */
export function shapeName(width: number, height: number): string {
  return `${width}x${height} (${ratioName(width, height)})`;
}

/** 0-based slide indexes as people count them: `slide 2`, `slides 2, 3 and 5`, at most 10 named. */
export function slideList(indexes: readonly number[]): string {
  const shown = indexes.slice(0, 10).map((i) => String(i + 1));
  const more = indexes.length - shown.length;
  if (more > 0) return `slides ${shown.join(', ')} and ${more} more`;
  if (shown.length === 1) return `slide ${shown[0]}`;
  return `slides ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** A count with its noun: `1 photo`, `2 photos`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
