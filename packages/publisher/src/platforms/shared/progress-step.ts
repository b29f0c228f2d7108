import type { PublishProgress, PublishStep } from '@svc/core';

/** Handles of a publish as adapters hold them; unset ones are left out of the saved JSON. */
export type ProgressHandles = Readonly<
  Record<string, string | number | boolean | readonly string[] | undefined>
>;

/** A `progress` step saving `handles`, optionally asking the engine to wait `waitMs` first. */
export function progressStep(handles: ProgressHandles, waitMs?: number): PublishStep {
  const progress: PublishProgress = {};
  for (const [key, value] of Object.entries(handles)) {
    if (value !== undefined) progress[key] = typeof value === 'object' ? [...value] : value;
  }
  return waitMs === undefined ? { kind: 'progress', progress } : { kind: 'progress', progress, waitMs };
}
