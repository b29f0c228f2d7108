import type { MetricsAnswer, PublishStep } from '@svc/core';
import { metricsAnswerOf } from './metrics-answer-of.js';

/** How a platform's account reads (metrics, followers) tell its refusals from other errors. */
export type ReadRefusals<F> = {
  /** The platform's failure `error` carries; undefined for anything else, which rejects. */
  readonly failureOf: (error: unknown) => F | undefined;
  /** Whether the failure says the account did not grant the read's permission. */
  readonly scopeMissing: (failure: F) => boolean;
  /** The platform's publish classifier: its verdicts mean the same for a read (metricsAnswerOf). */
  readonly classify: (failure: F, now: Date) => Exclude<PublishStep, { kind: 'progress' | 'published' }>;
  /** Who did not grant it, as a reason starts: "The TikTok account". */
  readonly account: string;
};

/**
 * Runs an account read, the platform's refusals as the read's answer: a permission not granted
 * (`scope`) marks the account's coverage, the rest mean what they mean for a publish. Anything
 * that is not the platform's refusal rejects.
 */
export async function readOrRefusal<T, F>(
  ctx: { readonly now: () => Date },
  refusals: ReadRefusals<F>,
  scope: string,
  read: () => Promise<T>,
): Promise<T | Exclude<MetricsAnswer, { readonly kind: 'read' }>> {
  try {
    return await read();
  } catch (error) {
    const failure = refusals.failureOf(error);
    if (failure === undefined) throw error;
    if (refusals.scopeMissing(failure)) {
      return {
        kind: 'scope_missing',
        reason: `${refusals.account} did not grant ${scope}; reconnect it to read metrics.`,
      };
    }
    const now = ctx.now();
    return metricsAnswerOf(refusals.classify(failure, now), now);
  }
}
