import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Actor, MCP_PATH } from '@svc/core';
import { requestPath, type WebSurface } from '@svc/web';
import { answerFault } from './answer-fault.js';
import { answerRequest, type RpcContext } from './answer-request.js';
import { authenticateCaller, checkEntitlement, checkOAuthScopes } from './caller-checks.js';
import { endpointRateLimits } from './endpoint-rate-limits.js';
import { EndpointRefusal } from './endpoint-refusal.js';
import { createHeadChecks } from './head-checks.js';
import { mapConcurrently } from './map-concurrently.js';
import type { McpDeps } from './mcp-deps.js';
import { protectedResourceMetadata, RESOURCE_METADATA_PATH } from './protected-resource.js';
import { readMessages } from './read-messages.js';
import { sendRefusal } from './send-refusal.js';
import { createToolCatalog } from './tool-catalog.js';
import { TOOLS } from './tools/tools.js';

/**
 * The deprecated proxy address (spec 9). It is answered here, exactly as `/api/mcp`, rather than
 * redirected: a redirected POST depends on each client re-sending its body and credentials.
 */
export const LEGACY_MCP_PATH = '/mcp';

/** Default largest request body: tool arguments are small; media travels by link or id. */
export const MCP_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How many messages of a batch are answered at once. Each tool call may take database
 * connections and outside fetches; a batch of 50 run all at once would take a pool's worth from
 * every other caller. Four keeps a batch quicker than sending its calls one by one.
 */
export const MCP_BATCH_CONCURRENCY = 4;

/** The endpoint as a plain Node handler for the paths it owns (mounted into the HTTP app). */
export type McpEndpoint = WebSurface;

/**
 * Builds the endpoint: streamable HTTP, stateless, JSON responses (spec 4.2). A request runs
 * through small steps (the per-address rate limit, head checks, reading the messages and counting
 * a batch's others per address, then for tool calls the caller's credentials, the per-key rate
 * limit charged one per call, entitlement and OAuth scopes);
 * each passes or throws an `EndpointRefusal`, and the one catch below renders it, or decides what
 * a fault is answered with (`answerFault`). A batch's messages are answered `MCP_BATCH_CONCURRENCY`
 * at a time. Everything that can be decided once (tool listing and
 * schemas, metadata, Host rules) is decided here. Requests are answered without the SDK's Server
 * and transport: in stateless JSON mode they would be built per request, which cost four fifths of
 * a tool call's time (docs/tools.md); the official SDK client is what the tests speak to it with.
 */
export function createMcpEndpoint(deps: McpDeps): McpEndpoint {
  const catalog = createToolCatalog(TOOLS);
  const headChecks = createHeadChecks(deps.baseUrl, deps.trustProxy);
  const metadata = JSON.stringify(protectedResourceMetadata(deps.baseUrl));
  const maxBodyBytes = deps.maxBodyBytes ?? MCP_BODY_LIMIT_BYTES;
  const rateLimits = endpointRateLimits(deps);
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = requestPath(req);
    if (path === RESOURCE_METADATA_PATH) return serveMetadata(req, res, metadata);
    const limits = rateLimits();
    await limits.byAddress(req, res);
    for (const check of headChecks) check(req);
    const { batch, requests, size } = await readMessages(req, maxBodyBytes);
    await limits.byBatch(req, res, size);
    if (requests.length === 0) {
      res.writeHead(202).end(); // notifications and responses only: acknowledged, no body
      return;
    }
    let actor: Actor | null = null;
    const calls = requests.filter((r) => r.method === 'tools/call').length;
    if (calls > 0) {
      actor = await authenticateCaller(deps, req, requests);
      await limits.byKey(actor, res, requests.length === 1 ? (requests[0]?.id ?? null) : null, calls);
      checkEntitlement(actor, deps.core.clock.now(), requests);
      checkOAuthScopes(deps.baseUrl, actor, requests, catalog);
    }
    const context: RpcContext = { deps, catalog, actor };
    const replies = await mapConcurrently(requests, MCP_BATCH_CONCURRENCY, (r) => answerRequest(r, context));
    const json = JSON.stringify(batch ? replies : replies[0]);
    if (path === LEGACY_MCP_PATH) res.setHeader('Deprecation', 'true');
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
    res.end(json);
  };
  return {
    owns: (path) => path === MCP_PATH || path === LEGACY_MCP_PATH || path === RESOURCE_METADATA_PATH,
    handle(req, res) {
      serve(req, res).catch((thrown: unknown) => {
        sendRefusal(
          res,
          thrown instanceof EndpointRefusal ? thrown : answerFault(thrown, deps.logger, { path: MCP_PATH }),
        );
      });
    },
  };
}

function serveMetadata(req: IncomingMessage, res: ServerResponse, metadata: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(metadata),
    'Cache-Control': 'public, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : metadata);
}
