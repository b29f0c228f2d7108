import { describe, expect, it } from 'vitest';
import { firstSteps } from './first-steps.js';

const none = { draft: 0, pending_approval: 0, scheduled: 0, posted: 0, failed: 0 };
const done = (steps: ReturnType<typeof firstSteps>) => steps.map((s) => [s.key, s.done]);

describe('firstSteps', () => {
  it('walks a new person through connect, compose and schedule', () => {
    expect(done(firstSteps({ connectedAccounts: 0, postCounts: none }))).toEqual([
      ['connect', false],
      ['compose', false],
      ['schedule', false],
    ]);
    expect(done(firstSteps({ connectedAccounts: 1, postCounts: { ...none, draft: 1 } }))).toEqual([
      ['connect', true],
      ['compose', true],
      ['schedule', false],
    ]);
  });

  it('leaves once every step is done', () => {
    expect(firstSteps({ connectedAccounts: 2, postCounts: { ...none, posted: 3 } })).toEqual([]);
  });
});
