import type { CommentReplyAnswer } from '../accounts/index.js';
import type { Automation, AutomationCounter } from './automation.js';
import { matchComment } from './comment-match.js';
import type { CommentStage, CounterIncrement } from './comment-stage.js';
import type { InboxComment } from './comment-webhook.js';

const HOUR_MS = 3_600_000;

/** Meta sends a private reply only within 7 days of the comment (platforms.md 1.6). */
export const PRIVATE_REPLY_WINDOW_MS = 7 * 86_400_000;

/**
 * Meta stamps a change with whole seconds of its own clock: a comment made just as an automation
 * went live may read a little older than it is.
 */
const CLOCK_TOLERANCE_MS = 5_000;

/** Meta's private-reply calls per account and hour (Messenger Platform rate limits). */
export const PRIVATE_REPLIES_PER_HOUR = 750;

/** Transient faults a public reply may meet before it is given up as failed. */
export const MAX_REPLY_ATTEMPTS = 8;

/** The wait after the `attempts`-th fault: 30 s, doubling, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** attempts, HOUR_MS);
}

/** What the worker writes next for a comment. */
export type CommentWrite = {
  readonly stage: CommentStage;
  readonly automationId: string | null;
  readonly outcome: string | null;
  readonly counters: readonly CounterIncrement[];
};

const done = (
  outcome: string,
  automationId: string | null,
  counters: readonly CounterIncrement[] = [],
): CommentWrite => ({ stage: 'done', automationId, outcome, counters });

const count = (automationId: string, counter: AutomationCounter): CounterIncrement => ({
  automationId,
  counter,
});

/**
 * What a new comment leads to, given the live automations watching its post (oldest first): the
 * first automation whose trigger matches answers it; when none does, each counts why it skipped.
 * Automations answer only comments made since they last went live, and a matched comment past the
 * private-reply window is skipped as too old rather than sent. A comment by the account itself
 * (`ownHandle`: its public reply coming back as a webhook) is never answered.
 */
export function decideComment(
  comment: InboxComment,
  live: readonly Automation[],
  now: Date,
  ownHandle: string | null = null,
): CommentWrite {
  if (live.length === 0) return done('no_automation', null);
  // Meta sends the author as an Instagram-scoped id, which need not be the account's user id the
  // webhook reader compares it with; the handle is the same in both, so it is checked too.
  if (ownHandle !== null && sameHandle(comment.fromUsername, ownHandle)) return done('own_comment', null);
  const made = comment.commentedAt.getTime();
  const automations = live.filter(
    (a) => a.liveSince !== null && made >= a.liveSince.getTime() - CLOCK_TOLERANCE_MS,
  );
  if (automations.length === 0) return done('before_live', null);
  const results = automations.map((automation) => ({
    automation,
    match: matchComment(automation.template, comment.text),
  }));
  const first = results.find((r) => r.match.kind === 'match');
  if (first === undefined) {
    return done(
      'skipped',
      null,
      results.map(({ automation, match }) =>
        count(
          automation.id,
          match.kind === 'skip' && match.reason === 'excluded' ? 'skipped_excluded' : 'skipped_no_keyword',
        ),
      ),
    );
  }
  const id = first.automation.id;
  if (tooOld(comment, now)) return done('skipped_too_old', id, [count(id, 'skipped_too_old')]);
  return { stage: 'private_sending', automationId: id, outcome: null, counters: [count(id, 'matched')] };
}

/** Whether a comment is past the private-reply window at `now`. */
export function tooOld(comment: Pick<InboxComment, 'commentedAt'>, now: Date): boolean {
  return now.getTime() - comment.commentedAt.getTime() > PRIVATE_REPLY_WINDOW_MS;
}

/** What the worker does after the platform answered a reply. */
export type ReplyFollowUp =
  | { readonly kind: 'write'; readonly write: CommentWrite }
  /** Refresh the account's token and send again, once. */
  | { readonly kind: 'refresh' }
  /** Mark the account as needing reconnection; the comment waits (`retryAt`) within its window. */
  | { readonly kind: 'reconnect'; readonly reason: string; readonly retryAt: Date }
  /** Try again at `retryAt` (one more attempt counted). */
  | { readonly kind: 'retry'; readonly retryAt: Date; readonly reason: string };

