/**
 * One short line saying why an operation failed, for a check's message: the error's code (a
 * system code such as ECONNREFUSED, PostgreSQL's SQLSTATE, S3's error name) and its first line.
 * Anything that looks like credentials in a URL is cut out, and the line is kept short.
 */
export function problemOf(error: unknown): string {
  const e = error as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown };
  // Node reports a refused connection to a name with several addresses as an AggregateError
  // with an empty message; the first attempt's error says what happened.
  if (Array.isArray(e.errors) && e.errors.length > 0 && (typeof e.message !== 'string' || e.message === '')) {
    return problemOf(e.errors[0]);
  }
  const code = typeof e.code === 'string' ? e.code : null;
  const message = typeof e.message === 'string' ? (e.message.split('\n')[0] ?? '') : String(error);
  const line = (code !== null && !message.includes(code) ? `${code}: ${message}` : message)
    .replace(/\/\/[^@/\s]*@/g, '//')
    .trim();
  return (line === '' ? 'failed' : line).slice(0, 240);
}

/** S3's error code of an SDK error (its `name`, e.g. NoSuchBucket), else the system code. */
export function s3CodeOf(error: unknown): string {
  const e = error as { name?: unknown; code?: unknown; errors?: unknown };
  if (typeof e.code === 'string') return e.code;
  if (Array.isArray(e.errors) && e.errors.length > 0) return s3CodeOf(e.errors[0]);
  return typeof e.name === 'string' ? e.name : 'Error';
}
