import type { Scope } from './scopes.js';

/** The OAuth scopes of the agent-tool endpoint (spec 5.2), besides `profile` and `offline_access`. */
export const MCP_OAUTH_SCOPES = ['mcp:read', 'mcp:write'] as const;

/**
 * The scopes an agent asks for to use the tools (spec 5.2): the `scope` of the endpoint's 401
 * challenge and the `scopes_supported` of its protected-resource metadata.
 */
export const MCP_RESOURCE_SCOPES = ['profile', ...MCP_OAUTH_SCOPES] as const;

/** An OAuth scope that grants tools. */
export type McpOAuthScope = (typeof MCP_OAUTH_SCOPES)[number];

/**
 * The key scopes each OAuth scope stands for, so tools check one vocabulary whichever credential
 * called. `mcp:read` covers every read-only tool; `mcp:write` adds drafting, scheduling, deleting,
 * asking for approval, adding media and importing automation templates (spec 5.2). "Adds" is read
 * as on top of reading: an agent that may schedule a post may also poll its status, so `mcp:write`
 * alone includes what `mcp:read` grants.
 */
const READ: readonly Scope[] = ['post:read', 'account:read', 'automation:read', 'member:read'];
export const OAUTH_SCOPE_GRANTS: Readonly<Record<McpOAuthScope, readonly Scope[]>> = {
  'mcp:read': READ,
  'mcp:write': [...READ, 'post:write', 'post:draft', 'approval:request', 'media:write', 'automation:write'],
};

/** The key scopes an access token with these OAuth scopes carries (unknown scopes grant nothing). */
export function scopesForOAuth(oauthScopes: readonly string[]): Scope[] {
  const granted = oauthScopes.flatMap((s) => (isMcpOAuthScope(s) ? OAUTH_SCOPE_GRANTS[s] : []));
  return [...new Set(granted)];
}

/** The OAuth scope a client must ask for to get a key scope; null when no OAuth scope grants it. */
export function oauthScopeFor(scope: Scope): McpOAuthScope | null {
  return MCP_OAUTH_SCOPES.find((s) => OAUTH_SCOPE_GRANTS[s].includes(scope)) ?? null;
}

function isMcpOAuthScope(scope: string): scope is McpOAuthScope {
  return (MCP_OAUTH_SCOPES as readonly string[]).includes(scope);
}
