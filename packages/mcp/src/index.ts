// The public API of @svc/mcp: the agent-tool endpoint /api/mcp as a plain Node handler.

// The path is core's (other adapters name it too); re-exported here, where it always was.
export { MCP_PATH } from '@svc/core';
export { apiKeyBearerVerifier, apiKeyOrOAuthVerifier, type BearerVerifier } from './bearer-verifier.js';
export {
  createMcpEndpoint,
  MCP_BATCH_CONCURRENCY,
  MCP_BODY_LIMIT_BYTES,
  type McpEndpoint,
} from './create-mcp-endpoint.js';
export type { McpDeps, McpLogger } from './mcp-deps.js';
export { OAUTH_SCOPES, protectedResourceMetadata, RESOURCE_METADATA_PATH } from './protected-resource.js';
export { PROTOCOL_VERSIONS } from './protocol-versions.js';
export { MCP_BATCH_MAX_MESSAGES } from './read-messages.js';
export { TOOLS } from './tools/tools.js';
