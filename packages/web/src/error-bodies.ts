/** The error body of every JSON surface (REST, tool refusals, the body deadline): `{error, code[, details]}`. */
export type ErrorJson<Code extends string = string> = {
  readonly error: string;
  readonly code: Code;
  readonly details?: Readonly<Record<string, unknown>>;
};

/** The JSON error body of a refusal; `details` only when there are some, so bodies stay as documented. */
export function errorJson<Code extends string>(refusal: {
  readonly code: Code;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>> | undefined;
}): ErrorJson<Code> {
  return refusal.details === undefined
    ? { error: refusal.message, code: refusal.code }
    : { error: refusal.message, code: refusal.code, details: refusal.details };
}

/** A JSON-RPC 2.0 error response for request `id`; `data` only when there is some. */
export function jsonRpcError(
  id: unknown,
  code: number,
  message: string,
  data?: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}
