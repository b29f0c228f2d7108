import { describe, expect, it } from 'vitest';
import { parsePostRequest } from './post-request.js';

const parse = (raw: unknown, requireScheduledTime = false) => parsePostRequest(raw, { requireScheduledTime });
const codeOf = (raw: unknown, requireScheduledTime = false) =>
  parse(raw, requireScheduledTime)._unsafeUnwrapErr().code;

describe('parsePostRequest', () => {
  it('normalises a full payload', () => {
    const request = parse({
      platforms: ['instagram', 'tiktok', 'instagram'],
      profileIds: ['acct_1', 'acct_2', 'acct_1'],
      caption: 'Hi',
      title: 'T',
      mediaIds: ['media_1', 'media_2'],
      scheduledTime: '2026-12-01T10:00:00+01:00',
      externalId: 'ext-1',
      category: 'launch',
      platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' }, extra: { anything: true } },
      allowDuplicate: true,
    })._unsafeUnwrap();
    expect(request).toEqual({
      platforms: ['instagram', 'tiktok'],
      profileIds: ['acct_1', 'acct_2'],
      caption: 'Hi',
      title: 'T',
      media: [
        { kind: 'asset', mediaId: 'media_1' },
        { kind: 'asset', mediaId: 'media_2' },
      ],
      scheduledTime: new Date('2026-12-01T09:00:00Z'),
      externalId: 'ext-1',
      category: 'launch',
      platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' }, extra: { anything: true } },
      allowDuplicate: true,
    });
  });

  it('treats null optional fields as absent', () => {
    const request = parse({
      platforms: ['threads'],
      caption: 'x',
      profileIds: null,
      title: null,
      mediaUrls: null,
      mediaId: null,
      scheduledTime: null,
      externalId: null,
      platformMeta: null,
    })._unsafeUnwrap();
    expect(request).toMatchObject({
      profileIds: null,
      title: null,
      media: [],
      scheduledTime: null,
      platformMeta: null,
    });
  });

  it('turns mediaId and mediaUrls into slides', () => {
    expect(parse({ platforms: ['threads'], mediaId: 'media_7' })._unsafeUnwrap().media).toEqual([
      { kind: 'asset', mediaId: 'media_7' },
    ]);
    expect(
      parse({ platforms: ['threads'], mediaUrls: ['https://a.example/1.jpg'] })._unsafeUnwrap().media,
    ).toEqual([{ kind: 'link', url: 'https://a.example/1.jpg' }]);
  });

  it('gives missing_platforms for an absent, null or empty list', () => {
    expect(codeOf({ caption: 'x' })).toBe('missing_platforms');
    expect(codeOf({ platforms: null, caption: 'x' })).toBe('missing_platforms');
    expect(codeOf({ platforms: [], caption: 'x' })).toBe('missing_platforms');
  });

  it('gives unsupported_platform naming the bad one and the supported ones', () => {
    const error = parse({ platforms: ['instagram', 'twitter'] })._unsafeUnwrapErr();
    expect(error.code).toBe('unsupported_platform');
    expect(error.message).toContain('"twitter"');
    expect(error.message).toContain('instagram, tiktok, youtube, threads, facebook');
  });

  it('gives invalid_scheduled_time for text that is not an ISO 8601 date-time with offset', () => {
    for (const scheduledTime of ['tomorrow', '2026-12-01', '2026-12-01T10:00:00', '2026-02-30T10:00:00Z']) {
      expect(codeOf({ platforms: ['threads'], caption: 'x', scheduledTime })).toBe('invalid_scheduled_time');
    }
    expect(codeOf({ platforms: ['threads'], caption: 'x', scheduledTime: 1733045400 })).toBe(
      'validation_failed',
    );
  });

  it('requires scheduledTime when the endpoint does', () => {
    const error = parse({ platforms: ['threads'], caption: 'x' }, true)._unsafeUnwrapErr();
    expect(error.code).toBe('invalid_scheduled_time');
    expect(error.message).toContain('required');
  });

  it('refuses media sent two ways at once', () => {
    expect(codeOf({ platforms: ['threads'], mediaId: 'media_1', mediaIds: ['media_2'] })).toBe(
      'ambiguous_media',
    );
    expect(
      codeOf({ platforms: ['threads'], mediaUrls: ['https://a.example/1.jpg'], mediaId: 'media_1' }),
    ).toBe('ambiguous_media');
  });

  it('refuses unknown fields and suggests the camelCase name', () => {
    const error = parse({
      platforms: ['threads'],
      caption: 'x',
      scheduled_time: '2026-12-01T10:00:00Z',
    })._unsafeUnwrapErr();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain('scheduled_time (did you mean scheduledTime?)');
  });

  it('refuses wrong types with the field named', () => {
    const error = parse({ platforms: ['threads'], caption: 42 })._unsafeUnwrapErr();
    expect(error).toMatchObject({ code: 'validation_failed', details: { field: 'caption' } });
    expect(codeOf({ platforms: 'instagram' })).toBe('validation_failed');
    expect(codeOf({ platforms: ['threads'], mediaUrls: ['ftp://x/y.jpg'] })).toBe('validation_failed');
    expect(codeOf({ platforms: ['threads'], platformMeta: { tiktok: { disableDuet: 'yes' } } })).toBe(
      'validation_failed',
    );
    expect(codeOf({ platforms: ['threads'], mediaIds: Array.from({ length: 36 }, (_, i) => `m${i}`) })).toBe(
      'validation_failed',
    );
  });

  it('refuses a body that is not an object', () => {
    for (const raw of [null, 'text', [1], 3]) expect(codeOf(raw)).toBe('validation_failed');
  });

  it('takes an evergreen rule (onlyAboveMedian false by default), refuses one out of bounds, and keeps evergreen: keys for copies', () => {
    const request = parse({
      platforms: ['threads'],
      evergreen: { everyDays: 7, maxTimes: 2 },
    })._unsafeUnwrap();
    expect(request.evergreen).toEqual({ everyDays: 7, maxTimes: 2, onlyAboveMedian: false });
    expect('evergreen' in parse({ platforms: ['threads'] })._unsafeUnwrap()).toBe(false);
    expect(
      parse({ platforms: ['threads'], evergreen: { everyDays: 7, maxTimes: 0 } })._unsafeUnwrapErr(),
    ).toMatchObject({ code: 'validation_failed', details: { field: 'evergreen.maxTimes' } });
    expect(
      parse({ platforms: ['threads'], externalId: 'evergreen:post_1:1' })._unsafeUnwrapErr(),
    ).toMatchObject({
      code: 'validation_failed',
      details: { field: 'externalId' },
    });
  });
});
