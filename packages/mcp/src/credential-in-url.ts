import { API_KEY_SCAN_PATTERN } from '@svc/core';

/** Query parameter names under which clients habitually send credentials (as the REST API checks). */
const CREDENTIAL_PARAMS = new Set([
  'api_key',
  'apikey',
  'api-key',
  'key',
  'token',
  'access_token',
  'auth',
  'authorization',
  'bearer',
]);

/**
 * Whether a URL's query carries a credential. Such requests are refused, not served: the caller
 * must learn the key leaked into URLs and logs (spec 5.2), and it is never read from there.
 */
export function hasCredentialInUrl(url: string): boolean {
  const query = url.indexOf('?');
  if (query === -1 || query === url.length - 1) return false;
  const text = url.slice(query + 1);
  API_KEY_SCAN_PATTERN.lastIndex = 0;
  if (API_KEY_SCAN_PATTERN.test(safelyDecoded(text))) return true;
  return [...new URLSearchParams(text).keys()].some((name) => CREDENTIAL_PARAMS.has(name.toLowerCase()));
}

function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
