import type { ProbeOutcome } from '@svc/core';
import { platformGot } from '../shared/platform-got.js';

/** One probe request: never retried, never followed, any status an answer. */
export type ProbeRequest = {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly form?: Readonly<Record<string, string>>;
};

/** What came back: a status under 500 and the JSON body (null when not JSON), or no answer at all. */
export type ProbeAnswer =
  | { readonly kind: 'answer'; readonly status: number; readonly body: Record<string, unknown> | null }
  | Extract<ProbeOutcome, { kind: 'unreachable' }>;

const client = platformGot();

/**
 * Sends a probe. A call that gets no answer (DNS, refused connection, timeout) is `unreachable`
 * with the network error's code only, so secrets in the URL never reach a message; so is a server
 * error (5xx), which says nothing about the settings.
 */
export async function probeCall(request: ProbeRequest, timeoutMs: number): Promise<ProbeAnswer> {
  try {
    const response = await client(request.url, {
      method: request.method,
      timeout: { request: timeoutMs },
      ...(request.query === undefined ? {} : { searchParams: { ...request.query } }),
      ...(request.form === undefined ? {} : { form: { ...request.form } }),
    });
    if (isFault(response.statusCode)) return { kind: 'unreachable', message: `HTTP ${response.statusCode}` };
    return { kind: 'answer', status: response.statusCode, body: jsonObject(response.body) };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'no answer';
    return { kind: 'unreachable', message: `${new URL(request.url).host}: ${code}` };
  }
}

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The platform's own words from an error body: Graph's `error.message`, OAuth's `error_description`… */
export function errorWords(body: Record<string, unknown> | null, status: number): string {
  if (body === null) return `HTTP ${status}`;
  const graph = body.error;
  if (typeof graph === 'object' && graph !== null && 'message' in graph) {
    const { message, code } = graph as { message?: unknown; code?: unknown };
    return `${String(message)}${code === undefined ? '' : ` (code ${String(code)})`}`;
  }
  const parts = [body.error, body.error_description, body.error_message, body.message].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length > 0 ? parts.join(': ') : `HTTP ${status}`;
}

/** Server errors say nothing about the settings: they count as no answer. */
function isFault(status: number): boolean {
  return status >= 500;
}
