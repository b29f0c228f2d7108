// Google's daily quotas reset at midnight Pacific time, so the day is read in that zone
// (Intl knows its daylight-saving rules) rather than as a fixed offset from UTC.
const PACIFIC = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in America/Los_Angeles at `ms`, as `YYYY-MM-DD`. */
export function pacificDay(ms: number): string {
  const parts = Object.fromEntries(PACIFIC.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
