import { offsetMinutesAt } from '@svc/core';

const ZONE = 'America/Los_Angeles';

/** The wall-clock time in Los Angeles at `ms`, written as if it were UTC. */
function pacificWallClock(ms: number): number {
  return ms + offsetMinutesAt(ZONE, new Date(ms)) * 60_000;
}

/**
 * The next midnight in America/Los_Angeles after `now`, when Google's daily quotas reset. Intl
 * gives the zone's offset at any instant, so daylight saving is handled; the offset is read
 * again at the answer, because the day may cross a change (midnight itself never falls in the
 * skipped or repeated hour, which is at 02:00).
 */
export function nextPacificMidnight(now: Date): Date {
  const ms = Math.floor(now.getTime() / 1000) * 1000;
  const wall = new Date(pacificWallClock(ms));
  const midnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1);
  let guess = midnight - (pacificWallClock(ms) - ms);
  guess = midnight - (pacificWallClock(guess) - guess);
  return new Date(guess);
}
