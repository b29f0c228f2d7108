import type { PublishStep } from '@svc/core';

/**
 * A publish classifier's "try again" verdicts as the plain retry answer that metrics reads and
 * first comments give: a defer until a moment becomes a retry after the time left until it, so
 * callers that only know "retry after" do not each redo the clock arithmetic.
 */
export function retryAnswerOf(
  verdict: Extract<PublishStep, { kind: 'retry' | 'defer' }>,
  now: Date,
): { readonly kind: 'retry'; readonly afterMs: number; readonly reason: string } {
  if (verdict.kind === 'retry') return { kind: 'retry', afterMs: verdict.afterMs, reason: verdict.reason };
  return {
    kind: 'retry',
    afterMs: Math.max(0, verdict.until.getTime() - now.getTime()),
    reason: verdict.reason,
  };
}
