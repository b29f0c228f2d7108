import { describe, expect, it } from 'vitest';
import { anAutomation } from '../testing/builders.js';
import type { InboxComment } from './comment-webhook.js';
import {
  afterReply,
  backoffMs,
  decideComment,
  MAX_REPLY_ATTEMPTS,
  PRIVATE_REPLIES_PER_HOUR,
  PRIVATE_REPLY_WINDOW_MS,
  replyRateWait,
} from './decide-comment.js';

const NOW = new Date('2026-05-04T10:00:00.000Z');
const comment = (text: string, over: Partial<InboxComment> = {}): InboxComment & { attempts: number } => ({
  commentId: 'c1',
  igUserId: 'ig1',
  mediaId: 'ig-media-1',
  parentId: null,
  fromId: 'v1',
  fromUsername: 'visitor',
  text,
  commentedAt: NOW,
  receivedAt: NOW,
  attempts: 0,
  ...over,
});
const priceBot = anAutomation('user_1', 'acct_1', { id: 'auto_price' });
const infoBot = anAutomation('user_1', 'acct_1', {
  id: 'auto_info',
  template: { ...priceBot.template, keywords: ['info'], excludeKeywords: ['spam'], publicReply: null },
});

describe('decideComment', () => {
  it('has the first matching automation answer, counting the match', () => {
    expect(decideComment(comment('What is the PRICE?'), [infoBot, priceBot], NOW)).toEqual({
      stage: 'private_sending',
      automationId: 'auto_price',
      outcome: null,
      counters: [{ automationId: 'auto_price', counter: 'matched' }],
    });
  });

  it('counts a skip on every automation when none matches, with its reason', () => {
    expect(decideComment(comment('info spam'), [infoBot, priceBot], NOW)).toEqual({
      stage: 'done',
      automationId: null,
      outcome: 'skipped',
      counters: [
        { automationId: 'auto_info', counter: 'skipped_excluded' },
        { automationId: 'auto_price', counter: 'skipped_no_keyword' },
      ],
    });
  });

  it("never answers the account's own comment, known by its handle whatever id Meta sends", () => {
    // Meta's webhook gives the author's Instagram-scoped id, not the account's user id.
    const own = comment('price?', { fromId: '6897152080310812', fromUsername: '@Acme.Studio' });
    expect(decideComment(own, [priceBot], NOW, 'acme.studio')).toEqual({
      stage: 'done',
      automationId: null,
      outcome: 'own_comment',
      counters: [],
    });
    expect(decideComment(comment('price?'), [priceBot], NOW, 'acme.studio')).toMatchObject({
      stage: 'private_sending',
    });
  });

  it('leaves comments made before the automation last went live unanswered', () => {
    const resumed = { ...priceBot, liveSince: new Date(NOW.getTime() + 60_000) };
    expect(decideComment(comment('price'), [resumed], NOW)).toMatchObject({
      stage: 'done',
      outcome: 'before_live',
      counters: [],
    });
    const justBefore = comment('price', { commentedAt: new Date(NOW.getTime() + 57_000) });
    expect(decideComment(justBefore, [resumed], NOW).stage).toBe('private_sending');
  });

  it('ends a comment no automation watches, and skips one past the 7-day window', () => {
    expect(decideComment(comment('price'), [], NOW)).toMatchObject({
      stage: 'done',
      outcome: 'no_automation',
      counters: [],
    });
    const old = comment('price', { commentedAt: new Date(NOW.getTime() - PRIVATE_REPLY_WINDOW_MS - 1) });
    const longLive = { ...priceBot, liveSince: new Date(0) };
    expect(decideComment(old, [longLive], NOW)).toMatchObject({
      stage: 'done',
      outcome: 'skipped_too_old',
      counters: [{ automationId: 'auto_price', counter: 'skipped_too_old' }],
    });
  });
});

