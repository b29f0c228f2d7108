import type { PublisherSignal } from '../publishing/index.js';

/** A PublisherSignal that records wake-ups; the next run is `delayMs` after the request. */
export type RecordingPublisherSignal = PublisherSignal & { readonly dueCalls: Date[] };

/** Creates a RecordingPublisherSignal. */
export function createRecordingPublisherSignal(delayMs = 0): RecordingPublisherSignal {
  const dueCalls: Date[] = [];
  return {
    dueCalls,
    nextRunAt: (now) => new Date(now.getTime() + delayMs),
    postsDue: (dueAt) => {
      dueCalls.push(dueAt);
    },
  };
}
