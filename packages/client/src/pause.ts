import { setTimeout as sleep } from 'node:timers/promises';

/** Waits `ms`; an abort ends the wait with the signal's reason, as fetch itself rejects. */
export async function pause(ms: number, signal?: AbortSignal | null): Promise<void> {
  if (!signal) return sleep(ms);
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  }
}
