import type { MetricsAnswer, PublishStep } from '@svc/core';
import { retryAnswerOf } from './retry-answer-of.js';

/**
 * A metrics read's answer from the verdict a platform's publish classifier gives the same
 * refusal: an expired token, a refused account and faults mean the same for reading as for
 * publishing; what would fail a post (a refusal of the request itself) is a fault here too, since
 * a read changes nothing and is simply tried again later.
 */
export function metricsAnswerOf(
  verdict: Exclude<PublishStep, { kind: 'progress' | 'published' }>,
  now: Date,
): Exclude<MetricsAnswer, { readonly kind: 'read' }> {
  switch (verdict.kind) {
    case 'token_expired':
      return { kind: 'token_expired' };
    case 'needs_reconnect':
      return { kind: 'needs_reconnect', reason: verdict.reason };
    case 'retry':
    case 'defer':
      return retryAnswerOf(verdict, now);
    case 'failed':
      return { kind: 'retry', afterMs: 60 * 60_000, reason: verdict.reason };
  }
}
