import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Actor,
  hitAddressRateLimit,
  hitKeyRateLimit,
  type RateLimitDecision,
  rateLimitHeaders,
  rateLimitRefusal,
} from '@svc/core';
import { clientAddress } from '@svc/core/node';
import { EndpointRefusal, type RefusalId } from './endpoint-refusal.js';
import { RPC } from './json-rpc-error.js';
import type { McpDeps } from './mcp-deps.js';

/** The rate limits of one request to the endpoint; each step adds its decision to the headers. */
export type EndpointRateLimits = {
  /** Counts the request against its client address (every request, before anything is read). */
  byAddress(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Counts a tool call against its credential, with the quota of the owner's plan. */
  byKey(actor: Actor, res: ServerResponse, id: RefusalId): Promise<void>;
};

/**
 * The same limits as REST, on the same counters (a key's or an address's requests to /api/v1 and
 * /api/mcp share one allowance), with the same headers on every answer. A request over a limit is
 * refused with HTTP 429, `rate_limited` and `Retry-After`, before its body is even read when the
 * address is over. No limits when the settings are absent.
 */
export function endpointRateLimits(
  deps: Pick<McpDeps, 'core' | 'trustProxy' | 'rateLimits'>,
): () => EndpointRateLimits {
  return () => {
    const decisions: RateLimitDecision[] = [];
    const apply = (res: ServerResponse, decision: RateLimitDecision, id: RefusalId) => {
      decisions.push(decision);
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
        const decision = await hitAddressRateLimit(deps.core, deps.rateLimits, address);
        if (decision !== null) apply(res, decision, null);
      },
      async byKey(actor, res, id) {
        const decision = await hitKeyRateLimit(deps.core, deps.rateLimits, actor);
        if (decision !== null) apply(res, decision, id);
      },
    };
  };
}
