import type { components } from './openapi-types.js';

/** The error codes the API documents (docs/errors.md); others may be added, so any string is allowed. */
export type SvcErrorCode = components['schemas']['Error']['code'] | (string & {});

/**
 * A non-2xx answer of the API, read from its `{ error, code, details }` body. Answers that are not
 * that shape (a proxy's 502 page) get the code `http_<status>` and the status text as message.
 */
export class SvcApiError extends Error {
  override readonly name = 'SvcApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The stable code, for programs. */
  readonly code: SvcErrorCode;
  /** Facts about the failure, by code (the body's `details`). */
  readonly details: Readonly<Record<string, unknown>> | undefined;
  /** What `Retry-After` asked for, in milliseconds, when the answer carried one. */
  readonly retryAfterMs: number | null;

  constructor(init: {
    status: number;
    code: SvcErrorCode;
    message: string;
    details?: Readonly<Record<string, unknown>> | undefined;
    retryAfterMs?: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }
}
