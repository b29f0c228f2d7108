import type { Actor } from '@svc/core';
import { jsonRpcError } from '@svc/web';
import { answerFault } from './answer-fault.js';
import { RPC } from './json-rpc-error.js';
import type { McpDeps } from './mcp-deps.js';
import { isSupportedProtocolVersion, NEWEST_PROTOCOL_VERSION } from './protocol-versions.js';
import { refusal, type ToolCatalog } from './tool-catalog.js';

type Id = string | number;

/** One JSON-RPC message as read from the body, sorted by kind. */
export type RpcMessage =
  | { kind: 'request'; id: Id; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string }
  | { kind: 'response' };

/** A message that wants an answer. */
export type RpcRequest = Extract<RpcMessage, { kind: 'request' }>;

/** What the server needs to answer requests. */
export type RpcContext = {
  readonly deps: McpDeps;
  readonly catalog: ToolCatalog;
  /** The authenticated caller; set whenever the body holds a `tools/call`. */
  readonly actor: Actor | null;
};

/** Sorts a parsed body element into a message, or null when it is not JSON-RPC 2.0. */
export function toRpcMessage(value: unknown): RpcMessage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return null;
  const id = m.id;
  const hasId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  if (typeof m.method === 'string') {
    const params = m.params ?? {};
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
    if (!('id' in m)) return { kind: 'notification', method: m.method };
    return hasId
      ? { kind: 'request', id: id as Id, method: m.method, params: params as Record<string, unknown> }
      : null;
  }
  return hasId && ('result' in m || 'error' in m) ? { kind: 'response' } : null;
}

/**
 * What `initialize` announces. Resources and prompts are declared (their lists are empty, and
 * reading one is "not found"), so a client may ask without guessing. `logging` is declared so a
 * client may set a level; the endpoint sends no log messages (a JSON answer has no stream to carry
 * them), which every level allows.
 */
const CAPABILITIES = { tools: { listChanged: false }, resources: {}, prompts: {}, logging: {} };

/** The levels of `logging/setLevel` (RFC 5424 severities, as MCP names them). */
const LOGGING_LEVELS = new Set([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

/**
 * Answers one request. The endpoint is stateless and only serves, so this is the whole server
 * side of the protocol it speaks: the lifecycle (`initialize`, `ping`), tools, empty resource and
 * prompt lists (so reading any is "not found"), and the logging level. Tool refusals are results;
 * only protocol faults are JSON-RPC errors.
 */
export async function answerRequest(
  request: RpcRequest,
  context: RpcContext,
): Promise<Record<string, unknown>> {
  const { id, method, params } = request;
  const result = (value: unknown) => ({ jsonrpc: '2.0', id, result: value });
  const error = (code: number, message: string, data?: Record<string, unknown>) =>
    jsonRpcError(id, code, message, data);
  switch (method) {
    case 'initialize': {
      const asked = params.protocolVersion;
      // An unknown revision is answered with our newest; the client decides whether it can go on.
      const protocolVersion =
        typeof asked === 'string' && isSupportedProtocolVersion(asked) ? asked : NEWEST_PROTOCOL_VERSION;
      return result({
        protocolVersion,
        capabilities: CAPABILITIES,
        serverInfo: { name: 'svc', version: context.deps.version },
      });
    }
    case 'ping':
      return result({});
    case 'tools/list':
      return result(context.catalog.listing);
    case 'resources/list':
      return result({ resources: [] });
    case 'resources/templates/list':
      return result({ resourceTemplates: [] });
    case 'resources/read':
      // MCP names -32002 for a resource that does not exist; here none does.
      return error(RPC.resourceNotFound, `Resource not found: ${String(params.uri)}`, { uri: params.uri });
    case 'prompts/list':
      return result({ prompts: [] });
    case 'prompts/get':
      return error(RPC.invalidParams, `Unknown prompt: ${String(params.name)}`);
    case 'logging/setLevel':
      // Nothing to remember: no request of a stateless endpoint sends log messages.
      return typeof params.level === 'string' && LOGGING_LEVELS.has(params.level)
        ? result({})
        : error(RPC.invalidParams, `Unknown logging level; use one of ${[...LOGGING_LEVELS].join(', ')}.`);
    case 'tools/call':
      return callTool(params, context, result, error);
    default:
      return error(RPC.methodNotFound, `Method not found: ${method}`);
  }
}

async function callTool(
  params: Record<string, unknown>,
  { deps, catalog, actor }: RpcContext,
  result: (value: unknown) => Record<string, unknown>,
  error: (code: number, message: string) => Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const name = params.name;
  if (typeof name !== 'string') return error(RPC.invalidParams, 'tools/call needs params.name.');
  if (!catalog.has(name)) return error(RPC.invalidParams, `Unknown tool: ${name}`);
  // The endpoint authenticates every body holding a tools/call before dispatching it.
  if (actor === null) return error(RPC.internalError, 'Unauthenticated tool call.');
  try {
    return result(await catalog.call(name, params.arguments, { deps, actor }));
  } catch (fault) {
    // A fault, not a refusal: answered as a tool error the agent may retry, so the other calls
    // of a batch keep their answers.
    const answer = answerFault(fault, deps.logger, { tool: name });
    return result(refusal({ code: answer.code, message: answer.message }));
  }
}
