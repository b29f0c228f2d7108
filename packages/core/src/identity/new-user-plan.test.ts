import { describe, expect, it } from 'vitest';
import { chosenPlan, DEFAULT_NEW_USER_PLAN, MAX_TRIAL_DAYS } from './new-user-plan.js';

const NOW = new Date('2026-05-10T12:00:00Z');

describe('chosenPlan', () => {
  it('gives the paid plan by default: a self-hosted operator decides plans', () => {
    expect(chosenPlan({}, DEFAULT_NEW_USER_PLAN, NOW)._unsafeUnwrap()).toEqual({
      plan: { kind: 'paid' },
      fromSetting: true,
    });
  });

  it("follows an install that chose trials, with the setting's length", () => {
    expect(chosenPlan({}, { plan: 'trial', trialDays: 30 }, NOW)._unsafeUnwrap()).toEqual({
      plan: { kind: 'trial', endsAt: new Date('2026-06-09T12:00:00Z') },
      fromSetting: true,
    });
  });

  it('lets the operator name the plan, a length alone asking for a trial', () => {
    expect(chosenPlan({ plan: 'expired' }, DEFAULT_NEW_USER_PLAN, NOW)._unsafeUnwrap()).toEqual({
      plan: { kind: 'expired' },
      fromSetting: false,
    });
    expect(chosenPlan({ trialDays: 2 }, DEFAULT_NEW_USER_PLAN, NOW)._unsafeUnwrap().plan).toEqual({
      kind: 'trial',
      endsAt: new Date('2026-05-12T12:00:00Z'),
    });
    // Nothing for a length to end on a paid plan.
    expect(
      chosenPlan({ plan: 'paid', trialDays: 2 }, DEFAULT_NEW_USER_PLAN, NOW)._unsafeUnwrap().plan,
    ).toEqual({ kind: 'paid' });
  });

  it('refuses a trial length that is not a whole number of days in range', () => {
    for (const trialDays of [0, 1.5, MAX_TRIAL_DAYS + 1]) {
      expect(
        chosenPlan({ plan: 'trial', trialDays }, DEFAULT_NEW_USER_PLAN, NOW)._unsafeUnwrapErr(),
      ).toMatchObject({
        code: 'validation_failed',
        details: { field: 'trialDays' },
      });
    }
  });
});
