import { type ApiRateLimitDeps, createRateLimiter } from '@svc/core';
import type { HttpDeps } from './http-deps.js';

/**
 * What the API's limits are decided with: the limiter the app was given, or, for an app built
 * without one, a limiter of its own over the store (still shared with other processes through it).
 */
export function apiRateLimits(deps: Pick<HttpDeps, 'core' | 'rateLimiter'>): ApiRateLimitDeps {
  const { store, clock } = deps.core;
  return {
    rateLimiter: deps.rateLimiter ?? createRateLimiter({ store: store.rateLimits, clock }),
    clock,
  };
}
