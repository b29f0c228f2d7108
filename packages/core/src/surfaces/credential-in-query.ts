import { API_KEY_SCAN_PATTERN } from '../identity/index.js';
import { type SvcError, svcError } from '../kernel/index.js';

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

/**
 * How a request whose URL query carries a credential is refused, or null when it carries none.
 * The URL is never read for a key, so without an `Authorization` header the request has no
 * credential at all: `missing_api_key` (401, spec 5.1). With one, it sent a token two ways, which
 * RFC 6750 section 2 forbids: `api_key_in_url` (400, `invalid_request`). Either way the message
 * says the key leaked into the URL and must be revoked. It never repeats the credential.
 */
export function credentialInQueryRefusal(query: string, authorization: string | undefined): SvcError | null {
  if (!hasCredentialInQuery(query)) return null;
  if ((authorization ?? '').trim() === '') {
    return svcError(
      'missing_api_key',
      'A key or token was seen in the URL, and keys are never accepted there. Send it as "Authorization: Bearer <key>", and revoke the key you sent: URLs end up in logs.',
    );
  }
  return svcError(
    'api_key_in_url',
    'A key or token was seen in the URL as well as in the Authorization header. Keys are never accepted in the URL: send only the header, and revoke the key you put in the URL: URLs end up in logs.',
  );
}
