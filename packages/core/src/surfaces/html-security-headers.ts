/**
 * The headers every HTML page of the server sends (the console, the connect pages, the sandbox's
 * pages): scripts and styles only from the server itself, no inline ones, no framing by other
 * sites, forms only back to the server, no type sniffing, no full URLs leaked to other sites.
 */
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};
