import { IncomingMessage, type ServerResponse } from 'node:http';
import { hitRegistrationRateLimit, rateLimitHeaders, rateLimitRefusal } from '@svc/core';
import { clientAddress } from '@svc/web';
import type { OAuthDeps } from './oauth-deps.js';
import { REGISTRATION_LIMITS, registrationSizeRefusal } from './registration-limits.js';

/**
 * Checks a dynamic client registration (`POST /oauth/register`, open to anyone) before
 * oidc-provider sees it: counts it against the client's address under the registration policy
 * (core's `hitRegistrationRateLimit`: so many an hour, an IPv6 address by its /64), reads the body
 * up to `REGISTRATION_LIMITS.bodyBytes` and checks each field's size. A refusal is answered here in
 * the OAuth error format of the other /oauth endpoints (`{error, error_description}`): 429
 * `rate_limited` with `Retry-After`, or 400 `invalid_client_metadata`. Resolves to the request to
 * hand on (the same head, its body replayed), or null once answered.
 */
export function createRegistrationGuard(
  deps: Pick<OAuthDeps, 'store' | 'clock' | 'trustProxy' | 'rateLimits'>,
): (req: IncomingMessage, res: ServerResponse) => Promise<IncomingMessage | null> {
  const core = { store: deps.store, clock: deps.clock };
  return async (req, res) => {
    const decision = await hitRegistrationRateLimit(
      core,
      deps.rateLimits,
      clientAddress(req, deps.trustProxy),
    );
    if (decision !== null) {
      for (const [name, value] of Object.entries(rateLimitHeaders([decision]))) res.setHeader(name, value);
      const refused = rateLimitRefusal([decision]);
      if (refused !== null) {
        // The body is not read: the connection cannot carry another request.
        sendOAuthError(res, 429, 'rate_limited', refused.message, { Connection: 'close' });
        return null;
      }
    }
    const body = await readBounded(req, REGISTRATION_LIMITS.bodyBytes);
    if (body === null) {
      const limit = REGISTRATION_LIMITS.bodyBytes;
      const message = `The registration is over the ${limit} byte limit; real client metadata is a few hundred bytes.`;
      sendOAuthError(res, 400, 'invalid_client_metadata', message, { Connection: 'close' });
      return null;
    }
    const refusal = registrationSizeRefusal(parsedOrNull(body));
    if (refusal !== null) {
      sendOAuthError(res, 400, 'invalid_client_metadata', refusal);
      return null;
    }
    return replayed(req, body);
  };
}

/** The body, or null once it passes `maxBytes` (announced or counted); the rest is left unread. */
async function readBounded(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const announced = Number(req.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/** Invalid JSON is oidc-provider's to answer (`invalid_request`), as it always was. */
function parsedOrNull(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * The request again with its body already read: the same socket, head and URL, the bytes pushed
 * back, so oidc-provider parses it as it parses any request.
 */
function replayed(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method as string;
  copy.url = req.url as string;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  // Whole already: ending it must not read as an aborted request (which would close the socket).
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

function sendOAuthError(
  res: ServerResponse,
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ error, error_description: description });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}
