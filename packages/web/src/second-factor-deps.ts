import type { SecondFactorDeps } from '@svc/core';
import { hmacSha1 } from '@svc/core/node';
import { createPasskeyCeremonies } from './simplewebauthn-ceremonies.js';
import type { SurfaceDeps } from './surface-deps.js';

/** The name authenticators show for this service's passkeys and codes. */
export const SECOND_FACTOR_ISSUER = 'svc';

/**
 * What the second-factor use cases run with on a surface: the core's parts, HMAC-SHA-1 for codes,
 * and the WebAuthn ceremonies for the surface's base URL (its host is the passkeys' rp id).
 */
export function secondFactorDeps(surface: Pick<SurfaceDeps, 'core' | 'baseUrl'>): SecondFactorDeps {
  return {
    ...surface.core,
    hmacSha1,
    passkeys: createPasskeyCeremonies(surface.baseUrl, SECOND_FACTOR_ISSUER),
  };
}
