import type { MetricsAnswer, PublishStep } from '@svc/core';

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
      return { kind: 'retry', afterMs: verdict.afterMs, reason: verdict.reason };
    case 'defer':
      return {
        kind: 'retry',
        afterMs: Math.max(0, verdict.until.getTime() - now.getTime()),
        reason: verdict.reason,
      };
    case 'failed':
      return { kind: 'retry', afterMs: 60 * 60_000, reason: verdict.reason };
  }
}
