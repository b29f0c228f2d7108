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
  return `Bearer error="invalid_token", error_description="${quoted(description)}", resource_metadata="${metadataUrl(baseUrl)}", scope="${OAUTH_SCOPES.join(' ')}"`;
}

/**
 * The `WWW-Authenticate` challenge of a 400 for a request that sent a token two ways, in the URL
 * and in the header (RFC 6750 sections 2 and 3.1: `invalid_request`). It names no scope: the
 * credentials are not the problem, the way they were sent is.
 */
export function invalidRequestChallenge(baseUrl: string, description: string): string {
  return `Bearer error="invalid_request", error_description="${quoted(description)}", resource_metadata="${metadataUrl(baseUrl)}"`;
}

/**
 * The `WWW-Authenticate` challenge of a 403 for an OAuth token that lacks a scope (RFC 6750
 * section 3.1): names the scope to ask for, so the client can step up its authorization.
 */
export function insufficientScopeChallenge(baseUrl: string, scope: string, description: string): string {
  return `Bearer error="insufficient_scope", scope="${scope}", error_description="${quoted(description)}", resource_metadata="${metadataUrl(baseUrl)}"`;
}

/** A description as a quoted-string value: quotes and backslashes, which would end or escape it, become apostrophes. */
function quoted(description: string): string {
  return description.replace(/["\\]/g, "'");
}

function metadataUrl(baseUrl: string): string {
  return `${trimmed(baseUrl)}${RESOURCE_METADATA_PATH}`;
}

function trimmed(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}
