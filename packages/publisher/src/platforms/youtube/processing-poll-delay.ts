/** The first wait between two reads of a video still processing. */
export const FIRST_POLL_MS = 5_000;
/** The longest wait between two reads: a long processing is read about twice every 5 minutes. */
export const MAX_POLL_MS = 120_000;
/**
 * How long a video may stay in processing before the publish stops waiting. Shorts usually process
 * in a minute or two; one still processing after this is left to the person, as it may yet go live.
 */
export const MAX_PROCESSING_MS = 30 * 60_000;

/**
 * The wait before the next read of a video YouTube is still processing, or null once the deadline
 * has passed. Every read costs a quota unit of the project's shared 10,000 a day, so the waits
 * double from 5 s up to 2 minutes (5, 10, 20, 40, 80, 120, 120 … s), and the last one ends on the
 * deadline, so the final read happens at 30 minutes: about 20 reads at most instead of 360.
 * `polls`: reads that found the video unfinished before this one; `elapsedMs`: since the first.
 */
export function processingPollDelay(polls: number, elapsedMs: number): number | null {
  const left = MAX_PROCESSING_MS - elapsedMs;
  if (left <= 0) return null;
  const backoff = Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.min(polls, 20));
  return Math.min(backoff, left);
}
