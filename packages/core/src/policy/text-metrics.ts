/**
 * How a text is measured against a ceiling. Platforms disagree: Instagram counts characters
 * (code points), TikTok UTF-16 code units, YouTube UTF-8 bytes, and Threads counts emoji as their
 * UTF-8 byte length and everything else as one.
 */
export type TextCounting = 'code_points' | 'utf16_units' | 'utf8_bytes' | 'threads_weighted';

/** Human wording of each counting method, for messages. */
export const TEXT_COUNTING_UNITS: Readonly<Record<TextCounting, string>> = {
  code_points: 'characters',
  utf16_units: 'characters, most emoji counting 2',
  utf8_bytes: 'characters, accented letters counting 2 and emoji 4',
  threads_weighted: 'characters, each emoji counting 4 or more',
};

/** Number of Unicode code points: what people usually mean by "characters". */
export function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Number of UTF-16 code units (JavaScript `length`), as TikTok counts. */
export function countUtf16Units(text: string): number {
  return text.length;
}

/** Number of bytes the text takes in UTF-8. A lone surrogate counts 3, as its replacement character would. */
export function countUtf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

// A grapheme holding any of these is an emoji. Keycap (U+20E3) and flags (regional indicators)
// are not Extended_Pictographic, yet render as emoji.
const EMOJI_MARK = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
// Any UTF-16 unit above 0x7F (astral characters show up as surrogates, which are above it too).
const NON_ASCII = /[\u0080-\uFFFF]/;

let graphemeSegmenter: Intl.Segmenter | null | undefined;

function graphemes(text: string): Iterable<string> {
  if (graphemeSegmenter === undefined) {
    graphemeSegmenter =
      typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;
  }
  if (graphemeSegmenter === null) return text;
  const segments = graphemeSegmenter.segment(text);
  return {
    *[Symbol.iterator]() {
      for (const s of segments) yield s.segment;
    },
  };
}

/** Characters as a person counts them: grapheme clusters, so `é`, `👍🏽` and a flag are one each. */
export function countGraphemes(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let count = 0;
  for (const _ of graphemes(text)) count++;
  return count;
}

/** Whether a text holds an emoji (a pictograph, a flag or a keycap). */
export function hasEmoji(text: string): boolean {
  return NON_ASCII.test(text) && EMOJI_MARK.test(text);
}

/**
 * Length as Threads counts it (platforms.md 4.3): an emoji counts its UTF-8 byte length, any
 * other code point counts 1. An emoji is a whole grapheme cluster holding a pictograph, flag or
 * keycap, so joiners (ZWJ), variation selectors and skin-tone modifiers inside the sequence add
 * their bytes too: 👍 = 4, ❤️ = 6, 👍🏽 = 8, 👨‍👩‍👧 = 18. Overcounting a little is safer than a refusal.
 */
export function countThreadsCharacters(text: string): number {
  // Plain ASCII holds no emoji: one per character, without segmenting.
  if (!NON_ASCII.test(text)) return text.length;
  let count = 0;
  for (const grapheme of graphemes(text)) {
    count += EMOJI_MARK.test(grapheme) ? countUtf8Bytes(grapheme) : countCodePoints(grapheme);
  }
  return count;
}

/** Measures a text the given way. */
export function measureText(text: string, counting: TextCounting): number {
  switch (counting) {
    case 'code_points':
      return countCodePoints(text);
    case 'utf16_units':
      return countUtf16Units(text);
    case 'utf8_bytes':
      return countUtf8Bytes(text);
    case 'threads_weighted':
      return countThreadsCharacters(text);
  }
}

const URL_WITH_SCHEME = /(?<![\p{L}\p{N}_])https?:\/\/[^\s<>"'`]+/giu;

// Bare domains are only recognised with a common top-level domain, so "e.g.", "v1.2", "node.js"
// or "file.txt" are not taken for links.
const COMMON_TLDS =
  'com|net|org|io|co|ai|app|dev|me|info|biz|shop|store|xyz|tv|ly|gg|link|site|online|blog|news|edu|gov|' +
  'uk|de|fr|es|it|nl|ca|au|br|jp|us|eu|ch|se|pl|mx|nz|ie|in';
const BARE_DOMAIN = new RegExp(
  `(?<![\\p{L}\\p{N}_@./:-])(?:www\\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:${COMMON_TLDS})` +
    `(?![\\p{L}\\p{N}_-])(?::\\d{1,5})?(?:/[^\\s<>"'\`]*)?`,
  'giu',
);

const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/u;

/** The links in a text: http(s) URLs and bare domains such as `example.com/path`, in order of appearance. */
export function extractLinks(text: string): string[] {
  const found: { index: number; link: string }[] = [];
  const withoutUrls = text.replace(URL_WITH_SCHEME, (match, index: number) => {
    found.push({ index, link: match.replace(TRAILING_PUNCTUATION, '') });
    return ' '.repeat(match.length);
  });
  for (const match of withoutUrls.matchAll(BARE_DOMAIN)) {
    found.push({ index: match.index, link: match[0].replace(TRAILING_PUNCTUATION, '') });
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.link);
}

/** The text with every link blanked out (same length), so tags and numbers inside links are not seen. */
export function blankLinks(text: string): string {
  return text
    .replace(URL_WITH_SCHEME, (match) => ' '.repeat(match.length))
    .replace(BARE_DOMAIN, (match) => ' '.repeat(match.length));
}

const HASHTAG = /(?<![\p{L}\p{M}\p{N}_&#/])#([\p{L}\p{M}\p{N}_]+)/gu;
const ALL_DIGITS = /^\p{N}+$/u;

/**
 * The hashtags of a text without `#`, first spelling kept, duplicates removed case-insensitively.
 * A tag is letters, marks, digits and underscores after `#`; digits alone ("#1") are not a tag,
 * and neither is a fragment inside a link (`https://x.com/a#frag`) or an HTML entity (`&#39;`).
 */
export function extractHashtags(text: string): string[] {
  const tags = [...blankLinks(text).matchAll(HASHTAG)].map((m) => m[1] ?? '');
  return uniqueCaseInsensitive(tags.filter((t) => t !== '' && !ALL_DIGITS.test(t)));
}

/** Hashtags of the caption plus extra ones given with or without `#`, duplicates removed case-insensitively. */
export function collectHashtags(caption: string, extra: readonly string[]): string[] {
  const cleaned = extra.map((tag) => tag.trim().replace(/^#+/u, '').trim()).filter((tag) => tag !== '');
  return uniqueCaseInsensitive([...extractHashtags(caption), ...cleaned]);
}

const MENTION = /(?<![\p{L}\p{N}_.@])@([A-Za-z0-9._]+)/gu;

/** The distinct @-mentions of a text without `@` (case-insensitive); e-mail addresses and links are not mentions. */
export function extractMentions(text: string): string[] {
  const names = [...blankLinks(text).matchAll(MENTION)].map((m) => (m[1] ?? '').replace(/\.+$/u, ''));
  return uniqueCaseInsensitive(names.filter((n) => n !== ''));
}

function uniqueCaseInsensitive(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}
