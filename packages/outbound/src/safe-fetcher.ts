import { lookup as dnsLookup } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { FetchedFile, FetchRefusal, MediaFetcher } from '@svc/core';
import { fileTypeFromBuffer } from 'file-type';
import got, { MaxRedirectsError, type NormalizedOptions, type Request, type Response } from 'got';
import { addressPolicy, FetchRefusedError, guardedLookup } from './guarded-lookup.js';

/** Time limits of one download, in milliseconds. */
export type FetchTimeouts = {
  /** DNS resolution. Default 5 s. */
  readonly lookupMs: number;
  /** TCP connect, and separately the TLS handshake. Default 10 s. */
  readonly connectMs: number;
  /** From the request sent to the response headers. Default 15 s. */
  readonly responseMs: number;
  /** The longest silence on the socket, body included. Default 30 s. */
  readonly idleMs: number;
  /** The whole download, body included, so a trickling server cannot hold a worker. Default 5 min. */
  readonly totalMs: number;
};

/** Options of the safe fetcher. */
export type SafeFetcherOptions = {
  /**
   * Allows `http:` links and turns the address checks off. For tests and local development only:
   * with it, anyone who may import a link can make the server request its own private network.
   */
  readonly allowPrivate: boolean;
  /** Per-phase time limits; the defaults suit downloads of up to 50 MB. */
  readonly timeouts?: Partial<FetchTimeouts>;
  /** Redirects followed before giving up. Default 5. */
  readonly maxRedirects?: number;
  /** Replaces `dns.lookup` (tests make a public-looking name resolve to 127.0.0.1). Results are still checked. */
  readonly lookup?: LookupFunction;
  /**
   * Exact IP addresses let through although not public (an operator's own media host, or a
   * loopback test server with the checks otherwise on).
   */
  readonly allowAddresses?: readonly string[];
  /** TLS settings for tests: `certificateAuthority` REPLACES the system's trusted roots. */
  readonly https?: { readonly certificateAuthority?: string | Buffer };
};

const DEFAULT_TIMEOUTS: FetchTimeouts = {
  lookupMs: 5_000,
  connectMs: 10_000,
  responseMs: 15_000,
  idleMs: 30_000,
  totalMs: 300_000,
};

const USER_AGENT =
  'svc-media-fetcher/0.1 (self-hosted social post scheduler; fetches media links users import)';

/** How many first bytes a sniff reads: enough for every magic number file-type knows of our types. */
const SNIFF_BYTES = 4100;

type Outcome = { ok: true; file: FetchedFile } | { ok: false; refusal: FetchRefusal };

/**
 * A MediaFetcher on got that refuses to reach non-public addresses (SSRF), on every hop and on the
 * address actually connected to.
 */
