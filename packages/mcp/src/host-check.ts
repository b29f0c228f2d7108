import type { IncomingMessage } from 'node:http';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * DNS-rebinding protection: a request is served only when its Host (and Origin, when a browser
 * sends one) names the public host of `SVC_BASE_URL`. Behind a proxy the public host arrives in
 * `X-Forwarded-Host`, read only when the proxy is trusted. A loopback base also admits every
 * loopback name on any port, since a local server is reached as localhost or 127.0.0.1 alike.
 */
export function createHostCheck(baseUrl: string, trustProxy: boolean): (req: IncomingMessage) => boolean {
  const base = new URL(baseUrl);
  const publicHost = base.host.toLowerCase();
  const loopback = LOOPBACK_NAMES.has(base.hostname.toLowerCase());
  const allowed = (host: string): boolean => {
    const lower = host.toLowerCase();
    if (lower === publicHost) return true;
    return loopback && LOOPBACK_NAMES.has(hostnameOf(lower));
  };
  return (req) => {
    const forwarded = trustProxy ? firstValue(req.headers['x-forwarded-host']) : undefined;
    const host = forwarded ?? req.headers.host;
    if (host === undefined || !allowed(host)) return false;
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    try {
      return allowed(new URL(origin).host);
    } catch {
      return false; // "null" or garbage: a sandboxed or forged page
    }
  };
}

function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}
