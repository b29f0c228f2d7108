import type { AnyOperation } from './operation.js';

/** Where the per-address limit counts: the REST API (the tool endpoint counts on the same counters). */
export const ADDRESS_LIMITED_PREFIX = '/api/v1';

/** Whether a request path counts against its client address's limit (`limitByAddress`). */
export function isAddressLimited(path: string): boolean {
  return path === ADDRESS_LIMITED_PREFIX || path.startsWith(`${ADDRESS_LIMITED_PREFIX}/`);
}

/** Whether an operation counts against its key's limit: every one that takes a key (`limitByKey`). */
export function isKeyLimited(operation: Pick<AnyOperation, 'access'>): boolean {
  return typeof operation.access === 'object';
}

/**
 * Whether a limit may refuse an operation with 429 `rate_limited`. The routes and the OpenAPI
 * document both ask this, so an operation's declared answers and its rate-limit headers follow
 * what the middleware does.
 */
export function isRateLimited(operation: Pick<AnyOperation, 'access' | 'path'>): boolean {
  return isAddressLimited(operation.path) || isKeyLimited(operation);
}
