import { parseRetryAfter } from './retry-after.js';
import { SvcApiError } from './svc-api-error.js';

/** Reads a non-2xx response (consuming its body) into the error the client throws. */
export async function svcApiErrorOf(response: Response): Promise<SvcApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const details = fields.details;
  return new SvcApiError({
    status: response.status,
    code: typeof fields.code === 'string' ? fields.code : `http_${response.status}`,
    message:
      typeof fields.error === 'string'
        ? fields.error
        : `HTTP ${response.status} ${response.statusText}`.trim(),
    details:
      typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : undefined,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
  });
}
