import type { CodeExchange } from '@svc/core';
import { type GraphFailure, GraphRequestError } from './graph-failure.js';

// Unknown and service errors, and throttling: nothing the person did, so worth another try.
const FAULT_CODES = new Set([1, 2, 4, 17, 32, 341, 613, 80001, 80002]);

/**
 * Why the platform refused a connection or a token refresh, for the person connecting; null when
 * the failure is a fault (no answer, 5xx), which callers let reject so it can be tried again.
 */
export function connectionRefusal(platformName: string, failure: GraphFailure): string | null {
  if (failure.status === null || failure.status >= 500) return null;
  const error = failure.error;
  if (error === null)
    return failure.status >= 400 ? `${platformName} refused the connection (${failure.detail}).` : null;
  if (error.is_transient === true || FAULT_CODES.has(error.code ?? Number.NaN)) return null;
  const words = error.error_user_msg ?? error.message ?? failure.detail;
  return `${platformName} refused the connection: ${words.replace(/\.$/, '')}. Start connecting the account again and allow every permission asked for.`;
}

/** A refusal for a Graph error the person can act on; faults (no answer, 5xx) are rethrown. */
export function refusedOrThrow(platformName: string, error: unknown): CodeExchange {
  if (error instanceof GraphRequestError) {
    const reason = connectionRefusal(platformName, error.failure);
    if (reason !== null) return { kind: 'refused', reason };
  }
  throw error;
}
