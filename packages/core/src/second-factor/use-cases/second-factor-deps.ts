import type { CoreDeps } from '../../deps/index.js';
import type { PasskeyCeremonies } from '../ports/passkey-ceremonies.js';
import type { HmacSha1 } from '../totp.js';

/** What the second-factor use cases need: the store, time, secrets, hashing and the two ceremonies. */
export type SecondFactorDeps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'keyHasher' | 'secretBox'> & {
  /** HMAC-SHA-1 for TOTP codes (`hmacSha1` of `@svc/core/node`). */
  readonly hmacSha1: HmacSha1;
  /** The WebAuthn ceremonies; absent: passkeys are neither offered nor accepted. */
  readonly passkeys?: PasskeyCeremonies;
};
