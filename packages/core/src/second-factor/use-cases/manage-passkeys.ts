import type { User } from '../../identity/index.js';
import type { StoredPasskey } from '../ports/second-factor-store.js';
import type { SecondFactorDeps } from './second-factor-deps.js';

// The registration's challenge waits server-side, one per person, for as long as a browser
// reasonably takes to ask the authenticator.
const KIND = 'PasskeyRegistration';
const REGISTRATION_MS = 5 * 60_000;
/** A passkey's name is the person's label in the list: short, one line. */
export const PASSKEY_NAME_LENGTH = 60;

type Deps = Pick<SecondFactorDeps, 'store' | 'clock' | 'passkeys'>;

/** Options for the browser to make a passkey for the person; null when passkeys are not offered. */
export async function passkeyRegistrationOptions(
  deps: Deps,
  user: User,
): Promise<Record<string, unknown> | null> {
  if (deps.passkeys === undefined) return null;
  const existing = await deps.store.secondFactors.listPasskeys(user.id);
  const { options, challenge } = await deps.passkeys.registrationOptions(user, existing);
  const expires = new Date(deps.clock.now().getTime() + REGISTRATION_MS);
  await deps.store.oauth.upsert(KIND, user.id, { accountId: user.id, challenge }, expires);
  return options;
}

/** The outcome of registering a passkey. */
export type PasskeyRegistration =
  | { readonly kind: 'registered'; readonly passkey: StoredPasskey }
  /** The answer did not verify, came after its challenge expired, or names a credential known already. */
  | { readonly kind: 'refused' };

/** Registers the passkey a browser made for the person's outstanding challenge (used once). */
export async function registerPasskey(
  deps: Deps,
  user: User,
  response: unknown,
  name: string,
): Promise<PasskeyRegistration> {
  const found = await deps.store.oauth.find(KIND, user.id);
  await deps.store.oauth.destroy(KIND, user.id);
  const now = deps.clock.now();
  const challenge = found?.payload.challenge;
  if (deps.passkeys === undefined || found === null || typeof challenge !== 'string')
    return { kind: 'refused' };
  if (found.expiresAt === null || found.expiresAt <= now) return { kind: 'refused' };
  const verified = await deps.passkeys.verifyRegistration(response, challenge);
  if (verified === null || (await deps.store.secondFactors.getPasskey(verified.id)) !== null)
    return { kind: 'refused' };
  const label = name.replace(/\s+/g, ' ').trim().slice(0, PASSKEY_NAME_LENGTH);
  const passkey: StoredPasskey = {
    ...verified,
    userId: user.id,
    name: label === '' ? 'Passkey' : label,
    createdAt: now,
    lastUsedAt: null,
  };
  await deps.store.secondFactors.addPasskey(passkey);
  return { kind: 'registered', passkey };
}

/** The person's passkeys, oldest first. */
export function listPasskeys(deps: Pick<SecondFactorDeps, 'store'>, user: User): Promise<StoredPasskey[]> {
  return deps.store.secondFactors.listPasskeys(user.id);
}

/** Removes one of the person's passkeys; false when it is not theirs or gone. */
export function removePasskey(
  deps: Pick<SecondFactorDeps, 'store'>,
  user: User,
  id: string,
): Promise<boolean> {
  return deps.store.secondFactors.removePasskey(user.id, id);
}

/**
 * The operator's reset for a person locked out (`svc users reset-second-factor`): every second
 * factor goes, so the password alone signs in (and, when one is required, sets a new one up).
 */
export function resetSecondFactors(deps: Pick<SecondFactorDeps, 'store'>, user: User): Promise<number> {
  return deps.store.secondFactors.removeAll(user.id);
}
