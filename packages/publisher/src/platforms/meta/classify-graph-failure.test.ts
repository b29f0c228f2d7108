import { describe, expect, it } from 'vitest';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { documentedErrorBody, INSTAGRAM_ERROR_CODES } from './__fixtures__/instagram-error-codes.js';
import { classifyGraphFailure, type GraphVerdict } from './classify-graph-failure.js';
import { failureFromAnswer, type GraphFailure } from './graph-failure.js';

const fixture = fixtureReader(import.meta.dirname);

const now = new Date('2026-01-15T12:00:00.000Z');
const context = { platformName: 'Instagram', now, quotaRetryMs: 3_600_000 };
const answer = (name: string, status = 400, headers: Record<string, string> = {}): GraphFailure =>
  failureFromAnswer(status, fixture(name), headers);

type Row = [
  what: string,
  failure: GraphFailure,
  expected: Partial<GraphVerdict> & { kind: GraphVerdict['kind'] },
];

const rows: Row[] = [
  ['190/463 expired token', answer('error-190-463-expired.json'), { kind: 'token_expired' }],
  ['190 without subcode', answer('error-190-invalid.json'), { kind: 'token_expired' }],
  ['102 session', answer('error-102-session.json', 401), { kind: 'token_expired' }],
  ['190/460 password changed', answer('error-190-460-password-changed.json'), { kind: 'needs_reconnect' }],
  ['200 missing permission', answer('error-200-permission.json', 403), { kind: 'needs_reconnect' }],
  ['10 missing permission', answer('error-10-permission.json', 403), { kind: 'needs_reconnect' }],
  [
    '4 app throttle, no estimate: deferred for the rolling hour',
    answer('error-4-app-limit.json', 403),
    { kind: 'defer', until: new Date(now.getTime() + 3_600_000) },
  ],
  [
    '80002 with a regain estimate',
    answer('error-80002-buc.json', 400, {
      'x-business-use-case-usage': JSON.stringify({
        '1784': [
          {
            type: 'instagram',
            call_count: 100,
            total_cputime: 12,
            total_time: 30,
            estimated_time_to_regain_access: 7,
          },
        ],
      }),
    }),
    { kind: 'defer', until: new Date(now.getTime() + 7 * 60_000) },
  ],
  [
    '4 with an X-App-Usage estimate',
    answer('error-4-app-limit.json', 403, {
      'x-app-usage': JSON.stringify({
        call_count: 100,
        total_cputime: 40,
        total_time: 60,
        estimated_time_to_regain_access: 12,
      }),
    }),
    { kind: 'defer', until: new Date(now.getTime() + 12 * 60_000) },
  ],
  [
    'a call held back by the usage headers',
    { status: null, error: null, regainAccessMs: 90_000, paced: true, detail: 'paced' },
    { kind: 'defer', until: new Date(now.getTime() + 90_000) },
  ],
  ['9/2207042 publish limit', answer('error-9-2207042-publish-limit.json', 403), { kind: 'defer' }],
  ['9007/2207027 not ready', answer('error-9007-2207027-not-ready.json'), { kind: 'not_ready' }],
  ['2207020 container expired', answer('error-2207020-container-expired.json'), { kind: 'new_container' }],
  [
    '2207003 download timeout',
    answer('error-2207003-download-timeout.json'),
    { kind: 'retry', afterMs: 30_000 },
  ],
  ['368 temporarily blocked', answer('error-368-blocked.json'), { kind: 'retry', afterMs: 600_000 }],
  ['2 service, HTTP 500', answer('error-2-service.json', 500), { kind: 'retry', afterMs: 30_000 }],
  ['1 unknown', answer('error-1-unknown.json', 500), { kind: 'retry' }],
  ['a 502 without a Graph body', failureFromAnswer(502, '<html>Bad gateway</html>', {}), { kind: 'retry' }],
  [
    'no answer at all',
    { status: null, error: null, regainAccessMs: null, detail: 'ETIMEDOUT' },
    { kind: 'retry', afterMs: 30_000 },
  ],
  ['9004/2207052 download failed', answer('error-9004-2207052-download-failed.json'), { kind: 'failed' }],
  ['506 duplicate', answer('error-506-duplicate.json'), { kind: 'failed' }],
  ['100 invalid parameter', answer('error-100-invalid-parameter.json'), { kind: 'failed' }],
  ['100/1366046 photo refused', answer('error-1366046-photo.json'), { kind: 'failed' }],
  ['a 404 without a Graph body', failureFromAnswer(404, 'Not found', {}), { kind: 'failed' }],
];

