import { z } from 'zod';

/** What went wrong with one Google call. */
export type GoogleFailure = {
  /** The HTTP status; null when no answer came at all (network fault, timeout). */
  readonly status: number | null;
  /** `errors[0].reason` of an API error (`quotaExceeded`…), or the `error` of a token endpoint refusal (`invalid_grant`…). */
  readonly reason: string | null;
  readonly domain: string | null;
  /** Google's message (API error) or `error_description` (token endpoint). */
  readonly message: string | null;
  /** A short technical description for reasons: the network error code or the HTTP status. */
  readonly detail: string;
};

/** A Google call that failed; the classifier turns its failure into a publish step. */
export class GoogleRequestError extends Error {
  override readonly name = 'GoogleRequestError';
  readonly failure: GoogleFailure;
  constructor(failure: GoogleFailure) {
    super(failure.message ?? failure.reason ?? failure.detail);
    this.failure = failure;
  }
}

// `{"error":{"code","message","errors":[{"message","domain","reason"}],"status"}}` (platforms.md 3.4).
const apiErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    errors: z
      .array(
        z.looseObject({
          reason: z.string().optional(),
          domain: z.string().optional(),
          message: z.string().optional(),
        }),
      )
      .optional(),
  }),
});

// The token endpoint's `{"error":"invalid_grant","error_description":"…"}`.
const oauthErrorSchema = z.looseObject({ error: z.string(), error_description: z.string().optional() });

/** Reads a failed answer: its status and Google's error, in either of Google's two shapes. */
export function failureFromAnswer(status: number, body: unknown): GoogleFailure {
  const detail = `HTTP ${status}`;
  const oauth = oauthErrorSchema.safeParse(body);
  if (oauth.success) {
    return {
      status,
      reason: oauth.data.error,
      domain: null,
      message: oauth.data.error_description ?? null,
      detail,
    };
  }
  const api = apiErrorSchema.safeParse(body);
  if (api.success) {
    const first = api.data.error.errors?.[0];
    return {
      status,
      reason: first?.reason ?? null,
      domain: first?.domain ?? null,
      message: api.data.error.message ?? first?.message ?? null,
      detail,
    };
  }
  return { status, reason: null, domain: null, message: null, detail };
}
