import { describe, expect, it } from 'vitest';
import { aUser } from '../testing/builders.js';
import { newUserPlanNote } from './new-user-plan-note.js';

describe('newUserPlanNote', () => {
  const setting = { plan: 'trial', trialDays: 14 } as const;

  it("says what the install's setting gave, and nothing when the operator chose", () => {
    const trial = aUser({ plan: { kind: 'trial', endsAt: new Date('2026-02-01T00:00:00.000Z') } });
    expect(newUserPlanNote({}, trial, setting)).toMatch(/a trial of 14 days.*2026-02-01T00:00:00.000Z/);
    expect(newUserPlanNote({}, aUser({ plan: { kind: 'paid' } }), setting)).toMatch(/^No --plan given: paid/);
    expect(newUserPlanNote({ plan: 'paid' }, aUser(), setting)).toBeNull();
    expect(newUserPlanNote({ trialDays: 3 }, trial, setting)).toBeNull();
  });
});
