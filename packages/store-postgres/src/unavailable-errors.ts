import { StoreUnavailableError } from '@svc/core';
import type pg from 'pg';

// Socket-level failures: the server is down, restarting, or the network between us is cut.
const SOCKET_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

// SQLSTATEs that mean "not now" rather than "wrong": connection exceptions (class 08), the
// server shutting down or starting up, or out of connection slots.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

// pg reports a connection that dies under it, and a pool that cannot connect in time, with plain
// Errors that carry no code; their messages are the only signal.
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
];

/** Whether pg threw this because the database is out of reach (not because of a query's fault). */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
  if (typeof code === 'string' && code.startsWith('08')) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** The error to rethrow: connection failures become the core's StoreUnavailableError. */
export function asStoreError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isConnectionFailure(error)) return error;
  return new StoreUnavailableError('The PostgreSQL database is unreachable.', { cause: error });
}

/**
 * The pool the stores use, with connection failures of `query` and `connect` turned into
 * StoreUnavailableError, so every port reports an unreachable database the same way without each
 * call site catching. (Queries on a checked-out client go through `withTransaction`, which
 * translates too.)
 */
export function unavailableAwarePool(pool: pg.Pool): pg.Pool {
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') {
        return (...args: Parameters<pg.Pool['query']>) =>
          (target.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
            throw asStoreError(error);
          });
      }
      if (property === 'connect') {
        return () =>
          target.connect().catch((error: unknown) => {
            throw asStoreError(error);
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
