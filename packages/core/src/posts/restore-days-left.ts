const DAY_MS = 86_400_000;

/** Whole days left to restore a deleted post at `now`, rounded up (a part of a day counts), never below 0. */
export function restoreDaysLeft(restorableUntil: Date, now: Date): number {
  return Math.max(0, Math.ceil((restorableUntil.getTime() - now.getTime()) / DAY_MS));
}
