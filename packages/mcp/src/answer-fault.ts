import {
  API_KEY_SCAN_PATTERN,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  type ErrorCode,
  isStoreUnavailable,
} from '@svc/core';
import { EndpointRefusal } from './endpoint-refusal.js';
import { RPC } from './json-rpc-error.js';
import type { McpLogger } from './mcp-deps.js';

/** A refusal that always names our error code, so a tool can pass it on as its own refusal. */
export type FaultAnswer = EndpointRefusal & { readonly code: ErrorCode };

/**
 * What a fault (anything thrown that is not a refusal) is answered with, decided here only:
 * a database out of reach is expected while it restarts, so it is `database_unavailable` (503,
 * `Retry-After`, a warning), as on REST; anything else is `internal_error` (500), logged as an
 * error with its name and key-scrubbed message and answered with nothing more. The endpoint
 * renders the answer over HTTP; a tool call hands it back as an `isError` result, since the
 * other calls of its batch may have succeeded.
 */
export function answerFault(fault: unknown, logger: McpLogger, where: Record<string, unknown>): FaultAnswer {
  if (isStoreUnavailable(fault)) {
    logger.warn(where, 'database unavailable');
    return new EndpointRefusal({
      status: 503,
      rpcCode: RPC.serverError,
      message: DATABASE_UNAVAILABLE.message,
      code: DATABASE_UNAVAILABLE.code,
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    }) as FaultAnswer;
  }
  logger.error({ ...where, fault: describe(fault) }, 'mcp fault');
  return new EndpointRefusal({
    status: 500,
    rpcCode: RPC.internalError,
    message: 'Something went wrong on our side. Try again.',
    code: 'internal_error',
  }) as FaultAnswer;
}

function describe(fault: unknown): Record<string, string> {
  if (!(fault instanceof Error)) return { value: typeof fault };
  // A driver's message may quote what it was given; a key must never reach the log.
  return { name: fault.name, message: fault.message.replace(API_KEY_SCAN_PATTERN, '[redacted key]') };
}
