import { exchangeKeyForMcpToken, LEGACY_MCP_TOKEN_LIFETIME_MS, MCP_PATH } from '@svc/core';
import type { Context } from 'koa';
import type { HttpDeps } from '../http-deps.js';
import type { Route } from '../route-table.js';
import { unwrap } from '../svc-failure.js';

/**
 * The deprecated key-to-token exchange (spec 9), kept working for old agent clients: `POST /auth`
 * and `POST /api/auth/mcp-token` take an API key in the Authorization header and answer a token
 * the tool endpoint accepts for 24 hours. The answer says what to do instead.
 */
export function legacyRoutes(deps: HttpDeps): Route[] {
  const exchange = async (ctx: Context) => {
    const issued = await unwrap(exchangeKeyForMcpToken(deps.core, ctx.get('authorization') || undefined));
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Deprecation', 'true');
    ctx.body = {
      token: issued.token,
      tokenType: 'Bearer',
      expiresIn: LEGACY_MCP_TOKEN_LIFETIME_MS / 1000,
      expiresAt: issued.expiresAt.toISOString(),
      deprecated: true,
      instead: `Send the API key itself as "Authorization: Bearer <key>" to ${deps.baseUrl}${MCP_PATH}; no exchange is needed.`,
    };
  };
  return [
    { method: 'POST', path: '/auth', handlers: [exchange] },
    { method: 'POST', path: '/api/auth/mcp-token', handlers: [exchange] },
  ];
}
