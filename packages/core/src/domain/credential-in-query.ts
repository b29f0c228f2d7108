import { API_KEY_SCAN_PATTERN } from './api-key.js';

/** Query parameter names under which clients habitually send credentials. */
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
 * Whether a query string (without the `?`) carries a credential: one of our API keys anywhere in
 * it, or a parameter named like a credential. Both surfaces refuse such requests rather than
 * ignore them: the caller must learn the key leaked into URLs and logs, and it is never read from
 * there (spec 5.2).
 */
export function hasCredentialInQuery(query: string): boolean {
  if (query === '') return false;
  API_KEY_SCAN_PATTERN.lastIndex = 0;
  if (API_KEY_SCAN_PATTERN.test(safelyDecoded(query))) return true;
  return [...new URLSearchParams(query).keys()].some((name) => CREDENTIAL_PARAMS.has(name.toLowerCase()));
}

function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // malformed escapes: look at the raw text
  }
}