export function createSafeFetcher(options: SafeFetcherOptions): MediaFetcher {
  const maxRedirects = options.maxRedirects ?? 5;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const policy = addressPolicy(options.allowPrivate, options.allowAddresses);
  const protocols = options.allowPrivate ? ['https:', 'http:'] : ['https:'];

  // Checks a hop before got connects. Host names are checked later, by the guarded lookup; IP
  // literals must be checked here because Node's net module connects to them without any lookup
  // (it uses the same isIP test to decide). Credentials in the link are dropped so none are sent.
  const checkHop = (hop: NormalizedOptions): void => {
    const url = hop.url;
    if (url === undefined) throw new FetchRefusedError({ kind: 'not_https', url: '' });
    if (!protocols.includes(url.protocol)) throw new FetchRefusedError({ kind: 'not_https', url: url.href });
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0) {
      const range = policy(host);
      if (range !== null) {
        throw new FetchRefusedError({
          kind: 'blocked_address',
          detail: `${host} is not a public address (${range})`,
        });
      }
    }
    hop.username = '';
    hop.password = '';
  };

  const client = got.extend({
    // Own agents without keep-alive: a pooled socket from elsewhere in the process (say, to a
    // private service the operator configured) must never be reused for a user's link, and every
    // request must connect, hence look up, afresh. Nor do they take a proxy from the environment
    // (Node's NODE_USE_ENV_PROXY applies to the global agents only): through a proxy, the address
    // checked would not be the one the request reaches.
    agent: { http: new HttpAgent({ keepAlive: false }), https: new HttpsAgent({ keepAlive: false }) },
    dnsLookup: guardedLookup(options.lookup ?? (dnsLookup as LookupFunction), policy),
    timeout: {
      lookup: timeouts.lookupMs,
      connect: timeouts.connectMs,
      secureConnect: timeouts.connectMs,
      response: timeouts.responseMs,
      socket: timeouts.idleMs,
      request: timeouts.totalMs,
    },
    retry: { limit: 0 },
    followRedirect: true,
    maxRedirects,
    throwHttpErrors: false,
    // No Accept-Encoding, so servers send identity bytes: Content-Length is then the real size and
    // no decompression bomb can inflate past the announced length.
    decompress: false,
    headers: { 'user-agent': USER_AGENT, accept: 'image/*, video/*;q=0.9, */*;q=0.5' },
    ...(options.https?.certificateAuthority === undefined
      ? {}
      : { https: { certificateAuthority: options.https.certificateAuthority } }),
    hooks: { beforeRequest: [checkHop], beforeRedirect: [checkHop] },
  });

  // Opens a link and waits for its response head; the body is left unread in the stream.
  async function open(
    link: string,
    headers: Record<string, string> = {},
  ): Promise<{ ok: true; stream: Request; response: Response } | { ok: false; refusal: FetchRefusal }> {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return { ok: false, refusal: { kind: 'not_https', url: link } };
    }
    if (!protocols.includes(url.protocol)) {
      return { ok: false, refusal: { kind: 'not_https', url: url.href } };
    }
    url.username = '';
    url.password = '';

    const stream = client.stream(url, { headers });
    // Keeps an error that arrives before the caller starts reading the body from crashing the
    // process; the body's iterator still sees it, because the stream is then destroyed with it.
    stream.on('error', () => {});
    const first = await firstResponse(stream);
    if ('error' in first) return { ok: false, refusal: refusalFor(first.error, maxRedirects) };
    const { response } = first;
    if (response.statusCode < 200 || response.statusCode > 299) {
      stream.destroy();
      return { ok: false, refusal: { kind: 'http_status', status: response.statusCode } };
    }
    return { ok: true, stream, response };
  }

  async function fetch(link: string, { maxBytes }: { readonly maxBytes: number }): Promise<Outcome> {
    const opened = await open(link);
    if (!opened.ok) return opened;
    const { stream, response } = opened;
    const announcedBytes = contentLength(response);
    if (announcedBytes !== null && announcedBytes > maxBytes) {
      stream.destroy();
      return { ok: false, refusal: { kind: 'too_large', maxBytes } };
    }
    return { ok: true, file: { body: bodyOf(stream), finalUrl: response.url, announcedBytes } };
  }

  // Asks for the first bytes only (servers that ignore Range send the whole file, of which only
  // the first bytes are read before the request is dropped).
  async function sniff(link: string): ReturnType<MediaFetcher['sniff']> {
    const opened = await open(link, { range: `bytes=0-${SNIFF_BYTES - 1}` });
    if (!opened.ok) return opened;
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of opened.stream) {
        chunks.push(chunk as Uint8Array);
        size += (chunk as Uint8Array).byteLength;
        if (size >= SNIFF_BYTES) break;
      }
    } catch (error) {
      if (size === 0) return { ok: false, refusal: refusalFor(error, maxRedirects) };
    } finally {
      opened.stream.destroy();
    }
    const head = Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
    return { ok: true, contentType: (await fileTypeFromBuffer(head))?.mime ?? null };
  }

  return { fetch, sniff };
}

function firstResponse(stream: Request): Promise<{ response: Response } | { error: unknown }> {
  return new Promise((resolve) => {
    stream.once('response', (response: Response) => resolve({ response }));
    stream.once('error', (error: unknown) => resolve({ error }));
  });
}

// Leaving the loop early (the blob store hit its limit) runs the stream iterator's return(), which
// destroys the request and frees the socket.
async function* bodyOf(stream: Request): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) yield chunk as Uint8Array;
}

function contentLength(response: Response): number | null {
  const header = response.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}

function refusalFor(error: unknown, maxRedirects: number): FetchRefusal {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof FetchRefusedError) return cause.refusal;
  }
  if (error instanceof MaxRedirectsError) {
    return { kind: 'too_many_redirects', limit: maxRedirects };
  }
  const code = error instanceof Error && 'code' in error ? `${String(error.code)}: ` : '';
  return { kind: 'unreachable', detail: `${code}${error instanceof Error ? error.message : String(error)}` };
}
