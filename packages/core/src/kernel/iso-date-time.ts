const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * Parses an ISO 8601 / RFC 3339 date-time that carries its offset (`Z` or `±hh:mm`). A time
 * without an offset is refused rather than guessed, because guessing the zone publishes at the
 * wrong hour. Impossible dates (February 30th, hour 24) are refused too.
 */
export function parseIsoDateTime(text: string): Date | null {
  const m = ISO_DATE_TIME.exec(text.trim());
  if (m === null) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(
    Number,
  ) as [number, number, number, number, number, number];
  const millis = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const offsetMinutes =
    m[8]?.toUpperCase() === 'Z' ? 0 : (m[8]?.startsWith('-') ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10]));
  if (
    month < 1 ||
    month > 12 ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    Math.abs(offsetMinutes) > 18 * 60
  ) {
    return null;
  }
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  // Date.UTC rolls invalid days over (Feb 30 -> Mar 2); a round trip catches that.
  if (new Date(local).getUTCDate() !== day) return null;
  return new Date(local - offsetMinutes * 60_000);
}
