import type { ServerResponse } from 'node:http';
import { HTML_SECURITY_HEADERS } from '@svc/core';

/**
 * The headers every page (and every asset) of ours is sent with: the policy of
 * `HTML_SECURITY_HEADERS`, and never cached, since pages show a person's own data. `overrides`
 * (lower-case names) replace single headers where a surface needs another policy.
 */
export function pageSecurityHeaders(
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return { ...HTML_SECURITY_HEADERS, 'cache-control': 'no-store', ...overrides };
}

/** Sets `pageSecurityHeaders(overrides)` on a response not yet sent. */
export function applySecurityHeaders(
  res: Pick<ServerResponse, 'setHeader'>,
  overrides: Readonly<Record<string, string>> = {},
): void {
  for (const [name, value] of Object.entries(pageSecurityHeaders(overrides))) res.setHeader(name, value);
}
