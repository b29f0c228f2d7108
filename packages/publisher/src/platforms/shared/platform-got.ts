import got, { type Got } from 'got';

/**
 * The HTTP client every adapter starts from. It never retries by itself: a repeated POST could
 * create a second container, publish or video, so retries are the engine's, which resumes from
 * the saved progress. It follows no redirects (YouTube's 308 is an upload answer, not a move) and
 * treats every status as an answer for the adapter to classify. `timeoutMs` limits each call;
 * without it, each request sets its own.
 */
export function platformGot(options: { readonly timeoutMs?: number } = {}): Got {
  return got.extend({
    ...(options.timeoutMs === undefined ? {} : { timeout: { request: options.timeoutMs } }),
    retry: { limit: 0 },
    throwHttpErrors: false,
    followRedirect: false,
    responseType: 'text',
    headers: {
      'user-agent': 'svc-publisher/0.1 (self-hosted social post scheduler)',
      accept: 'application/json',
    },
  });
}
