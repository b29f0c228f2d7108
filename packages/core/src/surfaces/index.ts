export { credentialInQueryRefusal, hasCredentialInQuery } from './credential-in-query.js';
export { HTML_SECURITY_HEADERS } from './html-security-headers.js';
export { MCP_PATH } from './mcp-path.js';
export {
  decideSandboxAccess,
  isLoopbackAddress,
  type SandboxSurface,
  type SandboxVisitor,
} from './sandbox-access.js';
