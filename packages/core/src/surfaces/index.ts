// @svc/core/surfaces — What every surface shares: the tool endpoint's path, security headers, credentials kept out of URLs, sandbox access.
// This file is the area's contract: other areas and packages import only what it exports.
export { credentialInQueryRefusal, hasCredentialInQuery } from './credential-in-query.js';
export { HTML_SECURITY_HEADERS } from './html-security-headers.js';
export { LIMIT_PHRASES } from './limit-phrases.js';
export { MCP_PATH } from './mcp-path.js';
export {
  decideSandboxAccess,
  isLoopbackAddress,
  type SandboxSurface,
  type SandboxVisitor,
} from './sandbox-access.js';
