import { describe, expect, it } from 'vitest';
import { createSignInLimiter } from '../../limits/index.js';
import {
  createAesGcmSecretBox,
  createRandomIdGenerator,
  hmacSha1,
  sha256KeyHasher,
} from '../../node/index.js';
import { aUser, createFakeClock, createMemoryStore } from '../../testing/index.js';
import { base32Decode, hotp, totpStep } from '../totp.js';
import {
  passSecondFactorWithCode,
  SECOND_FACTOR_TRIES,
  startSecondFactorStep,
} from './second-factor-step.js';
import { beginTotpSetup, confirmTotpSetup } from './totp-setup.js';

async function setUp() {
  const clock = createFakeClock('2026-03-02T10:00:10Z');
  const store = createMemoryStore();
  const ids = createRandomIdGenerator(clock);
  const deps = {
    store,
    clock,
    ids,
    keyHasher: sha256KeyHasher,
    secretBox: createAesGcmSecretBox('a-master-secret-for-tests-only-0123456789'),
    hmacSha1,
    limiter: createSignInLimiter(store.rateLimits, clock),
  };
  const user = aUser({ email: 'ana@example.com' });
  await store.users.insertUser(user);
  const setup = await beginTotpSetup(deps, user, 'svc');
  if (setup === null) throw new Error('no set-up');
  const key = base32Decode(setup.secret);
  const codeAt = (offset = 0) => hotp(hmacSha1, key, totpStep(clock.now()) + offset);
  return { deps, user, setup, codeAt, clock };
}

describe('second factors: set-up and the sign-in step', () => {
  it('stores the secret sealed, confirms it with a code and shows ten recovery codes once', async () => {
    const { deps, user, setup, codeAt } = await setUp();
    const stored = await deps.store.secondFactors.getTotp(user.id);
    expect(stored?.sealedSecret).not.toContain(setup.secret);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(await startSecondFactorStep(deps, user)).toBeNull();
    expect(await confirmTotpSetup(deps, user, '000000')).toEqual({ kind: 'wrong_code' });
    const confirmed = await confirmTotpSetup(deps, user, codeAt());
    expect(confirmed.kind).toBe('confirmed');
    const codes = confirmed.kind === 'confirmed' ? confirmed.recoveryCodes : [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(await confirmTotpSetup(deps, user, codeAt())).toEqual({ kind: 'no_setup' });
    expect(await beginTotpSetup(deps, user, 'svc')).toBeNull();
  });

  it('refuses a code again within its window (replay), and the confirming code too', async () => {
    const { deps, user, codeAt, clock } = await setUp();
    const confirming = codeAt();
    await confirmTotpSetup(deps, user, confirming);
    const token = (await startSecondFactorStep(deps, user)) ?? '';
    expect(await passSecondFactorWithCode(deps, token, confirming, '10.0.0.1')).toEqual({
      kind: 'wrong',
      triesLeft: SECOND_FACTOR_TRIES - 1,
    });
    clock.advance(30_000);
    const fresh = codeAt();
    expect(await passSecondFactorWithCode(deps, token, fresh, '10.0.0.1')).toEqual({ kind: 'passed', user });
    // The step is gone once passed, and the same code is used up for any new step.
    expect(await passSecondFactorWithCode(deps, token, fresh, '10.0.0.1')).toEqual({ kind: 'expired' });
    const again = (await startSecondFactorStep(deps, user)) ?? '';
    expect((await passSecondFactorWithCode(deps, again, fresh, '10.0.0.1')).kind).toBe('wrong');
    // An earlier step's code (still inside the ±1 window) is refused once a later one was used.
    expect((await passSecondFactorWithCode(deps, again, codeAt(-1), '10.0.0.1')).kind).toBe('wrong');
  });

  it('accepts each recovery code once, typed with or without dashes and in capitals', async () => {
    const { deps, user, codeAt } = await setUp();
    const confirmed = await confirmTotpSetup(deps, user, codeAt());
    const [first = '', second = ''] = confirmed.kind === 'confirmed' ? confirmed.recoveryCodes : [];
    const step = async () => (await startSecondFactorStep(deps, user)) ?? '';
    expect(await passSecondFactorWithCode(deps, await step(), first.toUpperCase(), '10.0.0.2')).toEqual({
      kind: 'passed',
      user,
    });
    expect((await passSecondFactorWithCode(deps, await step(), first, '10.0.0.2')).kind).toBe('wrong');
    expect(
      (await passSecondFactorWithCode(deps, await step(), second.replace(/-/g, ''), '10.0.0.2')).kind,
    ).toBe('passed');
    expect(await deps.store.secondFactors.countRecoveryCodes(user.id)).toBe(8);
  });

  it('ends the step after five wrong codes, and the step expires after five minutes', async () => {
    const { deps, user, codeAt, clock } = await setUp();
    await confirmTotpSetup(deps, user, codeAt());
    const token = (await startSecondFactorStep(deps, user)) ?? '';
    for (let i = 1; i < SECOND_FACTOR_TRIES; i++)
      expect(await passSecondFactorWithCode(deps, token, 'aaaa-bbbb-cccc-dddd', '10.0.0.3')).toEqual({
        kind: 'wrong',
        triesLeft: SECOND_FACTOR_TRIES - i,
      });
    expect(await passSecondFactorWithCode(deps, token, '123456', '10.0.0.3')).toEqual({ kind: 'expired' });
    clock.advance(60_000);
    const late = (await startSecondFactorStep(deps, user)) ?? '';
    clock.advance(5 * 60_000);
    expect(await passSecondFactorWithCode(deps, late, codeAt(), '10.0.0.4')).toEqual({ kind: 'expired' });
  });
});