describe('afterReply', () => {
  const ctx = { comment: comment('price'), automation: priceBot, now: NOW };

  it('goes on to the public reply after a private one, and counts an "already replied" as sent', () => {
    for (const answer of [{ kind: 'sent', replyId: 'm1' }, { kind: 'already_replied' }] as const) {
      expect(afterReply('private', answer, ctx)).toEqual({
        kind: 'write',
        write: {
          stage: 'public_sending',
          automationId: 'auto_price',
          outcome: null,
          counters: [{ automationId: 'auto_price', counter: 'private_replies' }],
        },
      });
    }
    expect(afterReply('public', { kind: 'sent', replyId: 'r1' }, ctx)).toMatchObject({
      write: { stage: 'done', outcome: 'replied', counters: [{ counter: 'public_replies' }] },
    });
  });

  it('sends no public reply to a reply, nor when the template has none', () => {
    const reply = { ...ctx, comment: comment('price', { parentId: 'c0' }) };
    expect(afterReply('private', { kind: 'sent', replyId: 'm' }, reply)).toMatchObject({
      write: { stage: 'done', outcome: 'replied' },
    });
    const quiet = { ...ctx, automation: infoBot };
    expect(afterReply('private', { kind: 'sent', replyId: 'm' }, quiet)).toMatchObject({
      write: { stage: 'done' },
    });
  });

  it('maps refusals: window closed, refused for good, expired token, reconnect, transient faults', () => {
    expect(afterReply('private', { kind: 'window_closed' }, ctx)).toMatchObject({
      write: { outcome: 'skipped_too_old', counters: [{ counter: 'skipped_too_old' }] },
    });
    expect(afterReply('private', { kind: 'refused', reason: 'gone' }, ctx)).toMatchObject({
      write: { outcome: 'failed: gone', counters: [{ counter: 'failed' }] },
    });
    expect(afterReply('private', { kind: 'token_expired' }, ctx)).toEqual({ kind: 'refresh' });
    expect(afterReply('private', { kind: 'needs_reconnect', reason: 'revoked' }, ctx)).toEqual({
      kind: 'reconnect',
      reason: 'revoked',
      retryAt: new Date(NOW.getTime() + 3_600_000),
    });
    expect(afterReply('public', { kind: 'retry', afterMs: 30_000, reason: '5xx' }, ctx)).toEqual({
      kind: 'retry',
      reason: '5xx',
      retryAt: new Date(NOW.getTime() + 30_000),
    });
  });

  it('backs off, gives a public reply up after the last attempt, and a private one when its window closes', () => {
    const tired = { ...ctx, comment: { ...ctx.comment, attempts: MAX_REPLY_ATTEMPTS - 1 } };
    expect(afterReply('public', { kind: 'retry', afterMs: 1000, reason: 'timeout' }, tired)).toMatchObject({
      write: { outcome: 'failed: timeout', counters: [{ counter: 'failed' }] },
    });
    expect(afterReply('private', { kind: 'retry', afterMs: 1000, reason: 'timeout' }, tired)).toEqual({
      kind: 'retry',
      reason: 'timeout',
      retryAt: new Date(NOW.getTime() + backoffMs(MAX_REPLY_ATTEMPTS - 1)),
    });
    expect([0, 1, 2, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000]);
    const late = {
      ...ctx,
      comment: comment('price', { commentedAt: new Date(NOW.getTime() - PRIVATE_REPLY_WINDOW_MS + 60_000) }),
    };
    expect(afterReply('private', { kind: 'needs_reconnect', reason: 'revoked' }, late)).toMatchObject({
      write: { outcome: 'skipped_too_old' },
    });
    expect(afterReply('public', { kind: 'needs_reconnect', reason: 'revoked' }, late)).toMatchObject({
      kind: 'reconnect',
    });
  });
});

describe('replyRateWait', () => {
  it('lets replies go under the hourly budget and waits at it', () => {
    expect(replyRateWait(PRIVATE_REPLIES_PER_HOUR - 1, NOW)).toBeNull();
    expect(replyRateWait(PRIVATE_REPLIES_PER_HOUR, NOW)?.getTime()).toBeGreaterThan(NOW.getTime());
  });
});
