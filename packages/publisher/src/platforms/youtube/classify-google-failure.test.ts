import { describe, expect, it } from 'vitest';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { classifyGoogleFailure, type GoogleVerdict } from './classify-google-failure.js';
import { failureFromAnswer, type GoogleFailure } from './google-failure.js';

const youtubeFixture = fixtureReader(import.meta.dirname);
const now = new Date('2026-01-15T12:00:00.000Z');
const answer = (name: string, status: number): GoogleFailure =>
  failureFromAnswer(status, youtubeFixture(name));

type Row = [
  what: string,
  failure: GoogleFailure,
  expected: Partial<GoogleVerdict> & { kind: GoogleVerdict['kind'] },
];

const rows: Row[] = [
  ['401 authError', answer('error-401-auth.json', 401), { kind: 'token_expired' }],
  [
    '403 quotaExceeded: until midnight Pacific',
    answer('error-403-quota-exceeded.json', 403),
    { kind: 'defer', until: new Date('2026-01-16T08:00:00.000Z') },
  ],
  ['403 rateLimitExceeded', answer('error-403-rate-limit.json', 403), { kind: 'retry', afterMs: 60_000 }],
  [
    '429 userRateLimitExceeded',
    answer('error-429-user-rate-limit.json', 429),
    { kind: 'retry', afterMs: 60_000 },
  ],
  [
    '400 uploadLimitExceeded: a day',
    answer('error-400-upload-limit.json', 400),
    { kind: 'defer', until: new Date('2026-01-16T12:00:00.000Z') },
  ],
  ['403 forbidden', answer('error-403-forbidden.json', 403), { kind: 'failed' }],
  [
    '403 insufficientPermissions',
    answer('error-403-insufficient-permissions.json', 403),
    { kind: 'needs_reconnect' },
  ],
  [
    '401 youtubeSignupRequired',
    answer('error-401-signup-required.json', 401),
    { kind: 'failed', reason: expect.stringContaining('no YouTube channel') },
  ],
  [
    '403 account suspended',
    answer('error-403-account-suspended.json', 403),
    { kind: 'failed', reason: expect.stringContaining('suspended') },
  ],
  [
    '403 account closed',
    answer('error-403-account-closed.json', 403),
    { kind: 'failed', reason: expect.stringContaining('closed') },
  ],
  ['403 API not enabled', answer('error-403-access-not-configured.json', 403), { kind: 'failed' }],
  [
    '400 invalidTitle',
    answer('error-400-invalid-title.json', 400),
    { kind: 'failed', reason: expect.stringContaining('title') },
  ],
  [
    '400 invalidDescription',
    answer('error-400-invalid-description.json', 400),
    { kind: 'failed', reason: expect.stringContaining('description') },
  ],
  [
    '400 invalidTags',
    answer('error-400-invalid-tags.json', 400),
    { kind: 'failed', reason: expect.stringContaining('tags') },
  ],
  ['400 invalidCategoryId', answer('error-400-invalid-category.json', 400), { kind: 'failed' }],
  ['400 invalidPublishAt', answer('error-400-invalid-publish-at.json', 400), { kind: 'failed' }],
  ['400 mediaBodyRequired', answer('error-400-media-body-required.json', 400), { kind: 'failed' }],
  [
    '400 invalidVideoMetadata: Google words',
    answer('error-400-invalid-metadata.json', 400),
    {
      kind: 'failed',
      reason: 'YouTube refused the request (invalidVideoMetadata): The request metadata is invalid.',
    },
  ],
  ['400 defaultLanguageNotSet', answer('error-400-default-language.json', 400), { kind: 'failed' }],
  ['503 backendError', answer('error-503-backend.json', 503), { kind: 'retry', afterMs: 30_000 }],
  ['500 internalError', answer('error-500-internal.json', 500), { kind: 'retry', afterMs: 30_000 }],
  ['a 502 without a Google body', failureFromAnswer(502, '<html>Bad gateway</html>'), { kind: 'retry' }],
  [
    'no answer at all',
    { status: null, reason: null, domain: null, message: null, detail: 'ETIMEDOUT' },
    { kind: 'retry', reason: 'YouTube could not be reached (ETIMEDOUT).' },
  ],
  [
    'a 404 without a body',
    failureFromAnswer(404, undefined),
    { kind: 'failed', reason: 'YouTube refused the request (HTTP 404): HTTP 404.' },
  ],
];

describe('classifyGoogleFailure', () => {
  it.each(rows)('%s', (_what, failure, expected) => {
    expect(classifyGoogleFailure(failure, now)).toMatchObject(expected);
  });

  it('reads both of Google error shapes', () => {
    expect(answer('error-403-quota-exceeded.json', 403)).toEqual({
      status: 403,
      reason: 'quotaExceeded',
      domain: 'youtube.quota',
      message: expect.stringContaining('exceeded your'),
      detail: 'HTTP 403',
    });
    expect(answer('oauth-invalid-grant.json', 400)).toEqual({
      status: 400,
      reason: 'invalid_grant',
      domain: null,
      message: 'Token has been expired or revoked.',
      detail: 'HTTP 400',
    });
  });

  it('defers a quota refusal in summer to 07:00 UTC', () => {
    const summer = classifyGoogleFailure(
      answer('error-403-quota-exceeded.json', 403),
      new Date('2026-07-04T20:00:00Z'),
    );
    expect(summer).toMatchObject({ kind: 'defer', until: new Date('2026-07-05T07:00:00.000Z') });
  });
});
