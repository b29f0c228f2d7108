import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Actor,
  type ApiRateLimitDeps,
  createRateLimiter,
  hitAddressRateLimit,
  hitKeyRateLimit,
  type RateLimitDecision,
  rateLimitHeaders,
  rateLimitRefusal,
} from '@svc/core';
import { clientAddress } from '@svc/web';
import { EndpointRefusal, type RefusalId } from './endpoint-refusal.js';
import { RPC } from './json-rpc-error.js';
import type { McpDeps } from './mcp-deps.js';

/** The rate limits of one request to the endpoint; each step adds its decision to the headers. */
export type EndpointRateLimits = {
  /** Counts the request against its client address (every request, before anything is read). */
  byAddress(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Counts the other messages of a batch of `size` against the address, once the body is read. */
  byBatch(req: IncomingMessage, res: ServerResponse, size: number): Promise<void>;
  /** Counts `calls` tool calls (each of a batch) against their credential, with the owner's plan's quota. */
  byKey(actor: Actor, res: ServerResponse, id: RefusalId, calls: number): Promise<void>;
};

/**
 * The same limits as REST, on the same counters (a key's or an address's requests to /api/v1 and
 * /api/mcp share one allowance), with the same headers on every answer. Every message of a batch
 * counts as a request, and every tool call in it against the key: a batch that does not fit whole
 * is refused whole. A request over a limit is refused with HTTP 429, `rate_limited` and
 * `Retry-After`, before its body is even read when the address is over. No limits when the
 * settings are absent.
 */
export function endpointRateLimits(
  deps: Pick<McpDeps, 'core' | 'trustProxy' | 'rateLimits' | 'rateLimiter'>,
): () => EndpointRateLimits {
  const { store, clock } = deps.core;
  const limits: ApiRateLimitDeps = {
    rateLimiter: deps.rateLimiter ?? createRateLimiter({ store: store.rateLimits, clock }),
    clock,
  };
  return () => {
    // One decision per policy: a batch's second count of the address supersedes the first.
    const latest = new Map<RateLimitDecision['policy']['name'], RateLimitDecision>();
    const apply = (res: ServerResponse, decision: RateLimitDecision, id: RefusalId) => {
      latest.set(decision.policy.name, decision);
      const decisions = [...latest.values()];
      for (const [name, value] of Object.entries(rateLimitHeaders(decisions))) res.setHeader(name, value);
      const refused = rateLimitRefusal(decisions);
      if (refused === null) return;
      throw new EndpointRefusal({
        status: 429,
        rpcCode: RPC.serverError,
        message: refused.message,
        code: refused.code,
        ...(refused.details === undefined ? {} : { data: refused.details }),
        id,
      });
    };
    return {
      async byAddress(req, res) {
        const address = clientAddress(req, deps.trustProxy);
        const decision = await hitAddressRateLimit(limits, deps.rateLimits, address);
        if (decision !== null) apply(res, decision, null);
      },
      async byBatch(req, res, size) {
        if (size <= 1) return;
        const address = clientAddress(req, deps.trustProxy);
        const decision = await hitAddressRateLimit(limits, deps.rateLimits, address, size - 1);
        // The batch as a whole counted `size`: so its refusal says.
        if (decision !== null) apply(res, { ...decision, cost: size }, null);
      },
      async byKey(actor, res, id, calls) {
        const decision = await hitKeyRateLimit(limits, deps.rateLimits, actor, calls);
        if (decision !== null) apply(res, decision, id);
      },
    };
  };
}
