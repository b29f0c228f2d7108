// The public API of @svc/oauth: the OAuth 2.1 authorization server for agents, and password hashes.

// Kept for callers of an earlier version; password hashes now live in @svc/core/node.
export { hashPassword, verifyPassword } from '@svc/core/node';
export { createAgentAccess } from './agent-access.js';
export { createOAuthServer, type OAuthServer } from './create-oauth-server.js';
export { DEFAULT_SCOPE, SUPPORTED_SCOPES } from './create-provider.js';
export { type OAuthBearerVerifier, oauthBearerVerifier } from './oauth-bearer-verifier.js';
export { mcpResourceOf, type OAuthDeps, type OAuthLogger } from './oauth-deps.js';
export { OAUTH_ROUTES } from './oauth-routes.js';
