import type { PublishStep } from '@svc/core';
import { type ClassifyContext, classifyGraphFailure } from './classify-graph-failure.js';
import { GraphRequestError } from './graph-failure.js';

/** Reads of a published post's link before settling for none. */
export const MAX_LOOKUPS = 3;
/** The pause between those reads. */
export const LOOKUP_WAIT_MS = 5_000;

/**
 * `published` with the link `read` returns. The post is live by now, so a failed read must not
 * turn it into a failure or a retry (which could end as one): an expired token is refreshed, a
 * fault is read again via `lookAgain` while `lookups` allows, and otherwise the link stays empty.
 */
export async function permalinkStep(input: {
  readonly platformPostId: string;
  readonly read: () => Promise<string | null>;
  readonly lookups: number;
  readonly lookAgain: () => PublishStep;
  readonly context: ClassifyContext;
}): Promise<PublishStep> {
  try {
    return { kind: 'published', platformPostId: input.platformPostId, permalink: await input.read() };
  } catch (error) {
    if (!(error instanceof GraphRequestError)) throw error;
    const verdict = classifyGraphFailure(error.failure, input.context);
    if (verdict.kind === 'token_expired') return verdict;
    if (verdict.kind === 'retry' && input.lookups < MAX_LOOKUPS) return input.lookAgain();
    return { kind: 'published', platformPostId: input.platformPostId, permalink: null };
  }
}
