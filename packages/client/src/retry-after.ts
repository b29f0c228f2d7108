/**
 * Milliseconds a `Retry-After` header value asks to wait: delta-seconds or an HTTP date (RFC 9110
 * 10.2.3). Null when absent or unreadable, so the caller falls back to its own backoff.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse also reads bare numbers ("-1") as years; an HTTP date always has a day name.
  const at = /[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
