// @svc/core/second-factor — Second factors at sign-in: authenticator apps (TOTP, RFC 6238) with
// recovery codes, and passkeys (WebAuthn). This file is the area's contract.
export type { PasskeyCeremonies, PasskeyOptions, VerifiedPasskey } from './ports/passkey-ceremonies.js';
export type { SecondFactorStore, StoredPasskey, StoredTotp } from './ports/second-factor-store.js';
export { normalizeRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeFrom } from './recovery-codes.js';
export {
  base32Decode,
  base32Encode,
  type HmacSha1,
  hotp,
  matchingTotpStep,
  otpauthUri,
  TOTP_DIGITS,
  TOTP_DRIFT_STEPS,
  TOTP_STEP_SECONDS,
  totpStep,
} from './totp.js';
export {
  listPasskeys,
  PASSKEY_NAME_LENGTH,
  type PasskeyRegistration,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  resetSecondFactors,
} from './use-cases/manage-passkeys.js';
export type { SecondFactorDeps } from './use-cases/second-factor-deps.js';
export {
  endSecondFactorStep,
  passkeyOptionsForStep,
  passSecondFactorWithCode,
  passSecondFactorWithPasskey,
  SECOND_FACTOR_STEP_MS,
  SECOND_FACTOR_TRIES,
  type SecondFactorAnswer,
  type SecondFactorStep,
  secondFactorStep,
  startSecondFactorStep,
} from './use-cases/second-factor-step.js';
export {
  hasSecondFactor,
  mustSetUpSecondFactor,
  type SecondFactors,
  secondFactorsOf,
} from './use-cases/second-factors-of.js';
export {
  beginTotpSetup,
  confirmTotpSetup,
  pendingTotpSetup,
  type TotpConfirmation,
  type TotpSetup,
} from './use-cases/totp-setup.js';
