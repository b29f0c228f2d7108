import { pause } from './pause.js';
import { parseRetryAfter } from './retry-after.js';

/** How often and how long the client tries again. */
export type RetryOptions = {
  /** Tries in all, the first included; 1 turns retrying off. */
  readonly attempts: number;
  /** The longest wait between two tries; a longer `Retry-After` is not waited for. */
  readonly maxDelayMs: number;
};

/** Four tries, waiting at most 20 s between two. */
export const DEFAULT_RETRY: RetryOptions = { attempts: 4, maxDelayMs: 20_000 };

/** Answers that say "try again later": the service is briefly unavailable, or a rate limit. */
const RETRY_STATUSES = new Set([429, 503]);

/** Methods that mean the same thing sent twice (RFC 9110 9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** The first backoff step; each further try doubles it, up to maxDelayMs. */
const BASE_DELAY_MS = 500;

/**
 * The wait before try number `retry + 1` when the server did not say: exponential, capped, with
 * "equal jitter" (half fixed, half random), so clients that failed together do not come back
 * together, yet never retry at once.
 */
export function backoffDelay(retry: number, maxDelayMs: number, random: () => number = Math.random): number {
  const cap = Math.min(maxDelayMs, BASE_DELAY_MS * 2 ** retry);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/**
 * Wraps `fetchImpl` so that 429 and 503 answers, and connections that fail, are tried again. A 429
 * (`rate_limited`) is refused before anything is done, so every request whose body can be sent
 * again is retried on it, POSTs included. A 503 or a lost connection may come after the work, so
 * those are retried only for requests that are safe to repeat: idempotent methods, and JSON bodies
 * carrying an `externalId` (the API answers a repeated create with the first result, `replayed:
 * true`). Multipart and byte uploads, whose streams cannot be replayed, are sent once. A
 * `Retry-After` is honoured when it fits in `maxDelayMs`; a longer one ends the retrying and the
 * answer goes back to the caller.
 */
export function retryingFetch(
  fetchImpl: (request: Request) => Promise<Response>,
  retry: RetryOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const replay = retry.attempts > 1 ? await replayableBody(request) : undefined;
    if (replay === undefined) return fetchImpl(request);
    const { body, repeatable } = replay;
    for (let attempt = 1; ; attempt++) {
      const copy = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
        redirect: request.redirect,
      });
      let response: Response;
      try {
        response = await fetchImpl(copy);
      } catch (error) {
        // fetch rejects with a TypeError when no answer came (refused, reset); an abort is final.
        if (
          !repeatable ||
          attempt >= retry.attempts ||
          !(error instanceof TypeError) ||
          request.signal.aborted
        )
          throw error;
        await pause(backoffDelay(attempt - 1, retry.maxDelayMs), request.signal);
        continue;
      }
      const retried = response.status === 429 || (repeatable && RETRY_STATUSES.has(response.status));
      if (!retried || attempt >= retry.attempts) return response;
      const asked = parseRetryAfter(response.headers.get('retry-after'));
      if (asked !== null && asked > retry.maxDelayMs) return response;
      await response.body?.cancel();
      await pause(asked ?? backoffDelay(attempt - 1, retry.maxDelayMs), request.signal);
    }
  };
}

/**
 * The body to send on every try (null: none) and whether sending it twice is harmless, or
 * undefined when it cannot be sent again. Only JSON is read ahead: API payloads are small, and
 * anything else may be a large stream.
 */
async function replayableBody(
  request: Request,
): Promise<{ body: string | null; repeatable: boolean } | undefined> {
  const idempotent = IDEMPOTENT_METHODS.has(request.method);
  if (request.body === null) return { body: null, repeatable: idempotent };
  if (!(request.headers.get('content-type') ?? '').includes('json')) return undefined;
  const text = await request.clone().text();
  return { body: text, repeatable: idempotent || hasExternalId(text) };
}

function hasExternalId(json: string): boolean {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return false;
    const id = (value as { externalId?: unknown }).externalId;
    return typeof id === 'string' && id !== '';
  } catch {
    return false;
  }
}