// One row per subcode of Meta's Instagram error-codes page, each answered with Meta's own words
// (`__fixtures__/instagram-error-codes.ts`): what the page recommends is what the publish does.
const documented: [
  row: keyof typeof INSTAGRAM_ERROR_CODES,
  expected: Partial<GraphVerdict> & { kind: GraphVerdict['kind'] },
][] = [
  ['serverError', { kind: 'retry', afterMs: 30_000 }],
  ['downloadTimeout', { kind: 'retry', afterMs: 30_000 }],
  ['temporaryPublishError', { kind: 'publish_again', afterMs: 60_000 }],
  ['expired', { kind: 'new_container' }],
  ['createFailed', { kind: 'retry', afterMs: 30_000 }],
  ['suspectedSpam', { kind: 'failed' }],
  ['unknownUploadError', { kind: 'new_container' }],
];

describe("classifyGraphFailure on Meta's documented Instagram errors", () => {
  it.each(documented)('%s', (name, expected) => {
    const row = INSTAGRAM_ERROR_CODES[name];
    const failure = failureFromAnswer(row.status, documentedErrorBody(row), {});
    expect(classifyGraphFailure(failure, context)).toMatchObject(expected);
  });

  it('fails a suspected-spam publish at once with its own message, never as throttling', () => {
    const row = INSTAGRAM_ERROR_CODES.suspectedSpam;
    const verdict = classifyGraphFailure(failureFromAnswer(400, documentedErrorBody(row), {}), context);
    expect(verdict).toEqual({
      kind: 'failed',
      reason:
        'Instagram restricted the publish as suspected spam (2207051): if the post is not spam, tell ' +
        'Instagram in the app, then schedule it again. Meta said: "We restrict certain activity to ' +
        'protect our community. Tell us if you think we made a mistake."',
    });
  });

  it('never calls a server error spam', () => {
    const row = INSTAGRAM_ERROR_CODES.serverError;
    const verdict = classifyGraphFailure(failureFromAnswer(400, documentedErrorBody(row), {}), context);
    expect(verdict.kind === 'retry' && verdict.reason).toBe(
      'Instagram had a temporary problem (2207001): Instagram server error. Try again.',
    );
  });
});

describe('classifyGraphFailure', () => {
  it.each(rows)('%s', (_what, failure, expected) => {
    expect(classifyGraphFailure(failure, context)).toMatchObject(expected);
  });

  it('defers a reached publishing limit by quotaRetryMs', () => {
    const verdict = classifyGraphFailure(answer('error-9-2207042-publish-limit.json', 403), context);
    expect(verdict).toEqual({
      kind: 'defer',
      until: new Date('2026-01-15T13:00:00.000Z'),
      reason: expect.stringContaining("Instagram's publishing limit"),
    });
  });

  it('says what to fix and quotes Meta for a media download failure', () => {
    const verdict = classifyGraphFailure(answer('error-9004-2207052-download-failed.json'), context);
    expect(verdict.kind === 'failed' && verdict.reason).toBe(
      'Instagram could not download the media (2207052): make sure the link is public and points straight at ' +
        'the file. Meta said: "The media could not be fetched from this URI: https://cdn.example/a.jpg. Please ' +
        'check the URI and try again."',
    );
  });

  it('keeps the user message of unknown refusals and names the code', () => {
    const verdict = classifyGraphFailure(answer('error-100-invalid-parameter.json'), {
      ...context,
      platformName: 'Facebook',
    });
    expect(verdict).toEqual({
      kind: 'failed',
      reason: 'Facebook refused the post (100). Meta said: "(#100) The parameter image_url is required"',
    });
  });

  it('names the missing permission for a reconnect', () => {
    const verdict = classifyGraphFailure(answer('error-200-permission.json', 403), context);
    expect(verdict.kind === 'needs_reconnect' && verdict.reason).toMatch(/pages_manage_posts.*reconnect/);
  });

  it('says why a refresh cannot help after a password change', () => {
    const verdict = classifyGraphFailure(answer('error-190-460-password-changed.json'), context);
    expect(verdict).toEqual({
      kind: 'needs_reconnect',
      reason: 'Instagram refused the access: the password was changed.',
    });
  });

  it("reads Instagram's flat OAuth error shape", () => {
    const failure = answer('instagram-oauth-invalid-code.json');
    expect(failure.error).toMatchObject({
      code: 400,
      message: 'Invalid authorization code',
      type: 'OAuthException',
    });
    expect(classifyGraphFailure(failure, context).kind).toBe('failed');
  });
});
