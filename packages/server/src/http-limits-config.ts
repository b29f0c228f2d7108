import type { z } from 'zod';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './http-limits.js';
import { wholeNumber } from './whole-number.js';

/** The environment variables of the HTTP limits, merged into the configuration's schema. */
export const HTTP_LIMITS_ENV = {
  SVC_HEADERS_TIMEOUT_MS: wholeNumber(
    'must be a number of milliseconds from 1000 to 600000',
    1000,
    600_000,
  ).optional(),
  SVC_BODY_TIMEOUT_MS: wholeNumber(
    'must be a number of milliseconds from 1000 to 3600000',
    1000,
    3_600_000,
  ).optional(),
  SVC_REQUEST_TIMEOUT_MS: wholeNumber(
    'must be a number of milliseconds from 1000 to 86400000',
    1000,
    86_400_000,
  ).optional(),
  SVC_KEEP_ALIVE_TIMEOUT_MS: wholeNumber(
    'must be a number of milliseconds from 1000 to 3600000',
    1000,
    3_600_000,
  ).optional(),
  SVC_MAX_CONNECTIONS: wholeNumber('must be a whole number from 1 to 1000000', 1, 1_000_000).optional(),
};

type HttpLimitsEnv = z.infer<z.ZodObject<typeof HTTP_LIMITS_ENV>>;

/** The HTTP limits from the parsed environment, or the line naming the variable that contradicts another. */
export function httpLimitsConfig(
  e: HttpLimitsEnv,
): { ok: true; value: HttpLimits } | { ok: false; error: string } {
  const value: HttpLimits = {
    headersTimeoutMs: e.SVC_HEADERS_TIMEOUT_MS ?? DEFAULT_HTTP_LIMITS.headersTimeoutMs,
    bodyTimeoutMs: e.SVC_BODY_TIMEOUT_MS ?? DEFAULT_HTTP_LIMITS.bodyTimeoutMs,
    requestTimeoutMs: e.SVC_REQUEST_TIMEOUT_MS ?? DEFAULT_HTTP_LIMITS.requestTimeoutMs,
    keepAliveTimeoutMs: e.SVC_KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs,
    maxConnections: e.SVC_MAX_CONNECTIONS ?? DEFAULT_HTTP_LIMITS.maxConnections,
  };
  // Node refuses a header timeout longer than the whole request's; so would the reader.
  for (const [name, ms] of [
    ['SVC_HEADERS_TIMEOUT_MS', value.headersTimeoutMs],
    ['SVC_BODY_TIMEOUT_MS', value.bodyTimeoutMs],
  ] as const) {
    if (ms > value.requestTimeoutMs) {
      return {
        ok: false,
        error: `Invalid configuration: ${name} must not be longer than SVC_REQUEST_TIMEOUT_MS (${value.requestTimeoutMs})`,
      };
    }
  }
  return { ok: true, value };
}
