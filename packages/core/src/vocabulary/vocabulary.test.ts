import { describe, expect, it } from 'vitest';
import { ERROR_CODES, POST_STATUSES } from '../kernel/index.js';
import { DEFAULT_POLICY_CONFIG, TIKTOK_PRIVACY_LEVELS, textCounters } from '../policy/index.js';
import { counterWords } from './counter-words.js';
import { ERROR_SENTENCES } from './error-sentences.js';
import { privacyLevelName } from './privacy-level-names.js';
import { refusalSentence } from './refusal-sentence.js';
import { sizeWords } from './size-words.js';
import { statusName } from './status-names.js';
import { pastTimeSentence, timeInZone, zoneName } from './zone-words.js';

const counter = (caption: string, platform: 'threads' | 'tiktok' | 'youtube' | 'instagram') => {
  const found = textCounters(
    { caption, platforms: [platform], media: platform === 'tiktok' || platform === 'youtube' ? [video] : [] },
    DEFAULT_POLICY_CONFIG,
  ).find((c) => c.field === 'caption');
  if (found === undefined) throw new Error(`no caption counter for ${platform}`);
  return found;
};
const video = {
  contentType: 'video/mp4',
  sizeBytes: 1_000_000,
  width: 1080,
  height: 1920,
  durationMs: 20_000,
};

describe('the vocabulary', () => {
  it('names TikTok privacy levels as the app does, and an unknown level in plain lower case', () => {
    expect(TIKTOK_PRIVACY_LEVELS.map(privacyLevelName)).toEqual([
      'Everyone',
      'Friends',
      'Followers',
      'Only me',
    ]);
    expect(privacyLevelName('FRIENDS_OF_FRIENDS')).toBe('friends of friends');
    expect(privacyLevelName('toString')).toBe('tostring');
  });

  it('names every status without an underscore', () => {
    expect(statusName('pending_approval')).toBe('Awaiting review');
    for (const status of POST_STATUSES) expect(statusName(status)).toMatch(/^[A-Z][a-z ]+$/);
  });

  it('words every error code as a sentence with no code or field name in it', () => {
    for (const code of ERROR_CODES) {
      const sentence = ERROR_SENTENCES[code];
      expect(sentence, code).toMatch(/^[A-Z].*\.$/);
      expect(sentence, code).not.toMatch(/_|\b[a-z]+[A-Z]/);
    }
  });

  it('says sizes in KB and MB, never bytes', () => {
    expect(sizeWords(200)).toBe('1 KB');
    expect(sizeWords(94 * 1024)).toBe('94 KB');
    expect(sizeWords(19.6 * 1024 * 1024)).toBe('19.6 MB');
  });

  it('names a zone by its place and shows a time with it', () => {
    expect(zoneName('America/New_York')).toBe('New York');
    expect(zoneName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneName('UTC')).toBe('UTC');
    const at = new Date('2026-11-01T19:30:00Z');
    expect(timeInZone(at, 'America/New_York')).toBe('Sun 1 Nov, 14:30 New York time');
    expect(timeInZone(at, 'Not/AZone')).toBe('Sun 1 Nov, 19:30 UTC time');
    expect(pastTimeSentence(at, 'America/New_York')).toBe(
      'That time has passed (Sun 1 Nov, 14:30 New York time). Pick a later time.',
    );
  });
});

describe('counters in characters as a person counts them', () => {
  it('says only characters when the platform counts the same', () => {
    expect(counterWords(counter('Hello there', 'threads'))).toBe('11 / 500 characters');
    expect(counterWords(counter('Crème brûlée', 'instagram'))).toBe('12 / 2,200 characters');
  });

  it('explains the platform rule only when this text makes it differ, the emoji note only with an emoji', () => {
    expect(counterWords(counter('Hi 👍', 'threads'))).toBe(
      '4 / 500 characters (Threads counts 7: each emoji as 4 or more)',
    );
    expect(counterWords(counter('Hi 👍', 'tiktok'))).toBe(
      '4 / 2,200 characters (TikTok counts 5: most emoji as 2)',
    );
    expect(counterWords(counter('Crème', 'youtube'))).toBe(
      '5 / 5,000 characters (YouTube counts 6: accented letters as 2)',
    );
    expect(counterWords(counter('Hi 👍🏽', 'instagram'))).toBe(
      '4 / 2,200 characters (Instagram counts 5: some emoji as 2 or more)',
    );
  });

  it('counts a family emoji, a flag and a skin tone as one character each', () => {
    const c = counter('👨‍👩‍👧🇫🇷👍🏽', 'threads');
    expect(c.characters).toBe(3);
    expect(c.emoji).toBe(true);
  });

  it('says how far over in the platform count, which is what it refuses', () => {
    const c = counter(`${'a'.repeat(498)}👍`, 'threads');
    expect(c.used).toBe(502);
    expect(counterWords(c)).toBe(
      '499 / 500 characters (Threads counts 502: each emoji as 4 or more) · 2 over',
    );
  });
});

describe('refusals as a person is told them', () => {
  it('says a past time back in the person zone', () => {
    const error = {
      code: 'scheduled_time_in_past' as const,
      message: 'scheduled_time 2026-11-01T19:30:00.000Z is not in the future. Send a later time.',
      details: { field: 'scheduledTime', time: '2026-11-01T19:30:00.000Z' },
    };
    expect(refusalSentence(error, 'America/New_York')).toBe(
      'That time has passed (Sun 1 Nov, 14:30 New York time). Pick a later time.',
    );
    expect(refusalSentence({ ...error, details: {} }, 'UTC')).toBe(
      'That time has passed. Pick a later time.',
    );
  });

  it('replaces a message worded for API callers, and keeps a plain one with its specifics', () => {
    expect(
      refusalSentence({ code: 'invalid_profile_ids', message: 'profile_ids acct_1 unknown' }, 'UTC'),
    ).toBe('One of the chosen accounts is not connected any more.');
    const full = 'Media storage is full: 19 MB of 20 MB used. Upgrade the plan to store more.';
    expect(refusalSentence({ code: 'storage_quota_exceeded', message: full }, 'UTC')).toBe(full);
  });
});
