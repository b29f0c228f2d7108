import { describe, expect, it } from 'vitest';
import { aUser } from '../testing/builders.js';
import {
  checkApiAccess,
  checkCanSchedule,
  checkCanUpload,
  checkCanUseTools,
  DEFAULT_PLAN_LIMITS,
  isEntitled,
  isPlanRefusal,
  limitsFor,
  planStateAt,
  quotaWindowStart,
} from './entitlements.js';

const NOW = new Date('2026-05-10T12:00:00Z');
const trial = (endsAt: string) => aUser({ plan: { kind: 'trial', endsAt: new Date(endsAt) } });

describe('entitlements', () => {
  it('a trial is live until its end date, then expired', () => {
    expect(planStateAt(trial('2026-05-10T12:00:01Z'), NOW)).toBe('trial');
    expect(planStateAt(trial('2026-05-10T12:00:00Z'), NOW)).toBe('expired');
    expect(planStateAt(aUser({ plan: { kind: 'paid' } }), NOW)).toBe('paid');
    expect(planStateAt(aUser({ plan: { kind: 'expired' } }), NOW)).toBe('expired');
  });

  it('live trials, paid plans and beta testers are entitled; expired users are not', () => {
    expect(isEntitled(trial('2026-06-01T00:00:00Z'), NOW)).toBe(true);
    expect(isEntitled(aUser({ plan: { kind: 'paid' } }), NOW)).toBe(true);
    expect(isEntitled(aUser({ plan: { kind: 'expired' } }), NOW)).toBe(false);
    expect(isEntitled(trial('2026-01-01T00:00:00Z'), NOW)).toBe(false);
    expect(isEntitled(aUser({ plan: { kind: 'expired' }, betaTester: true }), NOW)).toBe(true);
  });

  it('refuses each surface with its own code when the plan has expired', () => {
    const expired = aUser({ plan: { kind: 'expired' } });
    expect(checkCanSchedule(expired, NOW)._unsafeUnwrapErr().code).toBe('plan_required');
    expect(checkCanUpload(expired, NOW)._unsafeUnwrapErr().code).toBe('upload_plan_required');
    expect(checkCanUseTools(expired, NOW)._unsafeUnwrapErr().code).toBe('plan_required');
    expect(checkApiAccess(expired).isOk()).toBe(true);
    const tester = { ...expired, betaTester: true };
    expect(checkCanSchedule(tester, NOW).isOk()).toBe(true);
    expect(checkCanUpload(tester, NOW).isOk()).toBe(true);
    expect(checkCanUseTools(tester, NOW).isOk()).toBe(true);
  });

  it('says what to do on a self-hosted server: ask the operator, who runs svc users set-plan', () => {
    const ended = trial('2026-05-01T00:00:00Z');
    const schedule = checkCanSchedule(ended, NOW)._unsafeUnwrapErr().message;
    expect(schedule).toBe(
      'Your trial has ended, so new posts cannot be scheduled. Ask the operator of this server to change your plan (svc users set-plan); reading your posts and accounts still works.',
    );
    expect(schedule).not.toContain('Choose a plan');
    expect(['plan_required', 'upload_plan_required', 'quota_exceeded'].map(isPlanRefusal)).toEqual([
      true,
      true,
      false,
    ]);
    expect(checkCanUpload(ended, NOW)._unsafeUnwrapErr().message).toContain(
      'media cannot be uploaded or imported. Ask the operator of this server',
    );
    expect(checkCanUseTools(aUser({ plan: { kind: 'expired' } }), NOW)._unsafeUnwrapErr().message).toMatch(
      /^Your plan has expired, so agent tools cannot be used\. Ask the operator of this server/,
    );
  });

  it('refuses a disabled user with api_access_disabled', () => {
    expect(checkApiAccess(aUser({ apiAccessDisabled: true }))._unsafeUnwrapErr().code).toBe(
      'api_access_disabled',
    );
  });

  it('picks limits by plan, beta testers getting the paid ones', () => {
    expect(limitsFor(trial('2026-06-01T00:00:00Z'), NOW)).toBe(DEFAULT_PLAN_LIMITS.trial);
    expect(limitsFor(aUser({ plan: { kind: 'paid' } }), NOW)).toBe(DEFAULT_PLAN_LIMITS.paid);
    expect(limitsFor(aUser({ plan: { kind: 'expired' }, betaTester: true }), NOW)).toBe(
      DEFAULT_PLAN_LIMITS.paid,
    );
  });

  it('counts the quota per calendar month in UTC', () => {
    expect(quotaWindowStart(new Date('2026-05-31T23:59:59.999Z'))).toEqual(new Date('2026-05-01T00:00:00Z'));
    expect(quotaWindowStart(new Date('2026-06-01T00:00:00Z'))).toEqual(new Date('2026-06-01T00:00:00Z'));
  });
});
