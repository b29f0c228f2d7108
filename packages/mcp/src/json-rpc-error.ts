/** JSON-RPC error codes, as the MCP SDK names them. */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** MCP's code for a resource that does not exist (`resources/read`). */
  resourceNotFound: -32002,
  /** Transport-level refusals (the SDK's choice for 4xx answers too). */
  serverError: -32000,
  /** Credentials missing or refused. */
  unauthorized: -32001,
} as const;
