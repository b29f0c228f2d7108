import type { CommentReplyAnswer } from '@svc/core';
import { classifyGraphFailure } from '../meta/classify-graph-failure.js';
import type { GraphFailure } from '../meta/graph-failure.js';

/** What a comment-reply call answered when it did not go through: every answer but `sent`. */
export type CommentReplyRefusal = Exclude<CommentReplyAnswer, { readonly kind: 'sent' }>;

// [UNCERTAIN] Neither code is in platforms.md 1.6 or §6: they are Messenger Platform codes that
// Instagram private replies are reported to answer with (10900 "Activity already replied to";
// 10 with subcode 2018278 "This message is sent outside of allowed window"). Check them against
// real traffic; the window message is matched too, in case the subcode is left out.
const ALREADY_REPLIED_CODE = 10900;
const WINDOW_CLOSED_SUBCODE = 2018278;
const WINDOW_CLOSED_MESSAGE = /outside of (the )?allowed window/i;
// 613 is the private-reply budget (750 calls an hour per account, platforms.md 1.6): a short wait
// would only spend the next call on another refusal.
const CUSTOM_RATE_LIMIT_MS = 10 * 60_000;
// Code 9 (an app or posting limit) defers a publish by an hour; replies wait as long.
const LIMIT_RETRY_MS = 60 * 60_000;
// Unknown object (100/33): the comment was deleted or cannot be seen by the account.
const UNKNOWN_OBJECT_SUBCODE = 33;

/** How refusals name what was asked for, and what an unknown object (100/33) means for it. */
export type RefusalWording = { readonly subject: string; readonly unknownObject: string };

const REPLY_WORDING: RefusalWording = {
  subject: 'the reply',
  unknownObject: 'the comment was deleted, or the account cannot see it',
};

const RECONNECT_FOR_REPLIES = 'reconnect Instagram and allow comments and messages';

/**
 * Classifies a failed comment-reply call (platforms.md 1.6, §6): Meta's one-reply and 7-day rules
 * get their own kinds, the account's access and permissions mean a reconnect, throttling and
 * faults a retry, and any other refusal is final, with Meta's words. Pure, so it is tested on
 * fixtures; throttling and faults read as the publish classifier reads them.
 */
export function classifyCommentReplyFailure(
  failure: GraphFailure,
  now: Date,
  wording: RefusalWording = REPLY_WORDING,
): CommentReplyRefusal {
  const error = failure.error;
  const code = error?.code;
  const subcode = error?.error_subcode;
  // Meta's words, without a final stop: reasons put them mid-sentence.
  const said = (error?.error_user_msg ?? error?.message ?? failure.detail).replace(/\.$/, '');

  if (code === ALREADY_REPLIED_CODE) return { kind: 'already_replied' };
  if (
    code === 10 &&
    (subcode === WINDOW_CLOSED_SUBCODE || WINDOW_CLOSED_MESSAGE.test(error?.message ?? ''))
  ) {
    return { kind: 'window_closed' };
  }
  if (code === 190) {
    // As publishing reads it: a refresh is tried first unless the subcode says it cannot help
    // (a refused refresh then means reconnecting).
    const verdict = classifyGraphFailure(failure, {
      platformName: 'Instagram',
      now,
      quotaRetryMs: LIMIT_RETRY_MS,
    });
    return verdict.kind === 'needs_reconnect'
      ? { kind: 'needs_reconnect', reason: `${verdict.reason.replace(/\.$/, '')}; reconnect Instagram.` }
      : { kind: 'token_expired' };
  }
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    return {
      kind: 'needs_reconnect',
      reason: `Instagram refused a permission (${code}: ${said}); ${RECONNECT_FOR_REPLIES}.`,
    };
  }
  if (code === 613) {
    return {
      kind: 'retry',
      afterMs: Math.max(failure.regainAccessMs ?? 0, CUSTOM_RATE_LIMIT_MS),
      reason: `Instagram is rate limiting the account's replies (613): ${said}.`,
    };
  }
  const verdict = classifyGraphFailure(failure, {
    platformName: 'Instagram',
    now,
    quotaRetryMs: LIMIT_RETRY_MS,
  });
  switch (verdict.kind) {
    case 'token_expired':
    case 'needs_reconnect':
    case 'retry':
      return verdict;
    case 'defer':
      return {
        kind: 'retry',
        afterMs: Math.max(0, verdict.until.getTime() - now.getTime()),
        reason: `Instagram's limit for the account is reached (${subcode ?? code}): ${said}.`,
      };
    // Container states; a reply call cannot meet them, so they are only waited out.
    case 'not_ready':
    case 'new_container':
    case 'publish_again':
      return { kind: 'retry', afterMs: 60_000, reason: `Instagram was not ready to answer: ${said}.` };
    case 'failed':
      return { kind: 'refused', reason: refusalReason(failure, wording) };
  }
}

// A sentence for the person reading the automation's log: what Instagram objected to, in Meta's words.
function refusalReason(failure: GraphFailure, wording: RefusalWording): string {
  const error = failure.error;
  const label = [error?.code ?? failure.detail, error?.error_subcode].filter((part) => part !== undefined);
  const said = error?.error_user_msg ?? error?.message;
  const meta = said === undefined || said === '' ? '' : ` Meta said: "${said}"`;
  const why =
    error?.code === 100 && error.error_subcode === UNKNOWN_OBJECT_SUBCODE ? `: ${wording.unknownObject}` : '';
  return `Instagram refused ${wording.subject} (${label.join('/')})${why}.${meta}`;
}
