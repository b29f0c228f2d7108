import {
  afterReply,
  type CommentJob,
  type CommentReplyAnswer,
  type CommentWrite,
  type ConnectedAccount,
  decideComment,
  markedNeedsReconnect,
  type ReplyFollowUp,
  replyRateWait,
} from '@svc/core';
import { type AccountTokens, openAccountTokens } from './account-tokens.js';
import type { PublisherDeps } from './publisher-deps.js';
import { NO_PUBLISHER_OBSERVER, type PublisherObserver } from './publisher-observer.js';

const HOUR_MS = 3_600_000;

/** What became of one leased comment in this round. */
export type CommentRound = 'finished' | 'deferred' | 'lease_lost';

/**
 * Takes one leased inbox comment as far as it goes: matches it against the live automations of
 * its post, then sends the private reply and the public one. Each reply is marked in the store
 * before it is sent (`private_sending`, `public_sending`), so a worker that dies in between
 * leaves a comment that says "maybe sent". Taken up again, a private reply is simply sent again:
 * Meta allows one per comment and refuses the second as already sent, which counts as sent. A
 * public reply is first looked for under the comment, and sent only when it is not there.
 */
export async function replyToComment(
  deps: PublisherDeps,
  leaseOwner: string,
  job: CommentJob,
): Promise<CommentRound> {
  const { automations } = deps.store;
  const write = async (w: CommentWrite): Promise<boolean> =>
    automations.advanceComment({ commentId: job.commentId, leaseOwner, at: deps.clock.now(), ...w });
  const defer = async (until: Date): Promise<CommentRound> =>
    (await automations.deferComment(job.commentId, leaseOwner, until)) ? 'deferred' : 'lease_lost';

  let stage = job.stage;
  let automationId = job.automationId;
  if (stage === 'new') {
    const now = deps.clock.now();
    const live = await automations.liveAutomations(job.igUserId, job.mediaId);
    const decided = decideComment(
      job,
      live.map((l) => l.automation),
      now,
      live[0]?.account.handle ?? null,
    );
    if (decided.stage === 'private_sending') {
      const wait = replyRateWait(
        await automations.privateRepliesSince(job.igUserId, new Date(now.getTime() - HOUR_MS)),
        now,
      );
      if (wait !== null) return defer(wait);
    }
    if (!(await write(decided))) return 'lease_lost';
    if (decided.stage === 'done') return 'finished';
    stage = decided.stage;
    automationId = decided.automationId;
  }

  const automation = automationId === null ? null : await automations.getAutomation(automationId);
  const account = automation === null ? null : await deps.store.accounts.getAccount(automation.accountId);
  if (automation === null || automation.state !== 'live' || account === null || account.status !== 'active') {
    // Paused, deleted or disconnected since it matched: nothing more goes out for it.
    return (await write({ stage: 'done', automationId, outcome: 'automation_stopped', counters: [] }))
      ? 'finished'
      : 'lease_lost';
  }
  const ctx = { comment: job, automation, now: deps.clock.now() };
  const replies = deps.gateways.instagram?.commentReplies;
  const gateway = deps.gateways.instagram;
  if (
    replies === undefined ||
    gateway === undefined ||
    account.sealedCredentials === null ||
    account.needsReconnect
  ) {
    // The comment waits for the owner to reconnect, as long as its window lasts.
    const waiting = { kind: 'needs_reconnect', reason: 'the account must be reconnected' } as const;
    const next = afterReply(stage === 'public_sending' ? 'public' : 'private', waiting, ctx);
    return settled(await follow(deps, account, next, write, defer));
  }
  const tokens = await openAccountTokens(deps, gateway, {
    ...account,
    sealedCredentials: account.sealedCredentials,
  });
  const observer = deps.observer ?? NO_PUBLISHER_OBSERVER;
  const send = (
    reply: 'private' | 'public',
    call: (credentials: Record<string, unknown>) => Promise<CommentReplyAnswer>,
  ) => observed(observer, reply, withRefresh(tokens, call));

  if (stage === 'private_sending') {
    const answer = await send('private', (c) =>
      replies.sendPrivateReply(c, { commentId: job.commentId, text: automation.template.message }),
    );
    const next = await follow(deps, account, afterReply('private', answer, ctx), write, defer);
    if (next !== 'public_sending') return next;
    stage = 'public_sending';
  }
  // A public reply marked by an earlier worker may have gone out: look before sending again.
  if (job.stage === 'public_sending') {
    const found = await replies.findPublicReply(tokens.credentials(), job.commentId);
    if (found.kind !== 'none') {
      const seen: CommentReplyAnswer =
        found.kind === 'found' ? { kind: 'sent', replyId: found.replyId } : found;
      return settled(await follow(deps, account, afterReply('public', seen, ctx), write, defer));
    }
  }
  const text = automation.template.publicReply ?? '';
  const answer = await send('public', (c) => replies.sendPublicReply(c, { commentId: job.commentId, text }));
  return settled(await follow(deps, account, afterReply('public', answer, ctx), write, defer));
}

// After the public reply nothing goes on to another stage.
function settled(round: CommentRound | 'public_sending'): CommentRound {
  return round === 'public_sending' ? 'finished' : round;
}

// Reports the final answer of a reply (or its fault) to the observer, and passes it on.
async function observed(
  observer: PublisherObserver,
  reply: 'private' | 'public',
  answering: Promise<CommentReplyAnswer>,
): Promise<CommentReplyAnswer> {
  try {
    const answer = await answering;
    observer.commentReplied(reply, answer.kind);
    return answer;
  } catch (error) {
    observer.commentReplied(reply, 'error');
    throw error;
  }
}

async function withRefresh(
  tokens: AccountTokens,
  call: (credentials: Record<string, unknown>) => Promise<CommentReplyAnswer>,
): Promise<CommentReplyAnswer> {
  const answer = await call(tokens.credentials());
  if (answer.kind !== 'token_expired') return answer;
  return (await tokens.refresh())
    ? call(tokens.credentials())
    : { kind: 'needs_reconnect', reason: 'the token could not be refreshed' };
}

// Applies core's follow-up; answers the stage the comment moved to when it goes on to the public
// reply, else how the round ended.
async function follow(
  deps: PublisherDeps,
  account: ConnectedAccount,
  next: ReplyFollowUp,
  write: (w: CommentWrite) => Promise<boolean>,
  defer: (until: Date) => Promise<CommentRound>,
): Promise<CommentRound | 'public_sending'> {
  switch (next.kind) {
    case 'write':
      if (!(await write(next.write))) return 'lease_lost';
      return next.write.stage === 'public_sending' ? 'public_sending' : 'finished';
    case 'reconnect': {
      const change = markedNeedsReconnect(account, deps.clock.now());
      await deps.store.accounts.saveAccount(change.account, change.events);
      deps.logger.warn(
        { accountId: account.id, reason: next.reason },
        'comment replies wait for a reconnect',
      );
      return defer(next.retryAt);
    }
    case 'retry':
      deps.logger.warn({ accountId: account.id, reason: next.reason }, 'comment reply will be tried again');
      return defer(next.retryAt);
    case 'refresh':
      // withRefresh already refreshed once; a second expiry is a fault to try again later.
      return defer(new Date(deps.clock.now().getTime() + 60_000));
  }
}