/** The comment and automation a reply was sent for. */
export type ReplyContext = {
  readonly comment: InboxComment & { readonly attempts: number };
  readonly automation: Automation;
  readonly now: Date;
};

/**
 * What a reply's answer means. A private reply refused as already sent counts as sent: Meta
 * allows one per comment, so the refusal proves an earlier send went out (a worker killed between
 * sending and recording). A public reply follows only when the template has one and the comment
 * is top-level (Meta takes replies to top-level comments only).
 */
export function afterReply(
  step: 'private' | 'public',
  answer: CommentReplyAnswer,
  ctx: ReplyContext,
): ReplyFollowUp {
  const id = ctx.automation.id;
  const write = (w: CommentWrite): ReplyFollowUp => ({ kind: 'write', write: w });
  switch (answer.kind) {
    case 'sent':
    case 'already_replied':
      if (step === 'public') return write(done('replied', id, [count(id, 'public_replies')]));
      return write(
        wantsPublicReply(ctx)
          ? {
              stage: 'public_sending',
              automationId: id,
              outcome: null,
              counters: [count(id, 'private_replies')],
            }
          : done('replied', id, [count(id, 'private_replies')]),
      );
    case 'window_closed':
      return write(done('skipped_too_old', id, [count(id, 'skipped_too_old')]));
    case 'refused':
      return write(done(`failed: ${answer.reason}`, id, [count(id, 'failed')]));
    case 'token_expired':
      return { kind: 'refresh' };
    case 'needs_reconnect':
      return waitOrGiveUp(step, ctx, {
        kind: 'reconnect',
        reason: answer.reason,
        retryAt: later(ctx.now, HOUR_MS),
      });
    case 'retry':
      // A private reply keeps trying while its window lasts; a public one has no window, so it
      // stops after a number of attempts.
      if (step === 'public' && ctx.comment.attempts + 1 >= MAX_REPLY_ATTEMPTS) {
        return write(done(`failed: ${answer.reason}`, id, [count(id, 'failed')]));
      }
      return waitOrGiveUp(step, ctx, {
        kind: 'retry',
        reason: answer.reason,
        retryAt: later(ctx.now, Math.max(answer.afterMs, backoffMs(ctx.comment.attempts))),
      });
  }
}

/** Whether the comment gets a public reply after its private one. */
export function wantsPublicReply(ctx: Pick<ReplyContext, 'comment' | 'automation'>): boolean {
  return ctx.automation.template.publicReply !== null && ctx.comment.parentId === null;
}

/**
 * When an account's private replies may go on: null now, else when to look again. Counted from
 * the replies marked in the last hour, so every worker sharing the database keeps to one budget.
 */
export function replyRateWait(repliesInLastHour: number, now: Date): Date | null {
  return repliesInLastHour < PRIVATE_REPLIES_PER_HOUR ? null : later(now, 5 * 60_000);
}

function later(now: Date, ms: number): Date {
  return new Date(now.getTime() + ms);
}

// A private reply that can no longer make its window is given up now instead of waiting for it;
// public replies have no window.
function waitOrGiveUp(
  step: 'private' | 'public',
  ctx: ReplyContext,
  wait: Extract<ReplyFollowUp, { retryAt: Date }>,
): ReplyFollowUp {
  const id = ctx.automation.id;
  if (step === 'private' && tooOld(ctx.comment, wait.retryAt)) {
    return { kind: 'write', write: done('skipped_too_old', id, [count(id, 'skipped_too_old')]) };
  }
  return wait;
}

function sameHandle(author: string | null, own: string): boolean {
  const bare = (handle: string) => handle.replace(/^@/, '').toLowerCase();
  return author !== null && bare(author) === bare(own);
}
