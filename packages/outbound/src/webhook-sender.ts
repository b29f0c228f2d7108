import { lookup as dnsLookup } from 'node:dns';
import { Agent as HttpAgent, validateHeaderName, validateHeaderValue } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '@svc/core';
import got, { type Request, type Response } from 'got';
import { type AddressPolicy, addressPolicy, FetchRefusedError, guardedLookup } from './guarded-lookup.js';
import { parseRetryAfter } from './retry-after.js';

/** Options of the webhook sender (as for the safe fetcher). */
export type WebhookSenderOptions = {
  /**
   * Allows `http:` endpoints and turns the address checks off, like SVC_UNSAFE_ALLOW_PRIVATE_FETCH.
   * For tests and local development only: with it, anyone who may subscribe a URL can make the
   * server post to its own private network.
   */
  readonly allowPrivate: boolean;
  /** The whole exchange: lookup, connect, TLS, response head and the excerpt. Default 15 s. */
  readonly timeoutMs?: number;
  /** Replaces `dns.lookup` (tests make a public-looking name resolve to 127.0.0.1). Results are still checked. */
  readonly lookup?: LookupFunction;
  /** Exact IP addresses let through although not public (a loopback test receiver with the checks on). */
  readonly allowAddresses?: readonly string[];
  /** TLS settings for tests: `certificateAuthority` REPLACES the system's trusted roots. */
  readonly https?: { readonly certificateAuthority?: string | Buffer };
  /** Sent as `user-agent` on every delivery. */
  readonly userAgent?: string;
};

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_USER_AGENT = 'svc-webhooks/0.1 (+self-hosted social post scheduler)';
/** The excerpt kept of an answer, in characters (WebhookResponse.excerpt). */
const EXCERPT_CHARS = 1024;
/** Bytes read at most for it: 1,024 characters of UTF-8 take at most 4 KiB. */
const EXCERPT_BYTES = 4096;
const MAX_URL_LENGTH = 2000;
// Names that never reach a public host: RFC 6761 localhost, RFC 6762 mDNS, and `.internal`, which
// ICANN reserves for private use (GCP's metadata.google.internal among others).
const LOCAL_NAME = /^localhost$|\.(localhost|internal|local)$/;
// The sender frames the body itself, and the host header must name the host connected to.
const FRAMING_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

type Refusal = { readonly reason: 'not_https' | 'blocked_address'; readonly sentence: string };

/**
 * A WebhookSender on got that posts only to public https endpoints (SSRF guards shared with the
 * media fetcher, checked on the address actually connected to), follows no redirect, holds each
 * delivery to one time limit and reads at most a few KB of the answer. `send` never rejects.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const policy = addressPolicy(options.allowPrivate, options.allowAddresses);
  const lookup = guardedLookup(options.lookup ?? (dnsLookup as LookupFunction), policy);
  const refusalOf = (url: URL) => urlRefusal(url, options.allowPrivate, policy);

  const client = got.extend({
    // Own agents, without keep-alive: every delivery connects, hence looks up and is checked,
    // afresh; no socket pooled elsewhere in the process is reused; no proxy is taken from the
    // environment (the address checked would not be the one reached); and with no socket limit,
    // a receiver that answers slowly holds only its own connections.
    agent: { http: new HttpAgent({ keepAlive: false }), https: new HttpsAgent({ keepAlive: false }) },
    dnsLookup: lookup,
    // One budget for the whole exchange, body included (got's request timeout ends with the body).
    timeout: { request: timeoutMs },
    retry: { limit: 0 },
    followRedirect: false,
    throwHttpErrors: false,
    enableUnixSockets: false,
    // No Accept-Encoding, so the excerpt is the text itself, never compressed bytes.
    decompress: false,
    ...(options.https?.certificateAuthority === undefined
      ? {}
      : { https: { certificateAuthority: options.https.certificateAuthority } }),
  });

  async function send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    const failed = (reason: Refusal['reason'] | 'timeout' | 'unreachable', detail: string) =>
      ({ kind: 'failed', reason, detail, durationMs: durationMs() }) as const;

    const url = URL.parse(request.url);
    if (url === null) return failed('not_https', NOT_A_URL);
    const refusal = refusalOf(url);
    if (refusal !== null) return failed(refusal.reason, refusal.sentence);
    // checkUrl keeps credentials out of subscriptions; should one slip through, it is not sent.
    url.username = '';
    url.password = '';
    const headers = headersFor(request.headers, userAgent);
    if (typeof headers === 'string') return failed('unreachable', headers);

    let stream: Request | undefined;
    try {
      stream = client.stream.post(url, { body: request.body, headers });
      // An error before the excerpt is read must not crash the process; the reads below see it.
      stream.on('error', () => {});
      const response = await responseOf(stream);
      const excerpt = await readExcerpt(stream);
      const status = response.statusCode;
      return {
        kind: 'answered',
        status,
        retryAfterMs:
          status === 429 || status === 503
            ? parseRetryAfter(response.headers['retry-after'], Date.now())
            : null,
        excerpt,
        durationMs: durationMs(),
      };
    } catch (error) {
      const failure = failureOf(error, timeoutMs);
      return failed(failure.reason, failure.detail);
    } finally {
      stream?.destroy();
    }
  }

  async function checkUrl(link: string): Promise<string | null> {
    if (link.length > MAX_URL_LENGTH) return 'The URL is longer than 2,000 characters.';
    const url = URL.parse(link);
    if (url === null) return NOT_A_URL;
    const refusal = refusalOf(url);
    if (refusal !== null) return refusal.sentence;
    const credentials = url.username !== '' || url.password !== '';
    if (credentials) return 'The URL must not contain a user name or password.';
    const host = hostOf(url);
    if (isIP(host) !== 0) return null;
    const resolved = await resolveWithin(lookup, host, timeoutMs);
    if (resolved === 'ok') return null;
    if (resolved instanceof FetchRefusedError && resolved.refusal.kind === 'blocked_address') {
      return `${resolved.refusal.detail}, which is not a public address.`;
    }
    return `${host} could not be resolved.`;
  }

  return { send, checkUrl };
}

const NOT_A_URL = 'The URL is not a valid absolute URL.';

/** What refuses a URL before any lookup: its scheme, a local name, a literal address that is not public. */
function urlRefusal(url: URL, allowPrivate: boolean, policy: AddressPolicy): Refusal | null {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    const sentence = allowPrivate ? 'The URL must use https or http.' : 'The URL must use https.';
    return { reason: 'not_https', sentence };
  }
  const host = hostOf(url);
  // Node connects to an IP literal without any lookup, so the guarded lookup never sees it.
  if (isIP(host) !== 0) {
    const range = policy(host);
    return range === null
      ? null
      : { reason: 'blocked_address', sentence: `${host} is not a public address (${range}).` };
  }
  if (!allowPrivate && LOCAL_NAME.test(host.replace(/\.$/, ''))) {
    return { reason: 'blocked_address', sentence: `${host} is a local host name, not a public one.` };
  }
  return null;
}

