/**
 * Path of the agent-tool endpoint (spec 4.2). It lives in core because three adapters name it
 * without depending on each other: the endpoint itself, the OAuth server (the resource its tokens
 * are bound to) and the REST API (the deprecated exchange points clients at it).
 */
export const MCP_PATH = '/api/mcp';
