import { describe, expect, it } from 'vitest';
import {
  collectHashtags,
  countCodePoints,
  countThreadsCharacters,
  countUtf8Bytes,
  countUtf16Units,
  extractHashtags,
  extractLinks,
  extractMentions,
  measureText,
} from './text-metrics.js';

describe('counting', () => {
  it('counts code points, UTF-16 units and UTF-8 bytes differently for the same text', () => {
    const text = 'aé😀';
    expect(countCodePoints(text)).toBe(3);
    expect(countUtf16Units(text)).toBe(4);
    expect(countUtf8Bytes(text)).toBe(1 + 2 + 4);
    expect(measureText(text, 'code_points')).toBe(3);
    expect(measureText(text, 'utf16_units')).toBe(4);
    expect(measureText(text, 'utf8_bytes')).toBe(7);
  });

  it('counts a lone surrogate as 3 UTF-8 bytes instead of throwing', () => {
    expect(countUtf8Bytes('\uD800')).toBe(3);
    expect(countCodePoints('\uD800')).toBe(1);
  });

  it('counts Threads emoji as their UTF-8 bytes, whole sequences included, and other characters as 1', () => {
    expect(countThreadsCharacters('abc')).toBe(3);
    expect(countThreadsCharacters('é')).toBe(1);
    expect(countThreadsCharacters('👍')).toBe(4);
    expect(countThreadsCharacters('❤️')).toBe(6); // U+2764 (3) + variation selector (3)
    expect(countThreadsCharacters('👍🏽')).toBe(8); // with a skin-tone modifier
    expect(countThreadsCharacters('👨‍👩‍👧')).toBe(18); // three emoji and two ZWJ
    expect(countThreadsCharacters('🇫🇷')).toBe(8); // a flag is two regional indicators
    expect(countThreadsCharacters('1️⃣')).toBe(7); // keycap: digit + VS16 + U+20E3
    expect(countThreadsCharacters('hi 👍')).toBe(7);
    expect(measureText('👍', 'threads_weighted')).toBe(4);
  });
});

describe('extractLinks', () => {
  it('finds URLs and bare domains, without trailing punctuation', () => {
    expect(
      extractLinks('Read https://example.com/a?b=1. Then shop.example.co.uk/sale, or www.test.io!'),
    ).toEqual(['https://example.com/a?b=1', 'shop.example.co.uk/sale', 'www.test.io']);
  });

  it('does not take abbreviations, versions, file names or e-mail domains for links', () => {
    expect(extractLinks('e.g. i.e. v1.2 node.js file.txt 3.14 U.S. mail me at jo@example.com')).toEqual([]);
  });
});

describe('extractHashtags', () => {
  it('finds tags in any script, keeps the first spelling and drops case-insensitive duplicates', () => {
    expect(extractHashtags('#Summer fun #summer #日本 #café #ok_1')).toEqual([
      'Summer',
      '日本',
      'café',
      'ok_1',
    ]);
  });

  it('ignores link fragments, HTML entities, digits-only tags and # inside words', () => {
    expect(extractHashtags('https://x.com/a#frag &#39; we are #1 x#y example.com/#top')).toEqual([]);
  });

  it('adds extra hashtags given with or without #, deduplicated against the caption', () => {
    expect(collectHashtags('#Tag one', ['tag', '#TAG', ' #other ', '#', ''])).toEqual(['Tag', 'other']);
  });
});

describe('extractMentions', () => {
  it('finds distinct @-mentions but not e-mail addresses or handles inside links', () => {
    expect(extractMentions('@bob and @Bob. with @x.y, mail a@b.com, see https://x.com/@zed')).toEqual([
      'bob',
      'x.y',
    ]);
  });
});
