import type { SecondFactorDeps } from './second-factor-deps.js';

/** Which second factors a person has set up. */
export type SecondFactors = {
  /** A confirmed authenticator app. */
  readonly totp: boolean;
  readonly passkeys: number;
  /** Unused recovery codes (they come with the authenticator app). */
  readonly recoveryCodes: number;
};

/** The person's second factors. */
export async function secondFactorsOf(
  deps: Pick<SecondFactorDeps, 'store'>,
  userId: string,
): Promise<SecondFactors> {
  const factors = deps.store.secondFactors;
  const [totp, passkeys, recoveryCodes] = await Promise.all([
    factors.getTotp(userId),
    factors.listPasskeys(userId),
    factors.countRecoveryCodes(userId),
  ]);
  return { totp: totp?.confirmedAt != null, passkeys: passkeys.length, recoveryCodes };
}

/** Whether a person has a second factor to pass (recovery codes alone do not make one). */
export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totp || factors.passkeys > 0;
}

/**
 * Whether the person must set a second factor up before using the console: when the operator
 * requires one (`SVC_REQUIRE_SECOND_FACTOR`) and they have none.
 */
export function mustSetUpSecondFactor(required: boolean, factors: SecondFactors): boolean {
  return required && !hasSecondFactor(factors);
}
