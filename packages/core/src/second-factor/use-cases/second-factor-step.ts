import type { User } from '../../identity/index.js';
import type { SignInLimiter } from '../../limits/index.js';
import { normalizeRecoveryCode } from '../recovery-codes.js';
import { base32Decode, matchingTotpStep } from '../totp.js';
import type { SecondFactorDeps } from './second-factor-deps.js';
import { hasSecondFactor, type SecondFactors, secondFactorsOf } from './second-factors-of.js';

// The pending step is a server-side record (with the OAuth server's, hashed like sessions, swept
// with them), so the browser holds only a random token: nothing it could forge into "passed".
const KIND = 'SecondFactorStep';
/** How long a person has between the password and the second factor. */
export const SECOND_FACTOR_STEP_MS = 5 * 60_000;
/** Wrong codes one step allows; then the password is asked again (the limiter counts too). */
export const SECOND_FACTOR_TRIES = 5;

type StepRecord = { accountId: string; createdAt: number; wrong: number; challenge?: string };

/** A pending second-factor step as its page sees it. */
export type SecondFactorStep = { readonly user: User; readonly factors: SecondFactors };

/** The outcome of an answer to the second-factor step. */
export type SecondFactorAnswer =
  | { readonly kind: 'passed'; readonly user: User }
  | { readonly kind: 'wrong'; readonly triesLeft: number }
  | { readonly kind: 'wait'; readonly retryAfterSeconds: number }
  /** No such step, or it expired or ran out of tries: sign in with the password again. */
  | { readonly kind: 'expired' };

type StepDeps = Pick<SecondFactorDeps, 'store' | 'clock' | 'ids' | 'keyHasher'>;

/**
 * After a correct password: the token of a pending second-factor step when the person has a
 * second factor, or null when the password is enough (a session may be made at once).
 */
export async function startSecondFactorStep(deps: StepDeps, user: User): Promise<string | null> {
  if (!hasSecondFactor(await secondFactorsOf(deps, user.id))) return null;
  const token = deps.ids.secret();
  const now = deps.clock.now().getTime();
  const record: StepRecord = { accountId: user.id, createdAt: now, wrong: 0 };
  await deps.store.oauth.upsert(
    KIND,
    deps.keyHasher.hash(token),
    record,
    new Date(now + SECOND_FACTOR_STEP_MS),
  );
  return token;
}

async function readStep(deps: StepDeps, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const id = deps.keyHasher.hash(token);
  const found = await deps.store.oauth.find(KIND, id);
  if (found === null || found.expiresAt === null || found.expiresAt <= deps.clock.now()) return null;
  const record = found.payload as StepRecord;
  const user = await deps.store.users.getUser(record.accountId);
  if (user === null || user.apiAccessDisabled) return null;
  return { id, record, user, expiresAt: found.expiresAt };
}

/** The pending step of a token, or null when there is none (unknown, expired, used). */
export async function secondFactorStep(deps: StepDeps, token: string): Promise<SecondFactorStep | null> {
  const step = await readStep(deps, token);
  return step === null ? null : { user: step.user, factors: await secondFactorsOf(deps, step.user.id) };
}

/** Ends a pending step (passed, or abandoned with "sign in again"). */
export async function endSecondFactorStep(deps: StepDeps, token: string): Promise<void> {
  await deps.store.oauth.destroy(KIND, deps.keyHasher.hash(token));
}

type Checked = { readonly ok: boolean };
type AnswerDeps = StepDeps & { readonly limiter: SignInLimiter };

// One path for every kind of answer: the shared sign-in allowance first, then the check, then a
// wrong answer counted against both the step and the allowance; a right one ends the step.
async function answer(
  deps: AnswerDeps,
  token: string,
  address: string,
  check: (user: User, record: StepRecord) => Promise<Checked>,
): Promise<SecondFactorAnswer> {
  const step = await readStep(deps, token);
  if (step === null) return { kind: 'expired' };
  const wait = await deps.limiter.admit(address, step.user.email);
  if (wait > 0) return { kind: 'wait', retryAfterSeconds: wait };
  const { ok } = await check(step.user, step.record);
  if (ok) {
    await deps.store.oauth.destroy(KIND, step.id);
    return { kind: 'passed', user: step.user };
  }
  await deps.limiter.recordFailure(address, step.user.email);
  const wrong = step.record.wrong + 1;
  if (wrong >= SECOND_FACTOR_TRIES) {
    await deps.store.oauth.destroy(KIND, step.id);
    return { kind: 'expired' };
  }
  await deps.store.oauth.upsert(KIND, step.id, { ...step.record, wrong }, step.expiresAt);
  return { kind: 'wrong', triesLeft: SECOND_FACTOR_TRIES - wrong };
}

/**
 * Answers the step with a code: six digits are an authenticator app's code, accepted once (its
 * step, and every earlier one, is used up); anything else is tried as a recovery code, each
 * accepted once.
 */
export function passSecondFactorWithCode(
  deps: AnswerDeps & Pick<SecondFactorDeps, 'secretBox' | 'hmacSha1'>,
  token: string,
  typed: string,
  address: string,
): Promise<SecondFactorAnswer> {
  return answer(deps, token, address, async (user) => {
    const code = typed.replace(/\s/g, '');
    const factors = deps.store.secondFactors;
    if (/^\d{6}$/.test(code)) {
      const totp = await factors.getTotp(user.id);
      if (totp === null || totp.confirmedAt === null) return { ok: false };
      const key = base32Decode(deps.secretBox.open(totp.sealedSecret));
      const step = matchingTotpStep(deps.hmacSha1, key, code, deps.clock.now());
      return { ok: step !== null && (await factors.useTotpStep(user.id, step)) };
    }
    const recovery = normalizeRecoveryCode(code);
    if (recovery === null) return { ok: false };
    return { ok: await factors.useRecoveryCode(user.id, deps.keyHasher.hash(recovery), deps.clock.now()) };
  });
}

/** Options for the browser to sign the step with one of the person's passkeys; null when it cannot. */
export async function passkeyOptionsForStep(
  deps: StepDeps & Pick<SecondFactorDeps, 'passkeys'>,
  token: string,
): Promise<Record<string, unknown> | null> {
  const step = await readStep(deps, token);
  if (step === null || deps.passkeys === undefined) return null;
  const passkeys = await deps.store.secondFactors.listPasskeys(step.user.id);
  if (passkeys.length === 0) return null;
  const { options, challenge } = await deps.passkeys.authenticationOptions(passkeys);
  // The challenge lives in the step's record: one outstanding challenge per step, used once.
  await deps.store.oauth.upsert(KIND, step.id, { ...step.record, challenge }, step.expiresAt);
  return options;
}

/** Answers the step with a passkey's signature over the step's challenge. */
export function passSecondFactorWithPasskey(
  deps: AnswerDeps & Pick<SecondFactorDeps, 'passkeys'>,
  token: string,
  response: unknown,
  address: string,
): Promise<SecondFactorAnswer> {
  return answer(deps, token, address, async (user, record) => {
    const ceremonies = deps.passkeys;
    const id = ceremonies?.credentialIdOf(response) ?? null;
    if (ceremonies === undefined || record.challenge === undefined || id === null) return { ok: false };
    const passkey = await deps.store.secondFactors.getPasskey(id);
    if (passkey === null || passkey.userId !== user.id) return { ok: false };
    const counter = await ceremonies.verifyAuthentication(response, record.challenge, passkey);
    if (counter === null) return { ok: false };
    return { ok: await deps.store.secondFactors.usePasskey(id, counter, deps.clock.now()) };
  });
}
