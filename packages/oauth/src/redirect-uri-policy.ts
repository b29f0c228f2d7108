/** Hostnames of the loopback interface a native client may listen on (RFC 8252 section 7.3). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Schemes that are never a client's own, whatever they look like. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'vbscript:',
  'blob:',
  'about:',
  'ftp:',
  'ws:',
  'wss:',
]);

/** A private-use scheme is a reverse domain name (RFC 8252 section 7.1): `com.example.app:/cb`. */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;

/** What kind of callback a redirect URI is, under the registration policy. */
export type RedirectUriKind = 'https' | 'loopback' | 'private-use';

/**
 * Sorts a redirect URI a client registers, or says why it is refused. Accepted is what real MCP
 * clients send: https callbacks of hosted clients, http on the loopback interface with any port
 * (native apps listen on an ephemeral one), and private-use schemes of installed apps. Plain
 * http elsewhere would hand codes to anyone on the path; other schemes to other programs.
 */
export function classifyRedirectUri(uri: string): { kind: RedirectUriKind } | { refusal: string } {
  const parsed = URL.parse(uri);
  if (parsed === null) return { refusal: `redirect_uris must be absolute URIs; ${quote(uri)} is not one.` };
  if (parsed.hash !== '' || uri.includes('#')) {
    return { refusal: `redirect_uris must not contain a fragment (${quote(uri)}).` };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { refusal: `redirect_uris must not contain credentials (${quote(uri)}).` };
  }
  if (parsed.protocol === 'https:') {
    return parsed.hostname === ''
      ? { refusal: `redirect_uris need a host (${quote(uri)}).` }
      : { kind: 'https' };
  }
  if (parsed.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(parsed.hostname)
      ? { kind: 'loopback' }
      : {
          refusal: `redirect_uris may use http only on the loopback interface (127.0.0.1, [::1] or localhost); use https for ${quote(uri)}.`,
        };
  }
  if (FORBIDDEN_SCHEMES.has(parsed.protocol) || !PRIVATE_USE_SCHEME.test(parsed.protocol)) {
    return {
      refusal: `redirect_uris must be https, http on the loopback interface, or a private-use scheme named after a domain you own (such as com.example.app:/callback); ${quote(uri)} is none of these.`,
    };
  }
  return { kind: 'private-use' };
}

function quote(uri: string): string {
  return JSON.stringify(uri.length > 200 ? `${uri.slice(0, 200)}…` : uri);
}
