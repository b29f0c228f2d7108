import { isTimeZone } from '../kernel/index.js';
import { DEFAULT_TIME_ZONE } from './user.js';

/** Whether `zone` is a named IANA zone this runtime knows (offsets such as `+01:00` follow no daylight saving). */
export function isZoneName(zone: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone) && isTimeZone(zone);
}

/**
 * The zone to adopt from a person's browser as they sign in, or null to leave theirs alone: only
 * while they still read times in the default zone (they never chose one), and only a real named
 * zone other than the default. Asked once, in effect: once set, a browser elsewhere changes
 * nothing; the Account page stays the place to change it.
 */
export function decideFirstTimeZone(current: string, browserZone: string): string | null {
  const zone = browserZone.trim();
  if (current !== DEFAULT_TIME_ZONE || zone === '' || zone === DEFAULT_TIME_ZONE) return null;
  return isZoneName(zone) ? zone : null;
}
