const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/**
 * When a published post's metrics are read, as offsets from its publishing: often while they
 * move (1 h, 6 h, 24 h, 3 d, 7 d), then at 30 d, then weekly until a year has passed. Metrics
 * settle within days on every platform; the weekly reads keep long-tail views (search, YouTube)
 * without spending rate limits on posts that no longer change.
 */
export const COLLECTION_OFFSETS_MS: readonly number[] = [
  HOUR_MS,
  6 * HOUR_MS,
  DAY_MS,
  3 * DAY_MS,
  7 * DAY_MS,
  30 * DAY_MS,
  ...Array.from({ length: 48 }, (_, week) => 30 * DAY_MS + (week + 1) * WEEK_MS).filter(
    (offset) => offset <= 365 * DAY_MS,
  ),
];

/**
 * The latest collection slot (an index into COLLECTION_OFFSETS_MS) that has come by `now` for a
 * post published at `publishedAt`, or null before the first one.
 */
export function dueCollectionSlot(publishedAt: Date, now: Date): number | null {
  const age = now.getTime() - publishedAt.getTime();
  let slot: number | null = null;
  for (const [index, offset] of COLLECTION_OFFSETS_MS.entries()) {
    if (offset > age) break;
    slot = index;
  }
  return slot;
}

/**
 * When the post's next read falls due after `doneSlot` (null: nothing read yet), or null when the
 * schedule is over. A missed slot is not made up: the next read takes the latest slot due.
 */
export function nextCollectionAt(publishedAt: Date, doneSlot: number | null): Date | null {
  const offset = COLLECTION_OFFSETS_MS[doneSlot === null ? 0 : doneSlot + 1];
  return offset === undefined ? null : new Date(publishedAt.getTime() + offset);
}
