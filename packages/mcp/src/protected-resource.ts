import { MCP_PATH, MCP_RESOURCE_SCOPES } from '@svc/core';

/** Path of the RFC 9728 metadata of the endpoint (spec 5.2): the well-known prefix, then the resource path. */
export const RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** Scopes an OAuth client asks for to use the tools (spec 5.2); core's list, under the name this package exported. */
export const OAUTH_SCOPES = MCP_RESOURCE_SCOPES;

/** The RFC 9728 protected-resource metadata document of the endpoint. */
export function protectedResourceMetadata(baseUrl: string): Record<string, unknown> {
  const base = trimmed(baseUrl);
  return {
    resource: `${base}${MCP_PATH}`,
    authorization_servers: [base],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'svc agent-tool endpoint',
  };
}

/**
 * The `WWW-Authenticate` challenge of a refused `tools/call` (spec 5.2), pointing the client at
 * the metadata above so it can find the authorization server.
 */
export function bearerChallenge(baseUrl: string, description: string): string {
  const quoted = description.replace(/["\\]/g, "'");
  return `Bearer error="invalid_token", error_description="${quoted}", resource_metadata="${trimmed(baseUrl)}${RESOURCE_METADATA_PATH}", scope="${OAUTH_SCOPES.join(' ')}"`;
}

function trimmed(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/**
 * The `WWW-Authenticate` challenge of a 403 for an OAuth token that lacks a scope (RFC 6750
 * section 3.1): names the scope to ask for, so the client can step up its authorization.
 */
export function insufficientScopeChallenge(baseUrl: string, scope: string, description: string): string {
  const quoted = description.replace(/["\\]/g, "'");
  return `Bearer error="insufficient_scope", scope="${scope}", error_description="${quoted}", resource_metadata="${trimmed(baseUrl)}${RESOURCE_METADATA_PATH}"`;
}
