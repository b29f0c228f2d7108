import type { TokenPayload } from './signed-token.js';

/**
 * Whether the token holds one of `scopes`. A token carrying no scope list (minted without one, or
 * from a consent that named none) holds every scope, so older tokens keep working.
 */
export function holdsScope(token: TokenPayload, scopes: readonly string[]): boolean {
  if (token.s === undefined) return true;
  const held = new Set(token.s.split(/[\s,]+/).filter((scope) => scope !== ''));
  return scopes.some((scope) => held.has(scope));
}
