import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyTikTokFailure, type TikTokVerdict } from './classify-tiktok-failure.js';
import { tiktokStatusSchema } from './tiktok-api.js';
import { parseJson } from './tiktok-client.js';
import { failureFromAnswer, type TikTokFailure } from './tiktok-failure.js';
import { tiktokFailReason } from './tiktok-reasons.js';

const fixture = (name: string) =>
  parseJson(readFileSync(join(import.meta.dirname, '__fixtures__', name), 'utf8'));
const now = new Date('2026-01-15T12:00:00.000Z');
const answer = (name: string, status: number, headers: Record<string, string> = {}): TikTokFailure =>
  failureFromAnswer(status, fixture(name), headers);

type Row = [
  what: string,
  failure: TikTokFailure,
  expected: Partial<TikTokVerdict> & { kind: TikTokVerdict['kind'] },
];

const rows: Row[] = [
  ['access_token_invalid', answer('error-access-token-invalid.json', 401), { kind: 'token_expired' }],
  ['a bare 401', failureFromAnswer(401, '', {}), { kind: 'token_expired' }],
  ['scope_not_authorized', answer('error-scope-not-authorized.json', 401), { kind: 'needs_reconnect' }],
  ['scope_permission_missed', answer('error-scope-permission-missed.json', 401), { kind: 'needs_reconnect' }],
  ['rate_limit_exceeded', answer('error-rate-limit-exceeded.json', 429), { kind: 'retry', afterMs: 60_000 }],
  [
    'rate_limit_exceeded with Retry-After 120',
    answer('error-rate-limit-exceeded.json', 429, { 'retry-after': '120' }),
    { kind: 'retry', afterMs: 120_000 },
  ],
  ['internal_error', answer('error-internal-error.json', 500), { kind: 'retry', afterMs: 30_000 }],
  ['a 502 without a body', failureFromAnswer(502, '<html>Bad gateway</html>', {}), { kind: 'retry' }],
  [
    'a 200 of an unexpected shape',
    {
      status: 200,
      code: null,
      message: null,
      logId: null,
      retryAfterMs: null,
      detail: 'an answer of an unexpected shape',
    },
    { kind: 'retry', afterMs: 30_000 },
  ],
  [
    'no answer at all',
    { status: null, code: null, message: null, logId: null, retryAfterMs: null, detail: 'ETIMEDOUT' },
    { kind: 'retry', afterMs: 30_000 },
  ],
  [
    'spam_risk_too_many_posts',
    answer('error-spam-risk-too-many-posts.json', 403),
    { kind: 'defer', until: new Date(now.getTime() + 86_400_000) },
  ],
  [
    'spam_risk_too_many_pending_share',
    answer('error-spam-risk-too-many-pending-share.json', 403),
    { kind: 'defer' },
  ],
  [
    'spam_risk_user_banned_from_posting',
    answer('error-spam-risk-user-banned-from-posting.json', 403),
    { kind: 'failed' },
  ],
  ['spam_risk_text', answer('error-spam-risk-text.json', 403), { kind: 'failed' }],
  ['spam_risk', answer('error-spam-risk.json', 403), { kind: 'failed' }],
  [
    'reached_active_user_cap',
    answer('error-reached-active-user-cap.json', 403),
    { kind: 'defer', until: new Date('2026-01-16T00:00:00.000Z') },
  ],
  [
    'unaudited_client_can_only_post_to_private_accounts',
    answer('error-unaudited-client-can-only-post-to-private-accounts.json', 403),
    { kind: 'failed' },
  ],
  ['url_ownership_unverified', answer('error-url-ownership-unverified.json', 403), { kind: 'failed' }],
  [
    'privacy_level_option_mismatch',
    answer('error-privacy-level-option-mismatch.json', 400),
    { kind: 'failed' },
  ],
  ['invalid_params', answer('error-invalid-params.json', 400), { kind: 'failed' }],
  ['invalid_file_upload', answer('error-invalid-file-upload.json', 400), { kind: 'failed' }],
  ['a 404 without a body', failureFromAnswer(404, 'Not found', {}), { kind: 'failed' }],
];

describe('classifyTikTokFailure', () => {
  it.each(rows)('%s', (_what, failure, expected) => {
    expect(classifyTikTokFailure(failure, now)).toMatchObject(expected);
  });

  it('tells a person what to do, with TikTok own words where it has no advice', () => {
    const verdict = (name: string, status = 403) => classifyTikTokFailure(answer(name, status), now);
    expect(verdict('error-unaudited-client-can-only-post-to-private-accounts.json')).toEqual({
      kind: 'failed',
      reason: expect.stringMatching(/make the account private .* or have the app audited/),
    });
    expect(verdict('error-spam-risk-too-many-posts.json')).toMatchObject({
      reason: expect.stringContaining('The post waits until 2026-01-16T12:00:00.000Z'),
    });
    expect(verdict('error-invalid-params.json', 400)).toEqual({
      kind: 'failed',
      reason:
        'TikTok refused the request (invalid_params): chunk_size must be between 5242880 and 67108864 bytes (got 1048576).',
    });
    expect(verdict('error-privacy-level-option-mismatch.json', 400)).toMatchObject({
      reason: expect.stringContaining('svc_get_tiktok_posting_options'),
    });
  });

  it('reads OAuth refusals in their flat shape', () => {
    expect(answer('oauth-invalid-grant.json', 400)).toMatchObject({
      status: 400,
      code: 'invalid_grant',
      message: 'Refresh token is invalid or expired.',
    });
  });
});

describe('TikTok answers', () => {
  it('keeps int64 post ids exact', () => {
    const data = (fixture('status-publish-complete.json') as { data: unknown }).data;
    expect(tiktokStatusSchema.parse(data).publicaly_available_post_id).toEqual(['7345678901234567891']);
    expect(
      tiktokStatusSchema.parse({ status: 'X', publicaly_available_post_id: [12] })
        .publicaly_available_post_id,
    ).toEqual(['12']);
  });

  it('words fail reasons for people', () => {
    expect(tiktokFailReason('file_format_check_failed')).toMatch(/MP4, MOV or WebM .* JPEG or WebP/);
    expect(tiktokFailReason('spam_risk_text')).toContain('change the text');
    expect(tiktokFailReason('something_new')).toContain('(something_new)');
    expect(tiktokFailReason(undefined)).toContain('gave no reason');
  });
});
