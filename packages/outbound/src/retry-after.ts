/** The longest wait a `Retry-After` may ask for; anything beyond is taken as this (a day). */
export const RETRY_AFTER_MAX_MS = 24 * 60 * 60 * 1000;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// The three HTTP-date forms of RFC 9110 section 5.6.7 (IMF-fixdate, rfc850-date, asctime-date).
// Date.parse is not used: V8 reads "abc 12" or "1.5" as dates.
const IMF_OR_RFC850 = /^[a-z]{3,9}, (\d{2})[ -]([a-z]{3})[ -](\d{4}|\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/i;
const ASCTIME = /^[a-z]{3} ([a-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/i;

/**
 * A `Retry-After` value (delta-seconds or an HTTP date) as milliseconds from `nowMs`, between 0 and
 * a day, or null when absent or unreadable. A negative delay or a date in the past means "now" (0),
 * not "no advice": the receiver did ask to be left alone, just not for long.
 */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | null {
  const value = header?.trim();
  if (value === undefined || value === '') return null;
  if (/^[+-]?\d+$/.test(value)) return clampDelay(Number(value) * 1000);
  const at = parseHttpDate(value, nowMs);
  return at === null ? null : clampDelay(at - nowMs);
}

function parseHttpDate(value: string, nowMs: number): number | null {
  const imf = IMF_OR_RFC850.exec(value);
  const asc = imf === null ? ASCTIME.exec(value) : null;
  const [day, month, year, hours, minutes, seconds] = imf
    ? [imf[1], imf[2], imf[3], imf[4], imf[5], imf[6]]
    : asc
      ? [asc[2], asc[1], asc[6], asc[3], asc[4], asc[5]]
      : [];
  const monthIndex = MONTHS.indexOf(month?.toLowerCase() ?? '');
  if (monthIndex < 0 || year === undefined) return null;
  const at = Date.UTC(
    fullYear(year, nowMs),
    monthIndex,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
  );
  return Number.isNaN(at) ? null : at;
}

// rfc850-date has two-digit years: RFC 9110 reads one more than 50 years ahead as last century's.
function fullYear(year: string, nowMs: number): number {
  if (year.length === 4) return Number(year);
  const candidate = 2000 + Number(year);
  return candidate > new Date(nowMs).getUTCFullYear() + 50 ? candidate - 100 : candidate;
}

function clampDelay(ms: number): number {
  return Math.min(Math.max(Math.round(ms), 0), RETRY_AFTER_MAX_MS);
}
