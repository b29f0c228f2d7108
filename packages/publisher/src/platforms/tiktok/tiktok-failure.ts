import { z } from 'zod';

/** What went wrong with one TikTok call. */
export type TikTokFailure = {
  /** The HTTP status; null when no answer came at all (network fault, timeout). */
  readonly status: number | null;
  /**
   * TikTok's error code: `error.code` of the API envelope (`access_token_invalid`,
   * `spam_risk_too_many_posts`…) or `error` of an OAuth answer (`invalid_grant`…); null when the
   * body carried none.
   */
  readonly code: string | null;
  readonly message: string | null;
  /** TikTok's request id, for support requests. */
  readonly logId: string | null;
  /** The `Retry-After` header, when a throttled answer carried one. */
  readonly retryAfterMs: number | null;
  /** A short technical description for reasons: the network error code or the HTTP status. */
  readonly detail: string;
};

/** A TikTok call that failed; the classifier turns its failure into a publish step. */
export class TikTokRequestError extends Error {
  override readonly name = 'TikTokRequestError';
  readonly failure: TikTokFailure;
  constructor(failure: TikTokFailure) {
    super(failure.code === null ? failure.detail : `${failure.code}: ${failure.message ?? failure.detail}`);
    this.failure = failure;
  }
}

// The Content Posting API wraps every answer: {"data":{…},"error":{"code","message","log_id"}}.
const envelopeErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string().optional(),
  log_id: z.string().optional(),
});

// The OAuth endpoints answer flat: {"error","error_description","log_id"}.
const oauthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
  log_id: z.string().optional(),
});

/** TikTok's error in a body of either shape, or null when the body carries none (or `ok`). */
export function tiktokErrorOf(body: unknown): Pick<TikTokFailure, 'code' | 'message' | 'logId'> | null {
  if (typeof body !== 'object' || body === null) return null;
  const wrapped = envelopeErrorSchema.safeParse((body as { error?: unknown }).error);
  if (wrapped.success) {
    if (wrapped.data.code === 'ok') return null;
    return {
      code: wrapped.data.code,
      message: wrapped.data.message ?? null,
      logId: wrapped.data.log_id ?? null,
    };
  }
  const flat = oauthErrorSchema.safeParse(body);
  if (!flat.success) return null;
  return {
    code: flat.data.error,
    message: flat.data.error_description ?? null,
    logId: flat.data.log_id ?? null,
  };
}

/** The failure of an answer: its status, TikTok's error if any, and a `Retry-After` wait. */
export function failureFromAnswer(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): TikTokFailure {
  const error = tiktokErrorOf(body);
  return {
    status,
    code: error?.code ?? null,
    message: error?.message ?? null,
    logId: error?.logId ?? null,
    retryAfterMs: retryAfterMs(headers['retry-after']),
    detail: `HTTP ${status}`,
  };
}

// Only the delay-seconds form: an HTTP date would need the system clock, which adapters never read.
function retryAfterMs(header: string | string[] | undefined): number | null {
  if (typeof header !== 'string' || !/^\d+$/.test(header.trim())) return null;
  return Number(header) * 1000;
}
