import { instantToLocal, isTimeZone } from '../kernel/index.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A zone as people name it: the place of its IANA name (`America/New_York` → `New York`,
 * `America/Argentina/Buenos_Aires` → `Buenos Aires`); `UTC` and names without a place as written.
 */
export function zoneName(zone: string): string {
  const place = zone.split('/').at(-1) ?? zone;
  return zone.includes('/') ? place.replaceAll('_', ' ') : zone;
}

/**
 * An instant as a person reads it in their zone, with the zone's name so nobody wonders whose
 * clock it is: `Sun 1 Nov, 14:30 New York time`. An unknown zone reads as UTC.
 */
export function timeInZone(instant: Date, zone: string): string {
  const known = isTimeZone(zone) ? zone : 'UTC';
  const local = instantToLocal(known, instant);
  const weekday = WEEKDAYS[new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay()];
  return `${weekday} ${local.day} ${MONTHS[local.month - 1]}, ${two(local.hour)}:${two(local.minute)} ${zoneName(known)} time`;
}

/** The refusal of a time that has passed, in the person's zone: what it was and what to do. */
export function pastTimeSentence(instant: Date, zone: string): string {
  return `That time has passed (${timeInZone(instant, zone)}). Pick a later time.`;
}
