import type { User } from '../../identity/index.js';
import { RECOVERY_CODE_COUNT, recoveryCodeFrom } from '../recovery-codes.js';
import { base32Decode, matchingTotpStep, otpauthUri } from '../totp.js';
import type { SecondFactorDeps } from './second-factor-deps.js';

/** An authenticator app set-up in progress: the secret to type or scan. */
export type TotpSetup = { readonly secret: string; readonly uri: string };

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// 32 base32 characters are 160 bits, the HMAC-SHA-1 key length RFC 4226 recommends; each comes
// from one character of a 256-bit secret (64 values onto 32, so every letter is equally likely).
function newTotpSecret(secret: string): string {
  return [...secret.slice(0, 32)].map((c) => BASE32[BASE64URL.indexOf(c) % 32]).join('');
}

/**
 * Starts (or restarts) setting an authenticator app up: a new secret, sealed at rest, unconfirmed
 * until a first code proves the app has it. Null when the person has a confirmed app already.
 */
export async function beginTotpSetup(
  deps: Pick<SecondFactorDeps, 'store' | 'ids' | 'secretBox'>,
  user: User,
  issuer: string,
): Promise<TotpSetup | null> {
  const secret = newTotpSecret(deps.ids.secret());
  const stored = await deps.store.secondFactors.putUnconfirmedTotp(user.id, deps.secretBox.seal(secret));
  return stored ? { secret, uri: otpauthUri(issuer, user.email, secret) } : null;
}

/** The set-up in progress (to show again after a wrong code); null when none. */
export async function pendingTotpSetup(
  deps: Pick<SecondFactorDeps, 'store' | 'secretBox'>,
  user: User,
  issuer: string,
): Promise<TotpSetup | null> {
  const totp = await deps.store.secondFactors.getTotp(user.id);
  if (totp === null || totp.confirmedAt !== null) return null;
  const secret = deps.secretBox.open(totp.sealedSecret);
  return { secret, uri: otpauthUri(issuer, user.email, secret) };
}

/** The outcome of confirming a set-up. */
export type TotpConfirmation =
  /** Confirmed: the recovery codes, shown this once (only their hashes are kept). */
  | { readonly kind: 'confirmed'; readonly recoveryCodes: readonly string[] }
  | { readonly kind: 'wrong_code' }
  /** No set-up in progress (finished in another tab, or never started). */
  | { readonly kind: 'no_setup' };

/**
 * Confirms the set-up with a code from the app. The code's step counts as used, so the same code
 * cannot sign in afterwards; ten new recovery codes replace any the person had.
 */
export async function confirmTotpSetup(
  deps: Pick<SecondFactorDeps, 'store' | 'clock' | 'ids' | 'keyHasher' | 'secretBox' | 'hmacSha1'>,
  user: User,
  code: string,
): Promise<TotpConfirmation> {
  const totp = await deps.store.secondFactors.getTotp(user.id);
  if (totp === null || totp.confirmedAt !== null) return { kind: 'no_setup' };
  const now = deps.clock.now();
  const key = base32Decode(deps.secretBox.open(totp.sealedSecret));
  const step = matchingTotpStep(deps.hmacSha1, key, code.replace(/\s/g, ''), now);
  if (step === null) return { kind: 'wrong_code' };
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFrom(deps.ids.secret()));
  const hashes = codes.map((code) => deps.keyHasher.hash(code.replace(/-/g, '')));
  const confirmed = await deps.store.secondFactors.confirmTotp(user.id, step, now, hashes);
  return confirmed ? { kind: 'confirmed', recoveryCodes: codes } : { kind: 'no_setup' };
}