/** The host name or IP address of a URL, without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** The headers to send, or why they cannot be (a name only: values may be secrets). */
function headersFor(
  given: Readonly<Record<string, string>>,
  userAgent: string,
): Record<string, string> | string {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(given)) {
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch {
      return `The request header ${JSON.stringify(name.slice(0, 64))} is not valid.`;
    }
    if (!FRAMING_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  headers['user-agent'] = userAgent;
  return headers;
}

function responseOf(stream: Request): Promise<Response> {
  return new Promise((resolve, reject) => {
    stream.once('response', resolve);
    stream.once('error', reject);
  });
}

/**
 * The start of the body as text: at most EXCERPT_BYTES are read (one chunk may overshoot; the rest
 * of the body is never read, the request is destroyed), decoded as UTF-8 leniently.
 */
async function readExcerpt(stream: Request): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
    if (size >= EXCERPT_BYTES) break;
  }
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  // When cut short, a character split at the cut is dropped rather than shown as U+FFFD.
  const text = new TextDecoder('utf-8').decode(bytes, { stream: size >= EXCERPT_BYTES });
  return excerptOf(text);
}

/** At most EXCERPT_CHARS characters, never half a surrogate pair, with control characters (NUL, ESC …) made visible. */
function excerptOf(text: string): string {
  let excerpt = text.slice(0, EXCERPT_CHARS);
  if (/[\uD800-\uDBFF]$/.test(excerpt)) excerpt = excerpt.slice(0, -1);
  // Excerpts end up in databases (PostgreSQL text refuses NUL) and on people's terminals.
  return excerpt.replace(/\p{Cc}/gu, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : '\uFFFD'));
}

function failureOf(
  error: unknown,
  timeoutMs: number,
): { reason: 'timeout' | 'blocked_address' | 'unreachable'; detail: string } {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof FetchRefusedError && cause.refusal.kind === 'blocked_address') {
      return { reason: 'blocked_address', detail: cause.refusal.detail };
    }
  }
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if ((error instanceof Error && error.name === 'TimeoutError') || code === 'ETIMEDOUT') {
    return { reason: 'timeout', detail: `No complete answer within ${timeoutMs} ms.` };
  }
  return { reason: 'unreachable', detail: shortDetail(error, code) };
}

/** The error's code and first line, without query strings, at most 200 characters (never a stack). */
function shortDetail(error: unknown, code: string): string {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  const text = code !== '' && !message.includes(code) ? `${code}: ${message}` : message;
  return text.replace(/(\bhttps?:\/\/[^\s?#]*)[?#]\S*/gi, '$1').slice(0, 200);
}

/** Resolves a name through the guarded lookup: 'ok', or the error (a refusal, or the DNS failure; null on time-out). */
async function resolveWithin(
  lookup: LookupFunction,
  host: string,
  timeoutMs: number,
): Promise<'ok' | Error | null> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const resolved = new Promise<'ok' | Error>((resolve) => {
    lookup(host, { all: true }, (error) => resolve(error ?? 'ok'));
  });
  try {
    return await Promise.race([resolved, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
