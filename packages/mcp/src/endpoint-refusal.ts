import type { ErrorCode } from '@svc/core';

/** A JSON-RPC id as a refusal echoes it: the one request's id, or null when it concerns the body. */
export type RefusalId = string | number | null;

/**
 * Why the endpoint answers a request with an HTTP error instead of serving it: the one error type
 * every step of the request pipeline fails with (as `SvcFailure` is for REST routes), carrying all
 * `sendRefusal` needs to render it. A refusal is an answer, not a fault: it is never logged.
 */
export class EndpointRefusal extends Error {
  override readonly name = 'EndpointRefusal';
  readonly status: number;
  /** The JSON-RPC error code of the body. */
  readonly rpcCode: number;
  /** Our error code (docs/errors.md), rendered as `error.data.code`; transport refusals have none. */
  readonly code: ErrorCode | undefined;
  /** Further machine-readable fields of `error.data`, next to `code`. */
  readonly data: Readonly<Record<string, unknown>> | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly id: RefusalId;

  constructor(refusal: {
    status: number;
    rpcCode: number;
    message: string;
    code?: ErrorCode;
    data?: Readonly<Record<string, unknown>>;
    headers?: Readonly<Record<string, string>>;
    id?: RefusalId;
  }) {
    super(refusal.message);
    this.status = refusal.status;
    this.rpcCode = refusal.rpcCode;
    this.code = refusal.code;
    this.data = refusal.data;
    this.headers = refusal.headers;
    this.id = refusal.id ?? null;
  }
}
