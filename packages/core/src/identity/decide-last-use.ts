/** How often at most a credential's last use is written: the time shown is to the minute. */
export const LAST_USE_EVERY_MS = 60_000;

/**
 * Whether a credential's use at `now` is worth writing, given the last use stored: null when one
 * was stored within the last minute (nothing to write), else the time to write and the store's
 * condition, `unlessSince`, which keeps concurrent servers from writing the same minute twice.
 */
export function decideLastUse(
  stored: Date | null,
  now: Date,
): { readonly at: Date; readonly unlessSince: Date } | null {
  const unlessSince = new Date(now.getTime() - LAST_USE_EVERY_MS);
  if (stored !== null && stored.getTime() >= unlessSince.getTime()) return null;
  return { at: now, unlessSince };
}
