import { exchangeKeyForMcpToken, LEGACY_MCP_TOKEN_LIFETIME_MS, LIMIT_PHRASES, MCP_PATH } from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { type AnyOperation, defineOperation } from '../operation.js';

/** How long the health check waits for the database before calling it unreachable. */
const PING_TIMEOUT_MS = 2000;

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  version: z.string(),
});

const tokenSchema = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  expiresAt: z.string(),
  deprecated: z.literal(true),
  instead: z.string(),
});

/**
 * The service's own endpoints: the health check for load balancers, and the deprecated
 * key-to-token exchange (spec 9) kept for old agent clients, under both of its paths.
 */
export function serviceOperations(deps: HttpDeps): AnyOperation[] {
  const exchange = (id: string, path: string) =>
    defineOperation({
      id,
      method: 'POST',
      path,
      tag: 'Agents',
      summary: `Exchange an API key for a ${LIMIT_PHRASES.legacyTokenHours}-hour tool-endpoint token (deprecated)`,
      description: `Send the API key itself as "Authorization: Bearer <key>" to ${MCP_PATH}; no exchange is needed.`,
      deprecated: true,
      access: { scope: null, action: null },
      responses: {
        200: {
          description: `A token the tool endpoint accepts for ${LIMIT_PHRASES.legacyTokenHours} hours.`,
          schema: tokenSchema,
        },
      },
      errors: [],
    })(async ({ ctx }) => {
      const issued = await unwrap(exchangeKeyForMcpToken(deps.core, ctx.get('authorization') || undefined));
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Deprecation', 'true');
      return {
        status: 200,
        body: {
          token: issued.token,
          tokenType: 'Bearer',
          expiresIn: LEGACY_MCP_TOKEN_LIFETIME_MS / 1000,
          expiresAt: issued.expiresAt.toISOString(),
          deprecated: true,
          instead: `Send the API key itself as "Authorization: Bearer <key>" to ${deps.baseUrl}${MCP_PATH}; no exchange is needed.`,
        },
      };
    });

  return [
    defineOperation({
      id: 'getHealth',
      method: 'GET',
      path: '/api/health',
      tag: 'Service',
      summary: 'Whether this instance can serve requests',
      access: 'public',
      responses: {
        200: { description: 'The database answers.', schema: healthSchema },
        503: { description: 'The database does not answer: send traffic elsewhere.', schema: healthSchema },
      },
      errors: [],
    })(async () => {
      const reachable = await pingWithin(deps, PING_TIMEOUT_MS);
      const body = {
        status: reachable ? ('ok' as const) : ('unavailable' as const),
        database: reachable ? ('ok' as const) : ('unreachable' as const),
        version: deps.version,
      };
      return reachable ? { status: 200, body } : { status: 503, body };
    }),
    exchange('exchangeKeyForToken', '/api/auth/mcp-token'),
    exchange('exchangeKeyForTokenAtAuth', '/auth'),
  ];
}

async function pingWithin(deps: HttpDeps, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([deps.core.store.ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
