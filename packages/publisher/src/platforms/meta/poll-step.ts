import type { PublishStep } from '@svc/core';
import { type ProgressHandles, progressStep } from '../shared/progress-step.js';

/**
 * How often a processing status is read. Meta asks for "once per minute, for no more than 5
 * minutes" (Instagram content publishing, Threads troubleshooting); one quick early look catches
 * the small images that are ready within seconds.
 */
export type StatusPolling = {
  /** The wait before the first look after the media was seen still processing. */
  readonly quickLookMs: number;
  /** The wait between later looks. */
  readonly everyMs: number;
  /** How long the media may stay in processing before the publish gives up. */
  readonly forMs: number;
};

/** Meta's cadence: a look after 5 s, then once a minute, for at most 5 minutes. */
export const META_STATUS_POLLING: StatusPolling = { quickLookMs: 5_000, everyMs: 60_000, forMs: 5 * 60_000 };

/** The cadence with the gateway's overrides (tests shorten it; an operator may lengthen `forMs`). */
export function statusPolling(overrides: Partial<StatusPolling> | undefined): StatusPolling {
  return { ...META_STATUS_POLLING, ...overrides };
}

/**
 * A step waiting before the platform's processing status is read again. `firstPolledAt` in the
 * handles marks the start of the wait; the first wait is the quick look, later ones `everyMs`;
 * after `forMs` the publish fails. Waits of a minute let the engine hand the post back meanwhile
 * (core's `decidePublishStep`), so no publisher slot sits idle on them.
 */
export function pollStep(
  platformName: string,
  now: Date,
  handles: ProgressHandles & { readonly firstPolledAt?: string | undefined },
  polling: StatusPolling,
): PublishStep {
  const first = handles.firstPolledAt ?? now.toISOString();
  const elapsed = now.getTime() - Date.parse(first);
  if (elapsed >= polling.forMs) {
    const minutes = Math.round(polling.forMs / 60_000);
    return {
      kind: 'failed',
      reason: `${platformName} was still processing the media after ${minutes} minutes; try again later, or with smaller files.`,
    };
  }
  const wait = handles.firstPolledAt === undefined ? polling.quickLookMs : polling.everyMs;
  // The last look falls at the limit, not past it.
  return progressStep(
    { ...handles, firstPolledAt: first },
    Math.max(0, Math.min(wait, polling.forMs - elapsed)),
  );
}
