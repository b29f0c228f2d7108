import { describe, expect, it } from 'vitest';
import { failureFromAnswer, type GraphFailure } from '../meta/graph-failure.js';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { type CommentReplyRefusal, classifyCommentReplyFailure } from './classify-comment-reply-failure.js';

const igFixture = fixtureReader(import.meta.dirname);
const metaFixture = fixtureReader(`${import.meta.dirname}/../meta`);

const now = new Date('2026-01-15T12:00:00.000Z');
const ig = (name: string, status = 400, headers: Record<string, string> = {}): GraphFailure =>
  failureFromAnswer(status, igFixture(name), headers);
const meta = (name: string, status = 400): GraphFailure => failureFromAnswer(status, metaFixture(name), {});
const usage = (minutes: number) => ({
  'x-business-use-case-usage': JSON.stringify({
    '1784': [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: minutes }],
  }),
});

type Row = [what: string, failure: GraphFailure, expected: Partial<CommentReplyRefusal>];

const rows: Row[] = [
  ['10900 already replied', ig('error-10900-already-replied.json'), { kind: 'already_replied' }],
  ['10/2018278 outside the window', ig('error-10-2018278-window-closed.json'), { kind: 'window_closed' }],
  ['190/463 expired token', meta('error-190-463-expired.json'), { kind: 'token_expired' }],
  ['190 without subcode', meta('error-190-invalid.json'), { kind: 'token_expired' }],
  ['190/460 password changed', meta('error-190-460-password-changed.json'), { kind: 'needs_reconnect' }],
  ['102 session', meta('error-102-session.json', 401), { kind: 'token_expired' }],
  ['10 missing permission', meta('error-10-permission.json', 403), { kind: 'needs_reconnect' }],
  ['200 missing permission', meta('error-200-permission.json', 403), { kind: 'needs_reconnect' }],
  // Without Meta's estimate, the rolling hour of the application limit.
  ['4 app throttle', meta('error-4-app-limit.json', 403), { kind: 'retry', afterMs: 3_600_000 }],
  [
    '80002 with a regain estimate',
    failureFromAnswer(400, metaFixture('error-80002-buc.json'), usage(25)),
    { kind: 'retry', afterMs: 25 * 60_000 },
  ],
  ['613 rate limit', ig('error-613-rate-limit.json'), { kind: 'retry', afterMs: 10 * 60_000 }],
  ['2 service, HTTP 500', meta('error-2-service.json', 500), { kind: 'retry', afterMs: 30_000 }],
  ['a 502 without a Graph body', failureFromAnswer(502, '<html>Bad gateway</html>', {}), { kind: 'retry' }],
  [
    'no answer at all',
    { status: null, error: null, regainAccessMs: null, detail: 'ETIMEDOUT' },
    { kind: 'retry', afterMs: 30_000 },
  ],
  ['9 limit reached', meta('error-9-2207042-publish-limit.json', 403), { kind: 'retry', afterMs: 3_600_000 }],
  ['100/33 unknown comment', ig('error-100-33-unknown-comment.json'), { kind: 'refused' }],
  ['100 invalid parameter', meta('error-100-invalid-parameter.json'), { kind: 'refused' }],
  ['a 404 without a Graph body', failureFromAnswer(404, 'Not found', {}), { kind: 'refused' }],
];

describe('classifyCommentReplyFailure', () => {
  it.each(rows)('%s', (_what, failure, expected) => {
    expect(classifyCommentReplyFailure(failure, now)).toMatchObject(expected);
  });

  it('reads the window refusal by its words when the subcode is left out', () => {
    const failure = ig('error-10-2018278-window-closed.json');
    const withoutSubcode = { ...failure, error: { ...failure.error, error_subcode: undefined } };
    expect(classifyCommentReplyFailure(withoutSubcode, now)).toEqual({ kind: 'window_closed' });
  });

  it('waits out 613 at least ten minutes, longer when Meta estimates longer', () => {
    expect(classifyCommentReplyFailure(ig('error-613-rate-limit.json', 400, usage(3)), now)).toEqual({
      kind: 'retry',
      afterMs: 10 * 60_000,
      reason:
        "Instagram is rate limiting the account's replies (613): (#613) Calls to this api have exceeded the rate limit.",
    });
    expect(classifyCommentReplyFailure(ig('error-613-rate-limit.json', 400, usage(30)), now)).toMatchObject({
      afterMs: 30 * 60_000,
    });
  });

  it('asks to reconnect Instagram and allow comments and messages when a permission is missing', () => {
    expect(classifyCommentReplyFailure(meta('error-10-permission.json', 403), now)).toEqual({
      kind: 'needs_reconnect',
      reason:
        'Instagram refused a permission (10: (#10) Application does not have permission for this action); ' +
        'reconnect Instagram and allow comments and messages.',
    });
  });

  it('says why a refresh cannot help a token Instagram no longer accepts', () => {
    expect(classifyCommentReplyFailure(meta('error-190-460-password-changed.json'), now)).toEqual({
      kind: 'needs_reconnect',
      reason: 'Instagram refused the access: the password was changed; reconnect Instagram.',
    });
    // Without such a subcode a refresh is tried first, as when publishing.
    expect(classifyCommentReplyFailure(meta('error-190-invalid.json'), now)).toEqual({
      kind: 'token_expired',
    });
  });

  it("explains final refusals in a person's words, quoting Meta", () => {
    expect(classifyCommentReplyFailure(ig('error-100-33-unknown-comment.json'), now)).toEqual({
      kind: 'refused',
      reason: expect.stringMatching(
        /^Instagram refused the reply \(100\/33\): the comment was deleted, or the account cannot see it\. Meta said: "Unsupported post request\. Object with ID '17858893269000099' does not exist/,
      ),
    });
    const wording = { subject: 'the public reply', unknownObject: 'gone' };
    expect(classifyCommentReplyFailure(meta('error-100-invalid-parameter.json'), now, wording)).toEqual({
      kind: 'refused',
      reason:
        'Instagram refused the public reply (100). Meta said: "(#100) The parameter image_url is required"',
    });
  });
});
