import type { PublishStep } from '@svc/core';
import { type ProgressHandles, progressStep } from '../shared/progress-step.js';

/** How long media may stay in processing before a publish gives up. */
export const MAX_PROCESSING_MS = 10 * 60_000;

/**
 * A step waiting `waitMs` before the platform's processing status is read again. `firstPolledAt`
 * in the handles marks the start of the wait; after 10 minutes the publish fails.
 */
export function pollStep(
  platformName: string,
  now: Date,
  handles: ProgressHandles & { readonly firstPolledAt?: string | undefined },
  waitMs: number,
): PublishStep {
  const first = handles.firstPolledAt ?? now.toISOString();
  if (now.getTime() - Date.parse(first) >= MAX_PROCESSING_MS) {
    return {
      kind: 'failed',
      reason: `${platformName} was still processing the media after 10 minutes; try again later, or with smaller files.`,
    };
  }
  return progressStep({ ...handles, firstPolledAt: first }, waitMs);
}
