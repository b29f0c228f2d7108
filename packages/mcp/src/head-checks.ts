import type { IncomingMessage } from 'node:http';
import { credentialInUrlRefusal } from './credential-in-url.js';
import { EndpointRefusal } from './endpoint-refusal.js';
import { createHostCheck } from './host-check.js';
import { RPC } from './json-rpc-error.js';
import { bearerChallenge, invalidRequestChallenge } from './protected-resource.js';
import { isSupportedProtocolVersion, PROTOCOL_VERSIONS } from './protocol-versions.js';

/** One check of a request's method, URL and headers: returns when it passes, throws an EndpointRefusal when not. */
export type HeadCheck = (req: IncomingMessage) => void;

/**
 * The checks every request passes before its body is read, in the order they run: whose request
 * it is (Host, Origin), then how it is sent (method, URL), then what it speaks (Accept, protocol
 * revision, Content-Type). Built once; none of them allocates on the way through.
 */
export function createHeadChecks(baseUrl: string, trustProxy: boolean): readonly HeadCheck[] {
  return [
    createHostGuard(baseUrl, trustProxy),
    checkMethod,
    createCredentialInUrlGuard(baseUrl),
    checkAccept,
    checkProtocolVersion,
    checkContentType,
  ];
}

/** DNS-rebinding protection: a page on another host must not reach a local or private endpoint. */
export function createHostGuard(baseUrl: string, trustProxy: boolean): HeadCheck {
  const hostAllowed = createHostCheck(baseUrl, trustProxy);
  return (req) => {
    if (!hostAllowed(req)) {
      throw transportRefusal(403, RPC.serverError, 'Forbidden: the Host or Origin is not this service.');
    }
  };
}

/** POST only: the endpoint is stateless, so there is no stream to GET and no session to DELETE. */
export const checkMethod: HeadCheck = (req) => {
  if (req.method !== 'POST') {
    throw new EndpointRefusal({
      status: 405,
      rpcCode: RPC.serverError,
      message: `${req.method} is not allowed; send JSON-RPC by POST.`,
      headers: { Allow: 'POST' },
    });
  }
};

/**
 * A credential in the query string is refused, never ignored: the caller must learn it leaked.
 * Without an Authorization header that is 401 `missing_api_key` with the challenge every 401
 * here has; beside one, 400 `api_key_in_url` with RFC 6750's `invalid_request` challenge.
 */
export function createCredentialInUrlGuard(baseUrl: string): HeadCheck {
  return (req) => {
    const refused = credentialInUrlRefusal(req.url ?? '', req.headers.authorization);
    if (refused === null) return;
    const { code, message } = refused;
    throw code === 'missing_api_key'
      ? new EndpointRefusal({
          status: 401,
          rpcCode: RPC.unauthorized,
          message,
          code,
          headers: { 'WWW-Authenticate': bearerChallenge(baseUrl, message) },
        })
      : new EndpointRefusal({
          status: 400,
          rpcCode: RPC.invalidRequest,
          message,
          code,
          headers: { 'WWW-Authenticate': invalidRequestChallenge(baseUrl, message) },
        });
  };
}

/** The client must take both answer forms of streamable HTTP, even though ours is always JSON. */
export const checkAccept: HeadCheck = (req) => {
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    throw transportRefusal(
      406,
      RPC.serverError,
      'Not Acceptable: send "Accept: application/json, text/event-stream".',
    );
  }
};

/** A negotiated revision we do not speak is refused rather than guessed at (spec 9). */
export const checkProtocolVersion: HeadCheck = (req) => {
  const version = req.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !isSupportedProtocolVersion(version)) {
    throw transportRefusal(
      400,
      RPC.serverError,
      `Unsupported MCP-Protocol-Version ${version}; supported: ${PROTOCOL_VERSIONS.join(', ')}.`,
    );
  }
};

const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i;

/** Only a JSON body is read. */
export const checkContentType: HeadCheck = (req) => {
  if (!JSON_CONTENT_TYPE.test(req.headers['content-type'] ?? '')) {
    throw transportRefusal(
      415,
      RPC.serverError,
      'Unsupported Media Type: send Content-Type: application/json.',
    );
  }
};

function transportRefusal(status: number, rpcCode: number, message: string): EndpointRefusal {
  return new EndpointRefusal({ status, rpcCode, message });
}
